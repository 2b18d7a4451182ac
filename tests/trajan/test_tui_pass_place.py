"""One place for Pass in every Trajan list, and the "(its Trajan tile still needs it)" note on
every tray whose tile needs the colour (issue 36.6: Pass stood 4th in the Seaport's list,
between its card entries, first in the extra action's, last elsewhere; the note came on the
target tray only)."""

from __future__ import annotations

import random

import pytest

from forum_trajanum.core.session import GameSession
from forum_trajanum.games.trajan import data as D
from forum_trajanum.games.trajan.engine import words as W
from forum_trajanum.games.trajan.engine.rules import apply, is_over, legal_actions, new_game
from forum_trajanum.games.trajan.engine.state import TrajanOptions
from forum_trajanum.games.trajan.engine.view import view
from forum_trajanum.games.trajan.ui.choices import list_entries
from forum_trajanum.games.trajan.ui.playscreen import TrajanScreen
from forum_trajanum.tui.app import ForumApp
from forum_trajanum.tui.screens import HandOverScreen
from tests.waiting import wait_for


@pytest.fixture(autouse=True)
def save_home(tmp_path, monkeypatch):
    monkeypatch.setenv("FORUM_TRAJANUM_HOME", str(tmp_path / "home"))


def _decisions(seed: int, players: int):
    """Every decision of a random game, as (state, the deciding seat's view)."""
    rng = random.Random(seed)
    state = new_game(seed, TrajanOptions(players=players))
    while not is_over(state):
        yield state, view(state, state.decider)
        apply(state, rng.choice(legal_actions(state)))


@pytest.mark.parametrize("seed", range(3))
def test_pass_is_the_last_entry_of_every_list_that_has_it(seed):
    # EN l.191-239: an action may be passed; wherever the engine lists the pass (after the
    # free choices of an action, first for an extra action tile, last for a special effect)
    # the list shows it last, and the other entries keep the engine's order
    kinds = set()
    for _state, v in _decisions(seed, 2 + seed):
        legal = v.legal
        if not any(a.kind == "pass" for a in legal):
            continue
        entries = [i for i, _ in list_entries(v, legal, None)]
        assert entries[-1] == "pass", (v.task, entries)
        assert entries.count("pass") == 1
        others = [str(a) for a in legal if a.kind != "pass"]
        assert [e for e in entries if e in others] == [o for o in others if o in entries]
        kinds.add(v.task.kind)
    assert "act" in kinds


@pytest.mark.parametrize("seed", range(3))
def test_the_needs_it_note_is_on_every_tray_whose_tile_needs_the_colour(seed):
    # EN l.219: a tray's Trajan tile is accomplished by markers of its colours; each sowing
    # choice says so of the tray the marker goes into (the target or another)
    elsewhere = 0
    for _state, v in _decisions(seed, 2 + seed):
        if v.decision != "sow":
            continue
        task, pl = v.tasks[-1], v.players[v.decider]
        tile = pl.slots[task.tray]
        for action in v.legal:
            said = W.sow_words(v, action)
            wants = tile >= 0 and pl.trays[task.tray][action.colour] < (
                D.TRAJAN_TILES[tile].colours.count(action.colour)
            )
            assert ("(its Trajan tile still needs it)" in said) == wants, said
            elsewhere += wants and task.tray != task.target
    assert elsewhere > 0


def _at_a_seaport_with_cards(seed: int) -> GameSession:
    """A hot-seat game at a Seaport action whose list has cards to display."""
    session = GameSession.new(
        seed, TrajanOptions(players=2), ["Ann", "Bob"], ["", ""], autosave=False, game="trajan"
    )
    rng = random.Random(seed)
    while True:
        state = session.state
        legal = session.view_of(session.decider).legal
        kinds = {a.kind for a in legal}
        if state.decision == "act" and {"display", "pass", "draw"} <= kinds:
            return session
        session.play(rng.choice(legal))


async def test_at_80x24_the_seaport_lists_pass_last_and_starts_on_drawing_cards():
    session = _at_a_seaport_with_cards(2)
    app = ForumApp(bot_delay=0, session=session, choice_hold=0)
    async with app.run_test(size=(80, 24)) as pilot:
        if await wait_for(pilot, lambda: isinstance(app.screen, HandOverScreen)):
            await pilot.press("enter")
        assert await wait_for(pilot, lambda: isinstance(app.screen, TrajanScreen))
        lst = app.screen.query_one("#decisions")
        ids = [lst.get_option_at_index(i).id for i in range(lst.option_count)]
        assert ids[-1] == "pass" and ids.count("pass") == 1
        assert ids[0] == "draw" and lst.highlighted == 0  # the top spends nothing
        words = [str(lst.get_option_at_index(i).prompt) for i in range(lst.option_count)]
        assert words[-1].endswith("Pass")
