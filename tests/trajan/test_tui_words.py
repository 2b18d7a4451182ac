"""Trajan's screens in words (issue 17: "every icon is a word", "coach texts for every Trajan
decision kind", "help with the rules in player words, the legend, the rulings, and the note
that the component data come from public transcriptions")."""

from __future__ import annotations

import random
import re

import pytest

from forum_trajanum.games.trajan import data as D
from forum_trajanum.games.trajan.engine.rules import apply, is_over, legal_actions, new_game
from forum_trajanum.games.trajan.engine.state import TrajanOptions
from forum_trajanum.games.trajan.engine.tasks import TASKS
from forum_trajanum.games.trajan.engine.view import view
from forum_trajanum.games.trajan.ui.choices import choice_words, decision_title
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
    from forum_trajanum.games.trajan.ui.help import TrajanHelpScreen
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
        assert D.DATA_NOTICE in bottom and "R36" in bottom
        assert bottom.index("R35") < bottom.index("R36")  # in their order, not as text
        await pilot.press("2")
        await pilot.pause()
        assert all(f"{code} " in screen_text(app) for code in D.COLOUR_CODES)


def test_the_rules_are_paragraphs_the_window_wraps():
    from forum_trajanum.games.trajan.ui.help import RULES_PARAGRAPHS

    assert all("\n" not in paragraph for paragraph in RULES_PARAGRAPHS)
    assert len(RULES_PARAGRAPHS) > 10


def test_the_rules_in_player_words_say_what_the_rulebook_says_of_each_summarised_rule():
    """Trajan EN l.205 (round end), l.251-252 (the seaport's draw and discard-pile options),
    l.370 (the first worker on any site), l.526-529 (final scoring), l.564 (the grey
    construction bonus tile rounds up); the pairs ship's 1-3 different pairs: PL l.250-253."""
    from forum_trajanum.games.trajan.ui.help import RULES_PARAGRAPHS

    rules = " ".join(RULES_PARAGRAPHS)
    for said in (
        "arrives at or crosses its start space",
        "Draw 2 cards from the face-down pile, then discard any one card of your hand",
        "take the top card of a discard pile",
        "1-3 pairs of different commodities",
        "Your first worker may go to any site",
        "1 VP per card in your hand, per worker in the worker camp, per legionnaire in the "
        "military camp",
        "rounded up",
    ):
        assert said in rules, said
    for wrong in ("keep 1", "two pairs", "passes its start"):
        assert wrong not in rules, wrong


async def test_at_80x24_the_rules_tab_breaks_lines_only_where_the_window_ends(
    tmp_path, monkeypatch
):
    import itertools

    from textual.geometry import Region

    from forum_trajanum.games.trajan.ui.help import TrajanHelpScreen
    from forum_trajanum.tui.app import ForumApp

    monkeypatch.setenv("FORUM_TRAJANUM_HOME", str(tmp_path))
    app = ForumApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(TrajanHelpScreen("rules"))
        await pilot.pause()
        static = app.screen.query_one("#rules").query_one("Static")
        width = static.size.width
        lines = [strip.text.rstrip() for strip in static.render_lines(Region(0, 0, *static.size))]
        checked = 0
        for line, after in itertools.pairwise(lines):
            if line and after:  # a line broken inside a paragraph
                assert len(line) + 1 + len(after.split()[0]) > width, (line, after)
                checked += 1
        assert checked > 10


def test_the_keys_and_the_legend_explain_every_short_form_on_the_screen():
    from rich.console import Console

    from forum_trajanum.games.trajan.ui.help import KEYS, legend

    keys = dict(KEYS)
    assert "g" in keys and "legend" in keys["g"]
    assert any("PgDn" in key for key in keys)
    console = Console(width=100, record=True)
    console.print(legend())
    text = " ".join(console.export_text().split())
    for short in (
        "Roof 5", "worker B", "⚑B", "Display", "(yellow) (grey)", "the top card last",
        "coloured, grey", "Germ. Inf.", "about 115 VP", "kept: meets bread",
    ):  # fmt: skip
        assert short in text, short
    assert "seat" not in text  # the players by the marks of their names, not by seats


def _states(players: int = 2, seed: int = 1):
    """Every state of a random game (a clone each), from the deciding player's view."""
    rng = random.Random(seed)
    state = new_game(seed, TrajanOptions(players=players))
    while not is_over(state):
        yield view(state, state.decider)
        apply(state, rng.choice(legal_actions(state)))


def test_a_march_says_it_gives_no_points_now_and_what_a_legionnaire_would_score_there():
    seen = 0
    for v in _states():
        for action in v.legal:
            if action.kind == "march":
                said = choice_words(v, action)
                assert "no VP now" in said and "VP province" not in said, said
                seen += 1
    assert seen


def test_a_marker_is_said_to_be_needed_by_a_trajan_tile_only_when_it_is():
    said_needed = 0
    for v in (v for seed in range(1, 6) for v in _states(seed=seed)):
        if v.decision != "sow":
            continue
        task = v.tasks[-1]
        pl = v.players[v.viewer]
        for action in v.legal:
            said = choice_words(v, action)
            if "needs it" not in said:
                continue
            said_needed += 1
            tile = pl.slots[task.tray]
            # on every tray whose tile needs the colour, not the target's alone (issue 36.6:
            # a marker left in a tray counts when that tray is a target later, EN l.219)
            assert tile >= 0, said
            wanted = D.TRAJAN_TILES[tile].colours.count(action.colour)
            assert pl.trays[task.tray][action.colour] < wanted, said  # not already there
    assert said_needed


def test_the_quarter_report_reads_the_senate_votes_and_says_how_a_tie_is_broken():
    from forum_trajanum.games.trajan.engine.state import QuarterReport
    from forum_trajanum.games.trajan.ui.results import quarter_text

    v = next(_states())
    report = QuarterReport(
        quarter=1, demands=(0,), met=(1, 0), penalty=(0, 4), votes=(3, 3), consul=1, vice=0
    )
    v = v.model_copy(update={"reports": [report]})
    text = " ".join(quarter_text(v, 1, ["Normal bot", "Normal bot 2"]).plain.split())
    assert "Senate votes: Normal bot: 3 votes · Normal bot 2: 3 votes" in text
    # issue 36: the tie line names who tied and who won it (this report keeps no spaces: the
    # rule that decided it, in words)
    assert "A tie for consul: Normal bot and Normal bot 2 had 3 votes each; Normal bot 2 won" in (
        text
    )
    assert "a tie goes to the player higher on the senate track" in text
    assert "R35" not in text


def test_a_kind_of_action_without_words_is_refused_when_its_spec_is_made():
    """Each action kind's words are part of its one spec (trajan/view.py): a spec without
    them cannot be made, so a new kind cannot reach the screen as its code."""
    from forum_trajanum.games.trajan.engine.view import SPECS, ActionSpec

    with pytest.raises(TypeError, match="words"):
        ActionSpec(lambda s, a, p: "did it", True)
    assert all(callable(spec.words) for spec in SPECS.values())


def test_the_time_track_says_once_that_the_round_ends_after_this_turn():
    from forum_trajanum.games.trajan.ui.statusline import time_track
    from tests.trajan.helpers import after_setup

    state = after_setup()
    state.time = 3
    assert time_track(state).endswith("3 of 11: the round ends in 8")
    state.round_ends = True  # the time marker passed its start this turn
    # "2 of 11: the round ends after this turn" read as if the time said otherwise
    assert time_track(state).endswith("3 of 11 · this turn ends the round")
    assert "the the" not in time_track(state, "\n")
    assert time_track(state, "\n").endswith("3 of 11\nthis turn ends the round")


def test_recruiting_and_hiring_name_the_token_as_the_rules_do():
    """EN l.318 and l.369: a token moved to the military camp "turns into a legionnaire", to
    the worker camp "into a worker" (the choices said "A token from your supply")."""
    from forum_trajanum.games.trajan.engine.actions import parse
    from tests.trajan.helpers import after_setup

    v = view(after_setup(), 0)
    recruit = "A legionnaire from your supply to the military camp"
    assert choice_words(v, parse("recruit")) == recruit
    assert choice_words(v, parse("hire")) == "A worker from your supply to the worker camp"


#: A code where a word belongs (issue 28.4): a lowercase identifier glued to digits
#: ("senate3", "plus2"), snake_case ("wild_demand"), or a hyphenated lowercase identifier
#: that is no English compound ("wild-demand", "extra-forum", "fruit-ceramics").
CODE_TOKEN = re.compile(
    r"\b[a-z]{2,}\d+\b|\b[a-z]+_[a-z_]+\b|\b[a-z]+(?:-[a-z]+)+\b"
    r"|\bR\d{1,2}\b"  # a ruling's code: the help's rulings tab's alone
    r"|\bseats? (?:\d+|numbers?)\b"  # a seat's number where its player's name belongs
)
#: The hyphenated words of plain English the screens use.
ENGLISH_COMPOUNDS = {"face-down", "face-up", "hot-seat"}


def code_tokens(text: str) -> list[str]:
    return [t for t in CODE_TOKEN.findall(text) if t not in ENGLISH_COMPOUNDS]


def _plain(renderable, width: int = 120) -> str:
    import io

    from rich.console import Console

    console = Console(width=width, file=io.StringIO(), color_system=None, force_terminal=False)
    console.print(renderable)
    return console.file.getvalue()


def test_the_code_token_check_catches_what_issue_28_found():
    for said in ("took a senate3 tile", "a wild-demand", "took the fruit-ceramics bonus tile",
                 "spend wild_extra", "an extra-forum tile",
                 "1 commodity wild card (R23) × 3", "only 1 could be drawn, R29",
                 "Bob (seat 2)", "take a starting card — seat 2 is the start player",
                 "⚑ leaders, ⚔ legionnaires (by seat number)"):  # fmt: skip
        assert code_tokens(said), said
    assert not code_tokens("took a card from the face-down pile; site b3; the [+2] marker")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_screen_or_log_line_of_random_games_shows_a_code(players):
    """Issue 28.4: every name a player reads comes from the game's words: the log lines,
    the choices and the decision, the panels, the quarter's end and the final ranking."""
    from forum_trajanum.games.trajan.engine.view import public_lines
    from forum_trajanum.games.trajan.ui.choices import decision_title
    from forum_trajanum.games.trajan.ui.panels import panel_text
    from forum_trajanum.games.trajan.ui.play import handover_words
    from forum_trajanum.games.trajan.ui.playdata import TrajanData
    from forum_trajanum.games.trajan.ui.results import final_text, quarter_text

    names = [f"Player {p + 1}" for p in range(players)]
    rng = random.Random(28 + players)
    state = new_game(28 + players, TrajanOptions(players=players))
    said: list[str] = []
    step = 0
    while not is_over(state):
        pv = view(state, state.decider)
        said.append(decision_title(pv, names))
        said.append(handover_words(pv, names))
        said += [choice_words(pv, action) for action in pv.legal]
        if step % 25 == 0 or state.decision in ("spend", "consul"):
            data = TrajanData(pv, names, [""] * players)
            for panel in ("circle", "board", "map", "district", "players"):  # others' circles too
                said.append(_plain(panel_text(data, panel)))
        action = rng.choice(legal_actions(state))
        before = state.clone()
        apply(state, action)
        said += [text for _, text in public_lines(before, action, state)]
        step += 1
    end = view(state, -1)
    said += [quarter_text(end, q, names).plain for q in range(1, len(end.reports) + 1)]
    said.append(final_text(end, names).plain)
    found = {token: text for text in said for token in code_tokens(text)}
    assert not found, found
    assert any("bonus tile" in text for text in said)  # the quarter's end was read


def _qa_scene():
    """A 2-player game past its setup, Ann (seat 0) deciding, Normal bot (seat 1) with a
    worker on a site and a Jewellery and Gems bonus tile (the QA game's 80x24 findings)."""
    from forum_trajanum.games.trajan.engine.tasks import SourceTask

    state = new_game(7, TrajanOptions(players=2))
    while state.phase == "setup":
        apply(state, legal_actions(state)[0])
    state.tasks = [SourceTask(0)]
    state.__pydantic_private__["_legal"] = None
    state.workers[0], state.district[0] = [1], -1
    gems = next(i for i, t in enumerate(D.BONUS_TILES) if t.kind == "commodities" and t.value == 8)
    state.players[1].bonus, state.players[1].yellow = [gems], [True]
    return view(state, 0)


def test_the_district_legend_and_the_other_circles_name_the_players_not_their_seats():
    """The QA game at 80x24: "worker 2: seat 2's worker" and "(seat 2, clockwise)" spoke
    of seats; the legend says whose number each is, the circle is named after its player."""
    from forum_trajanum.games.trajan.ui.circles import circle_of
    from forum_trajanum.games.trajan.ui.panels import district_panel

    v = _qa_scene()
    names = ["Ann", "Normal bot"]
    district = " ".join(_plain(district_panel(v, names), 80).split())
    assert "worker A: Ann's worker (tile taken), N Normal bot" in district
    assert "worker N" in district  # the site on the grid, explained by the legend
    circle = " ".join(_plain(circle_of(v, 1, names), 80).split())
    assert "Normal bot's action circle (clockwise)" in circle
    for text in (district, circle):
        assert "seat" not in text, text


def test_another_players_bonus_tile_counts_the_cards_in_their_display():
    """EN l.544-594: a commodity bonus tile counts its owner's display: the players panel
    says "your display" of the viewer's tiles alone (the QA game read it of the bot's)."""
    from forum_trajanum.games.trajan.ui.panels import players_panel

    v = _qa_scene()
    text = " ".join(_plain(players_panel(v, ["Ann", "Normal bot"]), 200).split())
    bot = text[text.index("Normal bot:") :]
    assert "3 VP per Jewellery or Gems card in their display" in bot
    assert "your" not in bot
    ann = text[: text.index("Normal bot:")]
    assert "your display" in ann or "you own" in ann


def test_the_final_scoring_says_what_its_one_vp_items_are():
    """EN l.524-529: cards in hand, workers and legionnaires in the camps and Trajan tiles
    on the circle score 1 VP each; the ranking says so, not "cards/tokens/slots"."""
    from forum_trajanum.games.trajan.ui.results import final_text

    v = _qa_scene()
    v.players[0].points["leftovers"] = 5
    text = " ".join(final_text(v, ["Ann", "Normal bot"]).plain.split())
    assert "1 VP each (cards in hand, tokens in camps, Trajan tiles on the circle) 5" in text
    assert "/" not in text


def test_a_wild_card_in_the_forum_says_what_it_stands_for():
    """EN l.612-626 and R24: the construction wild card stands for any construction tile in
    a set at the final scoring (the QA game's "Take the construction wild card" was never
    explained); each wild card's choice says what it does."""
    from forum_trajanum.games.trajan.engine.actions import FORUM_KEYS, TakeForum

    v = _qa_scene()
    said = {
        kind: choice_words(v, TakeForum.make(FORUM_KEYS.index((kind, 0))))
        for kind in ("wild_commodity", "wild_demand", "wild_construction", "wild_extra")
    }
    assert said["wild_construction"] == (
        "Take the construction wild card (stands for any building in a set at the final scoring)"
    )
    assert "when shipping" in said["wild_commodity"]
    assert "demand" in said["wild_demand"].split("(")[1]
    assert "extra action tile" in said["wild_extra"].split("(")[1]


def test_the_quarters_senate_vote_breaks_down_every_seats_votes_alike():
    """EN l.431-434 (a player's votes: the senate space's plus the senate tiles'): the QA
    game read "Ann: 4 votes · Normal bot: 4 votes (0 from the senate track, 4 from senate
    tiles)"; every seat's votes are broken down, none from tiles too."""
    from forum_trajanum.games.trajan.engine.state import QuarterReport
    from forum_trajanum.games.trajan.ui.results import quarter_text

    v = next(_states())
    four = D.SENATE_VP.index(4)
    report = QuarterReport(
        quarter=1, demands=(0,), met=(1, 1), penalty=(0, 0), votes=(4, 4), senate=(four, 0),
        consul=0, vice=1,
    )  # fmt: skip
    v = v.model_copy(update={"reports": [report]})
    text = " ".join(quarter_text(v, 1, ["Ann", "Normal bot"]).plain.split())
    assert (
        "Senate votes: Ann: 4 votes (4 from the senate track, 0 from senate tiles) · "
        f"Normal bot: 4 votes ({D.SENATE_VP[0]} from the senate track, "
        f"{4 - D.SENATE_VP[0]} from senate tiles)"
    ) in text


def test_the_map_marks_each_player_by_their_names_initial_and_its_legend_names_them():
    """The QA hot-seat game at 80x24: the map's "⚑2 ⚔1 (by seat number)" spoke of seats;
    a leader and a legionnaire are marked by their player's initial, the legend names them
    (two names alike get two marks)."""
    from forum_trajanum.games.trajan.engine.words import marks
    from forum_trajanum.games.trajan.ui.panels import map_panel, players_panel
    from tests.trajan.helpers import after_setup

    state = after_setup()
    q = D.PROVINCES.index("Alpes")
    state.players[1].leader, state.legions[q] = q, [0]
    drawn = _plain(map_panel(view(state, 0), ["Ann", "Bob"]), 80)
    assert "⚑B⚔A" in drawn.replace(" ", "") and "legionnaires: A Ann, B Bob" in drawn
    assert "seat" not in drawn
    assert marks(["Normal bot", "Normal bot 2"]) == ["N", "B"]
    # the players panel names them, unnumbered: its numbers were the seats'
    players = _plain(players_panel(view(state, 0), ["Ann", "Bob"]), 200).splitlines()
    assert [line.split(":")[0] for line in players if ": " in line][:2] == ["Ann", "Bob"]


async def test_the_hand_over_names_the_player_and_the_start_player_not_their_seats(
    tmp_path, monkeypatch
):
    """The QA hot-seat game: the hand-over read "Bob  (seat 2)" and "Next: take a starting
    card — seat 2 is the start player"; it names them (EN l.129: the start player drawn)."""
    from forum_trajanum.core.session import GameSession
    from forum_trajanum.tui.app import ForumApp
    from forum_trajanum.tui.screens import HandOverScreen
    from tests.tui.conftest import screen_text
    from tests.waiting import wait_for

    monkeypatch.setenv("FORUM_TRAJANUM_HOME", str(tmp_path / "home"))
    monkeypatch.setattr("forum_trajanum.tui.keys.CHOICE_HOLD", 0.001)
    session = GameSession.new(
        5, TrajanOptions(players=2), ["Ann", "Bob"], ["", ""], autosave=False, game="trajan"
    )
    start = session.state.start_player
    app = ForumApp(bot_delay=0, session=session, choice_hold=0)
    seen = []
    async with app.run_test(size=(80, 24)) as pilot:
        while session.state.phase == "setup" and len(seen) < 12:
            if isinstance(app.screen, HandOverScreen):
                seen.append(" ".join(screen_text(app).replace("║", " ").split()))
                await pilot.press("enter")
            else:
                count = len(session.record.actions)
                await pilot.press("1")
                await wait_for(pilot, lambda c=count: len(session.record.actions) > c)
            await pilot.pause()
    said = " ".join(seen)
    assert "is the start player" in said and "seat" not in said, seen
    assert f"{['Ann', 'Bob'][start]} is the start player" in said, seen
