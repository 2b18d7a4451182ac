"""Trajan's screens in words (issue 17: "every icon is a word", "coach texts for every Trajan
decision kind", "help with the rules in player words, the legend, the rulings, and the note
that the component data come from public transcriptions")."""

from __future__ import annotations

import random
import re

import pytest

from forum_trajanum.trajan import data as D
from forum_trajanum.trajan.rules import apply, is_over, legal_actions, new_game
from forum_trajanum.trajan.screens import choice_words, decision_title
from forum_trajanum.trajan.state import TrajanOptions
from forum_trajanum.trajan.tasks import TASKS
from forum_trajanum.trajan.view import view
from forum_trajanum.tui.coach import explanation

#: What must never reach a player: a code, an index, a Python value.
NOT_WORDS = re.compile(r"None|-1\b|\[\]|\{|\}|Task\(|<|>")


def test_every_decision_kind_has_a_title_and_a_coach_explanation():
    for kind, rule in TASKS.decisions.items():
        assert rule.record.title, f"{kind} has no title"
        assert len(rule.record.explain.split()) >= 15, f"{kind} has no coach text"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_choice_of_random_games_is_in_words(players):
    rng = random.Random(players)
    state = new_game(players, TrajanOptions(players=players))
    kinds = set()
    while not is_over(state):
        seat = state.decider
        pv = view(state, seat)
        assert pv.legal == legal_actions(state)
        title, text = explanation(pv)
        assert text == pv.task.explain and title
        words = decision_title(pv)
        assert words and not NOT_WORDS.search(words), words
        for action in pv.legal:
            said = choice_words(pv, action)
            assert said != str(action) or action.kind == "pass", f"no words for {action}"
            assert not NOT_WORDS.search(said), said
        kinds.add(state.decision)
        apply(state, rng.choice(legal_actions(state)))
    assert {"markers", "card", "start", "source", "act"} <= kinds


async def test_the_help_has_the_rules_the_rulings_and_the_data_notice(tmp_path, monkeypatch):
    from forum_trajanum.trajan.help import TrajanHelpScreen
    from forum_trajanum.tui.app import ForumApp
    from tests.tui.conftest import screen_text

    monkeypatch.setenv("FORUM_TRAJANUM_HOME", str(tmp_path))
    app = ForumApp(bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        app.push_screen(TrajanHelpScreen("rules"))
        await pilot.pause()
        assert "action circle" in screen_text(app)
        await pilot.press("4")
        await pilot.pause()
        shown = " ".join(screen_text(app).split())
        assert "R1" in shown and "Where the rulebooks leave a question open" in shown
        await pilot.press("end")
        await pilot.pause()
        # the last ruling and the notice at the bottom of the tab (lines joined, borders out)
        bottom = " ".join(screen_text(app).replace("█", " ").split())
        assert D.DATA_NOTICE in bottom and "R35" in bottom
        assert bottom.index("R34") < bottom.index("R35")  # in their order, not as text
        await pilot.press("2")
        await pilot.pause()
        assert all(f"{code} " in screen_text(app) for code in D.COLOUR_CODES)
