"""The status line (issue 19, item 8): at 80 columns nothing in it is cut, not even with the
longest name, three-digit scores and two-digit supplies; wider terminals get the long words."""

from __future__ import annotations

import pytest

from forum_trajanum.core.session import GameSession
from forum_trajanum.engine import GameOptions
from forum_trajanum.tui.app import ForumApp

from .conftest import past_hold


def crowded_session(name: str = "Aurelia Valentiniana"):
    """A session at the building step whose player holds a lot of everything."""
    names = [name, name]  # whoever decides first has the long name
    session = GameSession.new(3, GameOptions(players=2), names, ["", ""], autosave=False)
    while not (session.state.tasks and session.state.tasks[-1].kind == "build"):
        session.play(session.view_of(session.decider).legal[0])
    seat = session.decider
    pl = session.state.players[seat]
    pl.score, pl.builders, pl.workers = 128, 12, [10, 11, 12, 13]
    pl.assistants, pl.coins, pl.tribunes = 14, 15, 16
    session.state.street = [2, 2]  # "III III": the widest pair of street symbols
    session.state._legal = None
    return session, seat


def status(app) -> str:
    return str(app.screen.query_one("#status-line").render().plain).rstrip()


@pytest.mark.parametrize("size", [(80, 24), (100, 30)], ids=str)
async def test_nothing_in_the_status_line_is_cut_at_80_columns(size):
    session, _seat = crowded_session()
    app = ForumApp(bot_delay=0, session=session, choice_hold=0)
    async with app.run_test(size=size) as pilot:
        await pilot.press("enter")  # the hand-over
        await past_hold(pilot)
        line = status(app)
        assert len(line) <= size[0] and "…" not in line
        for part in ("III III", "128 VP", "B10", "G11", "Y12", "R13", " 12", " 14", " 15", " 16"):
            assert part in line, (part, line)
        assert line.startswith(" I 1/4") or line.startswith(" Cycle I")
        if size[0] >= 100:
            assert "Aurelia Valentiniana 128 VP" in line  # room for the name


async def test_a_wide_terminal_gets_the_status_line_in_whole_words():
    session, _seat = crowded_session("Ann")
    app = ForumApp(bot_delay=0, session=session, choice_hold=0)
    async with app.run_test(size=(160, 45)) as pilot:
        await pilot.press("enter")
        await past_hold(pilot)
        line = status(app)
        assert line.startswith(" Cycle I, round 1 of 4 │ streets III III │ Ann 128 VP")
        assert "assistants 14 │ coins 15 │ tribunes 16" in line


async def test_the_status_line_is_written_again_for_a_new_width():
    session, _seat = crowded_session("Ann")
    app = ForumApp(bot_delay=0, session=session, choice_hold=0)
    async with app.run_test(size=(160, 45)) as pilot:
        await pilot.press("enter")
        await past_hold(pilot)
        assert "tribunes 16" in status(app)
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        line = status(app)
        assert "tribunes" not in line and "trib 16" in line and len(line) <= 80
