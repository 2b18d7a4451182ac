"""At 80x24 the decision list has at least 8 rows on every decision (issue 27 item 9): one
line per entry (a cut one whole below it), the decision in two lines at most, the hint on one
line (h again: all of it); the Colonia above in one-line cells keeps all six rows in view."""

from __future__ import annotations

import random

from forum_trajanum.core.session import GameSession
from forum_trajanum.engine import GameOptions
from forum_trajanum.tui.app import ForumApp
from forum_trajanum.tui.playscreen import PlayScreen
from forum_trajanum.tui.screens import HandOverScreen
from forum_trajanum.tui.widgets import ColoniaGrid
from tests.waiting import wait_for

from .conftest import first_legal_bot_factory, past_hold, press_quickly, screen_text

ROWS = 8


def _rows(screen) -> int:
    return screen.query_one("#decisions").region.height


def _colonia_whole(screen) -> bool:
    """The Colonia panel, when shown, holds its header and its six rows."""
    grid = screen.query_one("#colonia", ColoniaGrid)
    if not grid.display or not grid.region.height:
        return True
    return grid.region.height >= len(grid.render().plain.splitlines()) == 7


async def test_the_list_has_eight_rows_on_every_decision_along_a_game_at_80x24(quick_idle):
    session = GameSession.new(
        5, GameOptions(players=2), ["Ann", "Bot"], ["", "easy"], autosave=False
    )
    app = ForumApp(bot_delay=0, session=session, choice_hold=0.001,
                   bot_factory=first_legal_bot_factory)  # fmt: skip
    rng = random.Random(5)
    decisions = 0
    async with app.run_test(size=(80, 24)) as pilot:
        while decisions < 120 and not session.over:
            screen = app.screen
            await past_hold(pilot)
            pv = screen.data.view if isinstance(screen, PlayScreen) else None
            if pv is not None and pv.legal and pv.viewer == 0:
                decisions += 1
                assert _rows(screen) >= ROWS, (pv.decision, _rows(screen))
                assert _colonia_whole(screen), screen_text(app)
                count = screen.query_one("#decisions").option_count
                await press_quickly(pilot, str(rng.randint(1, min(count, 9))))
                continue
            await press_quickly(pilot, "enter" if not isinstance(screen, PlayScreen) else "1")
        assert decisions >= 60  # the setup, drafts, builds, envoys, payments, a scoring


async def test_the_hint_takes_one_line_and_h_again_shows_it_whole():
    session = GameSession.new(3, GameOptions(players=2), ["Ann", "Bob"], ["", ""])
    app = ForumApp(bot_delay=0, session=session, choice_hold=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await past_hold(pilot)
        screen = app.screen
        assert not isinstance(screen, HandOverScreen)
        hint = screen.query_one("#hint")
        await pilot.press("h")
        assert await wait_for(pilot, lambda: "Hint:" in str(hint.render()) and
                              "thinking" not in str(hint.render()))  # fmt: skip
        await pilot.pause()
        assert hint.region.height == 1 and _rows(screen) >= ROWS - 1
        assert _colonia_whole(screen)
        await pilot.press("h")
        await pilot.pause()
        assert hint.region.height > 1  # all of it
        await pilot.press("h")
        await pilot.pause()
        assert hint.region.height == 0  # hidden (h shows, shows whole, hides, in turn)
        await pilot.press("h")
        await pilot.pause()
        assert hint.region.height == 1  # kept: back at once, on its one line


def test_the_legend_explains_every_one_line_cell_form():
    # the tiny cells' short forms (ui.md: a short form forced by space has its legend)
    from rich.console import Console

    from forum_trajanum.data import TILE_KINDS_PER_PLAYER, TILE_LABELS
    from forum_trajanum.tui.help import legend
    from forum_trajanum.tui.widgets import TILE_TINY

    console = Console(width=200, record=True)
    console.print(legend())
    text = console.export_text()
    for kind in dict.fromkeys(TILE_KINDS_PER_PLAYER):
        line = next(line for line in text.splitlines() if f"({TILE_TINY[kind]})" in line)
        assert TILE_LABELS[kind] in line
    assert "cr B" in text
