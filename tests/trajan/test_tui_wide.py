"""Trajan on wide screens (issue 28, point 10): at 120x36 the board panel shows whole (no
scrolling) beside the choices, with one's action circle below them instead of an empty
column; at 160x45 the log and the other players' circles are in view beside the board, the
map, the district, one's circle and the choices. Read on the rendered screen, along moves
made by keys."""

from __future__ import annotations

import pytest

from forum_trajanum.core.session import GameSession
from forum_trajanum.games.trajan import data as D
from forum_trajanum.games.trajan.engine.state import TrajanOptions
from forum_trajanum.games.trajan.ui.circles import plan_lines
from forum_trajanum.games.trajan.ui.playscreen import TrajanScreen
from forum_trajanum.tui.app import ForumApp
from forum_trajanum.tui.compat import screen_strips
from tests.trajan.choosing import choose
from tests.tui.conftest import screen_text
from tests.waiting import settled, wait_for

#: What a box draws around its words (borders, scroll bars): not words.
FRAME = str.maketrans(dict.fromkeys("│╭╮╰╯─▁▂▃▄▅▆▇█", " "))


@pytest.fixture(autouse=True)
def save_home(tmp_path, monkeypatch):
    monkeypatch.setenv("FORUM_TRAJANUM_HOME", str(tmp_path / "home"))
    monkeypatch.setattr("forum_trajanum.tui.keys.CHOICE_HOLD", 0.001)


def _flat(text: str) -> str:
    return " ".join(text.translate(FRAME).split())


def _session(actions: int, players: int = 2) -> GameSession:
    """A hot-seat game after ``actions`` first-legal actions, then on to a decision of the
    quarters (the markers placed, the Trajan stacks laid out)."""
    names = ["Ann", "Bob", "Cleo"][:players]
    session = GameSession.new(
        3, TrajanOptions(players=players), names, [""] * players, autosave=False, game="trajan"
    )
    for _ in range(actions):
        session.play(session.view_of(session.decider).legal[0])
    while session.state.quarter <= 0:
        session.play(session.view_of(session.decider).legal[0])
    return session


def _shown(app, widget) -> str:
    """The words the rendered screen shows in ``widget``'s place, flattened."""
    region = widget.region
    strips = screen_strips(app.screen)
    rows = [strips[y].crop(region.x, region.right).text for y in range(region.y, region.bottom)]
    return _flat("\n".join(rows))


async def _moves(app, pilot, session, count: int):
    """Make ``count`` moves by keys (the first choice), yielding the play screen before
    each (a hand-over or a quarter's end goes on by Enter)."""
    actions = session.record.actions
    made = 0
    while made < count and not session.over:
        if isinstance(app.screen, TrajanScreen) and app.screen.data.view.legal:
            await settled(pilot)  # the log scrolled to its end after the refresh
            yield app.screen
            before = len(actions)
            await choose(pilot)
            assert await wait_for(pilot, lambda b=before: len(actions) > b)
            made += 1
        else:
            await pilot.press("enter")
            await pilot.pause()


@pytest.mark.parametrize("actions", [0, 250], ids=["early", "late"])
async def test_at_120x36_the_board_shows_whole_beside_the_choices_and_the_circle(actions):
    session = _session(actions)
    app = ForumApp(bot_delay=0, session=session, choice_hold=0)
    async with app.run_test(size=(120, 36)) as pilot:
        seen = 0
        async for screen in _moves(app, pilot, session, 6):
            box = screen.query_one("#t-panel-box")
            assert screen.boxes()["t-panel-box"] == "board"
            assert box.max_scroll_y == 0, "the board needs no scrolling"
            board = _shown(app, box)
            assert "Trajan stacks" in board and "Discard piles" in board
            for s, stack in enumerate(screen.data.view.stacks):  # its last lines too
                assert D.STACK_NAMES[s] in board or not stack
            # the column beside it: the choices, and one's circle below them
            circle = screen.query_one("#t-circle-box")
            decisions = screen.query_one("#decisions")
            assert circle.region.x >= box.region.right and decisions.region.x >= box.region.right
            assert decisions.region.bottom <= circle.region.y < box.region.bottom
            drawn = _shown(app, circle)
            name = session.name(screen.data.view.viewer)
            assert f"{name}'s action circle" in drawn
            assert all(D.ACTIONS[t] in drawn for t in range(D.NUM_ACTIONS))
            seen += 1
        assert seen == 6


@pytest.mark.parametrize("actions", [0, 250], ids=["early", "late"])
async def test_at_160x45_the_log_and_the_other_circle_are_in_view_beside_the_rest(actions):
    session = _session(actions)
    app = ForumApp(bot_delay=0, session=session, choice_hold=0)
    async with app.run_test(size=(160, 45)) as pilot:
        seen = 0
        async for screen in _moves(app, pilot, session, 6):
            v = screen.data.view
            seat, other = v.viewer, 1 - v.viewer
            # the log: its latest line whole at its foot
            log = _shown(app, screen.query_one("#t-log-box"))
            assert log.startswith("Log ") and log.endswith(_flat(screen.data.log[-1]))
            # the other player's circle from its top: its trays and what taking one does
            others = screen.query_one("#t-panel-box")
            assert others.scroll_y == 0
            drawn = _shown(app, others)
            assert f"{session.name(other)}'s action circle" in drawn
            assert all(D.ACTIONS[t] in drawn for t in range(D.NUM_ACTIONS))
            lines = plan_lines(v, other)
            if lines and actions == 0:  # later its tiles' words push the last ones down
                assert all(_flat(line) in drawn for line in lines)
            # and the rest whole beside them: nothing there needs scrolling
            for part in ("#t-circle-box", "#t-board-box", "#t-map-box", "#t-district-box"):
                box = screen.query_one(part)
                assert box.region.height and box.max_scroll_y == 0, part
            assert f"{session.name(seat)}'s action circle" in screen_text(app)
            assert screen.query_one("#decisions").region.height >= 6
            seen += 1
        assert seen == 6


async def test_at_160x30_the_log_takes_the_others_place_by_its_key():
    session = _session(0)
    app = ForumApp(bot_delay=0, session=session, choice_hold=0)
    async with app.run_test(size=(160, 30)) as pilot:
        async for screen in _moves(app, pilot, session, 1):
            assert not screen.query_one("#t-log-box").region.height  # no row for it
            box = screen.query_one("#t-panel-box")
            assert "Other players' circles" in _shown(app, box)
            await pilot.press("l")
            await settled(pilot)
            shown = _shown(app, box)
            assert shown.startswith("Log ") and _flat(screen.data.log[-1]) in shown


async def test_at_160x45_the_log_keeps_its_height_for_many_lines_with_the_latest_at_its_foot():
    # a log a line longer at each move laid the whole screen out at each move: its words are
    # padded to a multiple of lines, its box scrolled to the last one written
    session = _session(0)
    app = ForumApp(bot_delay=0, session=session, choice_hold=0)
    async with app.run_test(size=(160, 45)) as pilot:
        heights, lengths = [], []
        async for screen in _moves(app, pilot, session, 10):
            heights.append(screen.query_one("#t-log").content_size.height)
            lengths.append(len(screen.data.log))
            shown = _shown(app, screen.query_one("#t-log-box"))
            assert shown.endswith(_flat(screen.data.log[-1]))
        assert lengths[-1] - lengths[0] >= 9
        assert len(set(heights)) <= 2, heights


async def test_at_160x45_p_puts_the_players_first_and_p_again_the_other_circles():
    session = _session(0)
    app = ForumApp(bot_delay=0, session=session, choice_hold=0)
    async with app.run_test(size=(160, 45)) as pilot:
        async for screen in _moves(app, pilot, session, 1):
            box = screen.query_one("#t-panel-box")
            other = session.name(1 - screen.data.view.viewer)
            assert _shown(app, box).startswith("Other players' circles")
            for title, first in (("Players ", " Ann: "), ("Other players", f"{other}'s action")):
                await pilot.press("p")
                await settled(pilot)
                shown = _shown(app, box)
                assert shown.startswith(title) and first in shown[:80], shown[:80]


async def test_at_160x45_a_move_late_in_the_game_wraps_only_the_new_lines_of_the_log(
    monkeypatch,
):
    """Issue 39 point 6: the log beside the board (from 160 columns) is the shell's log
    widget: a move wraps its new lines alone and draws only the lines in view, the latest at
    its foot. It was a Static: each move wrapped all of a late game's 200 lines again, twice
    (measured, then drawn), some 20 ms of the move's repaint."""
    from forum_trajanum.tui.logview import LogView

    wrapped: list[str] = []
    strips_of = LogView._strips_of

    def counted(self, line: str):
        if line not in self._wrapped:
            wrapped.append(line)
        return strips_of(self, line)

    monkeypatch.setattr(LogView, "_strips_of", counted)
    session = _session(250)
    app = ForumApp(bot_delay=0, session=session, choice_hold=0)
    async with app.run_test(size=(160, 45)) as pilot:
        moves = 0
        before: list[str] = []
        async for screen in _moves(app, pilot, session, 4):
            log = screen.query_one("#t-log", LogView)
            lines = screen.data.log[-200:]
            assert log.lines == lines
            if moves:  # the first shows the whole log; each next wraps what is new
                new = [line for line in lines if line not in before]
                assert len(wrapped) <= len(new) + 1, (wrapped, new)
            assert _shown(app, screen.query_one("#t-log-box")).endswith(_flat(lines[-1]))
            before, moves = lines, moves + 1
            wrapped.clear()
        assert moves == 4 and len(before) >= 150
