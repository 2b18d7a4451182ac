"""Trajan's status line (issue 27 item 8): one fixed layout per width -- two lines below 160
columns, one from there -- in labelled words, never cut, its fields in the same order with
the same labels on every screen of a whole game."""

from __future__ import annotations

import random
import re

import pytest

from forum_trajanum.games.trajan.engine.rules import apply, is_over, legal_actions, new_game
from forum_trajanum.games.trajan.engine.state import TrajanOptions
from forum_trajanum.games.trajan.engine.view import view
from forum_trajanum.games.trajan.ui.playdata import TrajanData
from forum_trajanum.games.trajan.ui.statusline import status_lines

NAMES = ["Aurelia Valentiniana", "Ann"]  # the longest name the form takes, and a short one
WHEN = r" (Setup │ start player .+|Quarter (I|II|III|IV), round [1-4] of 4 │ time \d+ of \d+"
WHEN += r"(: the round ends in \d+| · this turn ends the round)"
WHEN += r"|Last round of the game │ time \d+ of \d+"
WHEN += r"(: the game ends in \d+| · the game ends after this turn)"
WHEN += r"|Quarter (I|II|III|IV) ends │ scoring the quarter: demands, senate, consuls)"
WHO = r" demands (none yet|(bread|games|religion)(, (bread|games|religion))*) │ .+ -?\d+ VP"


def assert_laid_out(lines, width: int) -> None:
    plain = [line.plain for line in lines]
    for line in lines:
        assert line.cell_len <= width and "…" not in line.plain, plain
    if width >= 160:
        assert len(plain) == 1 and re.fullmatch(WHEN + " │" + WHO, plain[0]), plain
    else:
        assert len(plain) == 2, plain
        assert re.fullmatch(WHEN, plain[0]) and re.fullmatch(WHO, plain[1]), plain


@pytest.mark.parametrize("seed", [7, 12])
def test_the_status_line_keeps_its_fields_and_fits_along_a_whole_game(seed):
    state = new_game(seed, TrajanOptions(players=2))
    rng = random.Random(seed)
    screens = 0
    while not is_over(state):
        data = TrajanData(view(state, max(state.decider, 0)), NAMES, ["", ""])
        for width in (80, 120, 160):
            assert_laid_out(status_lines(data, width), width)
        screens += 1
        apply(state, rng.choice(legal_actions(state)))
    assert screens > 100  # a whole game, every quarter


def test_a_name_too_wide_for_its_line_alone_is_shortened():
    state = new_game(7, TrajanOptions(players=2))
    while state.decision == "markers":  # the start player is drawn after them (R37)
        apply(state, legal_actions(state)[0])
    data = TrajanData(view(state, 0), ["長" * 60, "長" * 60], ["", ""])
    for width in (80, 160):
        lines = status_lines(data, width)
        assert all(line.cell_len <= width for line in lines)
        assert lines[-1].plain.endswith("… 0 VP") and " demands none yet │ 長" in lines[-1].plain
        assert lines[0].plain.startswith(" Setup │ start player 長")


def test_while_a_quarter_is_scored_the_status_says_so_not_the_time_track():
    """EN l.405 (the 4th round's end ends the quarter) to l.494 (the next quarter begins):
    while its demands, senate vote and consuls are decided the status said "round 4 of 4 │
    time 0 of 11: the round ends in 11" (QA of a whole game at 80x24); it says the quarter
    is being scored."""
    from .helpers import after_setup, quarter_end

    state = quarter_end(after_setup(7), 0)
    assert state.phase == "quarter" and state.quarter == 1
    data = TrajanData(view(state, max(state.decider, 0)), NAMES, ["", ""])
    for width in (80, 160):
        lines = status_lines(data, width)
        assert_laid_out(lines, width)
        first = lines[0].plain
        assert first.startswith(" Quarter I ends │ scoring the quarter: demands, senate, consuls")
        assert "round ends" not in first and "time" not in first


def test_the_last_round_of_the_last_quarter_says_the_game_ends_and_when():
    """EN l.163 (four quarters of four rounds): in the 4th round of quarter IV the status says
    it is the last round of the game, and that the game ends after this turn when the time
    marker reaches its start in it (QA: nothing warned that the game was about to end)."""
    from forum_trajanum.games.trajan import data as D

    state = new_game(7, TrajanOptions(players=2))
    rng = random.Random(7)
    said: dict[str, int] = {}
    while not is_over(state):
        v = view(state, max(state.decider, 0))
        data = TrajanData(v, NAMES, ["", ""])
        last = v.quarter == D.QUARTERS and v.round == 4 and len(v.scorings) < v.quarter
        for width in (80, 120, 160):
            lines = status_lines(data, width)
            assert_laid_out(lines, width)
            first = lines[0].plain
            assert first.startswith(" Last round of the game │ ") == last, first
            assert ("the game ends" in first) == last
            assert ("· the game ends after this turn" in first) == (last and v.round_ends)
        if last:
            said[first.split("│")[1].strip()] = 1
        apply(state, rng.choice(legal_actions(state)))
    assert any("after this turn" in s for s in said) and any("ends in" in s for s in said)


def test_once_the_last_quarter_is_scored_the_time_track_says_the_game_ends_not_when():
    """EN l.163 (the game ends after four quarters): the board's time track at the game's
    end said "1 of 11: the game ends in 10" (QA: the replay's last action, board panel); from
    the last quarter's scoring on it says that the game ends with it, then that it is over."""
    from forum_trajanum.games.trajan import data as D
    from forum_trajanum.games.trajan.ui.statusline import FINAL_SCORING, GAME_OVER, time_track

    from .helpers import random_game

    state = None
    scoring = 0
    for state, _action in random_game(7, 2):
        v = view(state, max(state.decider, 0))
        if v.quarter >= D.QUARTERS and len(v.scorings) >= v.quarter:
            scoring += 1
            assert time_track(v).endswith(f": {FINAL_SCORING}"), time_track(v)
        else:
            assert FINAL_SCORING not in time_track(v) and GAME_OVER not in time_track(v)
    assert scoring > 0 and state is not None and is_over(state)  # the game was played out
    track = time_track(view(state, 0))
    assert track.endswith(f": {GAME_OVER}") and "ends in" not in track, track


async def test_the_status_line_on_screen_is_written_again_for_a_new_width(tmp_path, monkeypatch):
    # one line from 160 columns, two below: a resize writes it again for the new width (the
    # shell's status line does it itself; the screen no longer has to remember to)
    from forum_trajanum.core.session import GameSession
    from forum_trajanum.tui.app import ForumApp
    from tests.tui.conftest import past_hold
    from tests.waiting import wait_for

    monkeypatch.setenv("FORUM_TRAJANUM_HOME", str(tmp_path))
    session = GameSession.new(
        7, TrajanOptions(players=2), ["Ann", "Bob"], ["", ""], autosave=False, game="trajan"
    )
    app = ForumApp(bot_delay=0, session=session, choice_hold=0)
    async with app.run_test(size=(160, 45)) as pilot:
        await pilot.press("enter")  # the hand-over
        await past_hold(pilot)
        status = app.screen.query_one("#t-status")
        wide = str(status.render().plain).splitlines()
        assert len(wide) == 1 and " │ demands " in wide[0], wide
        await pilot.resize_terminal(80, 24)

        def narrow() -> list[str]:
            return str(status.render().plain).splitlines()

        assert await wait_for(pilot, lambda: len(narrow()) == 2), narrow()
        assert narrow()[1].startswith(" demands "), narrow()
