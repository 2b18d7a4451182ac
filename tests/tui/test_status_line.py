"""The status line (issue 19 item 8, issue 27 item 8): one fixed layout per width, in labelled
words, never cut -- not with the longest name, three-digit scores and two-digit supplies --
and its fields in the same order with the same labels on every screen of a whole game."""

from __future__ import annotations

import random
import re

import pytest

from forum_trajanum.core.session import GameSession
from forum_trajanum.games.forum_trajanum.engine import GameOptions
from forum_trajanum.games.forum_trajanum.ui.statusline import status_lines
from forum_trajanum.tui.app import ForumApp

from .conftest import busy, past_hold

NAMES = ["Aurelia Valentiniana", "Ann"]  # the longest name the form takes, and a short one

#: The fields of each line, in their order, with their labels (the workers in colour
#: letters below 120 columns, in words from there).
FIRST = re.compile(
    r"^ (Cycle (I|II|III), round [1-4] of 4|Last round of the game)"
    r" │ street cards (none yet|[IVa-f]+ [IVa-f]+) │ .+ \d+ VP$"
)
WORKERS = {80: r"B\d+ G\d+ Y\d+ R\d+", 120: r"blue \d+ green \d+ yellow \d+ red \d+"}
SECOND = r"^ builders \d+ │ workers {} │ assistants \d+ │ coins \d+ │ tribunes \d+$"


def crowded_session(name: str = "Aurelia Valentiniana"):
    """A session at the building step whose player holds a lot of everything."""
    names = [name, name]  # whoever decides first has the long name
    session = GameSession.new(3, GameOptions(players=2), names, ["", ""], autosave=False)
    while not (session.state.tasks and session.state.tasks[-1].kind == "build"):
        session.play(busy(session.view_of(session.decider).legal))
    seat = session.decider
    pl = session.state.players[seat]
    pl.score, pl.builders, pl.workers = 128, 12, [10, 11, 12, 13]
    pl.assistants, pl.coins, pl.tribunes = 14, 15, 16
    session.state.street = [2, 2]  # "III III": the widest pair of street symbols
    session.state._legal = None
    return session, seat


def assert_laid_out(lines, width: int) -> None:
    """Two lines, each within ``width``, uncut, with every field in its place."""
    plain = [line.plain for line in lines]
    assert len(plain) == 2, plain
    for line in lines:
        assert line.cell_len <= width and "…" not in line.plain, plain
    assert FIRST.match(plain[0]), plain[0]
    workers = WORKERS[80 if width < 120 else 120]
    assert re.match(SECOND.format(workers), plain[1]), plain[1]


@pytest.mark.parametrize("seed", [3, 11])
def test_the_status_line_keeps_its_fields_and_fits_along_a_whole_game(seed):
    session = GameSession.new(seed, GameOptions(players=2), NAMES, ["", ""], autosave=False)
    rng = random.Random(seed)
    screens = 0
    while not session.over:
        pv = session.view_of(session.decider)
        for width in (80, 120, 160):
            assert_laid_out(status_lines(pv, NAMES, pv.viewer, width), width)
        screens += 1
        session.play(rng.choice(pv.legal))
    assert screens > 100  # a whole game, every cycle


def test_the_status_line_holds_the_largest_numbers_in_80_columns():
    session, seat = crowded_session()
    pv = session.view_of(seat)
    lines = status_lines(pv, session.record.names, seat, 80)
    assert_laid_out(lines, 80)
    assert "Aurelia Valentiniana 128 VP" in lines[0].plain  # the whole name has room
    for part in ("street cards III III", "B10 G11 Y12 R13", "assistants 14", "tribunes 16"):
        assert part in lines[0].plain + lines[1].plain


def test_only_a_name_too_wide_for_its_line_is_shortened():
    session, seat = crowded_session("長" * 20)  # 40 cells: wider than the line has room for
    lines = status_lines(session.view_of(seat), session.record.names, seat, 80)
    assert lines[1].plain.startswith(" builders 12 │ workers B10 G11 Y12 R13")
    assert lines[0].cell_len <= 80 and lines[0].plain.endswith("… 128 VP")
    assert lines[0].plain.startswith(" Cycle I, round 1 of 4 │ street cards III III │ 長")


@pytest.mark.parametrize("size", [(80, 24), (120, 36), (160, 45)], ids=str)
async def test_the_status_line_on_screen_is_its_two_lines_whole(size):
    session, seat = crowded_session()
    app = ForumApp(bot_delay=0, session=session, choice_hold=0)
    async with app.run_test(size=size) as pilot:
        await pilot.press("enter")  # the hand-over
        await past_hold(pilot)
        widget = app.screen.query_one("#status-line")
        assert widget.size.height == 2
        shown = [line.rstrip() for line in str(widget.render().plain).splitlines()]
        expected = status_lines(session.view_of(seat), session.record.names, seat, size[0])
        assert shown == [line.plain for line in expected]
        assert_laid_out(expected, size[0])


async def test_the_status_line_is_written_again_for_a_new_width():
    session, _seat = crowded_session("Ann")
    app = ForumApp(bot_delay=0, session=session, choice_hold=0)
    async with app.run_test(size=(160, 45)) as pilot:
        await pilot.press("enter")
        await past_hold(pilot)
        status = app.screen.query_one("#status-line")
        assert "blue 10 green 11" in str(status.render().plain)
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        line = str(status.render().plain)
        assert "B10 G11 Y12 R13" in line and "blue" not in line


def test_the_last_round_of_the_last_cycle_says_it_is_the_last_round_of_the_game():
    # nothing else warned that the game was about to end (a whole hot-seat game's QA)
    from forum_trajanum.games.forum_trajanum.data import CYCLES, ROUNDS_PER_CYCLE

    session = GameSession.new(3, GameOptions(players=2), NAMES, ["", ""], autosave=False)
    rng = random.Random(3)
    said = set()
    while not session.over:
        pv = session.view_of(session.decider)
        last = pv.cycle >= CYCLES and pv.round >= ROUNDS_PER_CYCLE
        for width in (80, 120, 160):
            first = status_lines(pv, NAMES, pv.viewer, width)[0].plain
            assert first.startswith(" Last round of the game │ ") == last, first
        said.add(last)
        session.play(rng.choice(pv.legal))
    assert said == {True, False}
