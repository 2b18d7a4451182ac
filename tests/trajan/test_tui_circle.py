"""The action circle's table, laid out in text (a Rich table cost several milliseconds a
move on a wide screen): it must look exactly as Rich's table did."""

from __future__ import annotations

import io
import random

import pytest
from rich.console import Console
from rich.table import Table

from forum_trajanum.games.trajan.engine.rules import apply, is_over, legal_actions, new_game
from forum_trajanum.games.trajan.engine.state import TrajanOptions
from forum_trajanum.games.trajan.ui.circles import circle_rows, circle_table

CONSOLE = Console(width=200, file=io.StringIO(), color_system="truecolor", force_terminal=True)


def rich_table(rows) -> Table:
    """The table as it was drawn before: the reference."""
    table = Table(box=None, header_style="dim", pad_edge=False, padding=(0, 1, 0, 0))
    table.add_column("", justify="right", no_wrap=True)
    table.add_column("tray", no_wrap=True, style="bold")
    table.add_column("markers", no_wrap=True)
    table.add_column("Trajan tile", overflow="fold")
    for row in rows:
        table.add_row(*row)
    return table


def cells(renderable, width: int) -> list[list[tuple[str, str]]]:
    """What ``renderable`` shows at ``width``: each line's characters with their styles."""
    lines = CONSOLE.render_lines(renderable, CONSOLE.options.update(width=width), pad=False)
    return [[(ch, str(seg.style or "")) for seg in line for ch in seg.text] for line in lines]


def clean(lines):
    return [[(ch, "" if style in ("none", "None") else style) for ch, style in line]
            for line in lines]  # fmt: skip


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_circle_in_text_looks_as_the_rich_table_did_at_every_width_it_is_shown(players):
    # the circle's box is at least 44 columns wide inside (a third of 160 columns, or half
    # of 120); narrower widths are tried too, down to where the Trajan tile column wraps
    # its own header
    rng = random.Random(players)
    state = new_game(players, TrajanOptions(players=players))
    compared = 0
    for step in range(300):
        if is_over(state):
            break
        apply(state, rng.choice(legal_actions(state)))
        if step % 60:
            continue
        for pl in state.players:
            rows = circle_rows(pl)
            for width in (40, 46, 60):
                text = circle_table(rows, width)
                assert clean(cells(text, width)) == clean(cells(rich_table(rows), width))
                compared += 1
    assert compared > 20


async def test_at_80x24_a_long_hand_and_display_each_show_whole_and_once(tmp_path, monkeypatch):
    """QA of a hot-seat game at 80x24: "Display: Columns, ..., 2× Jewellery, 2×" was cut at
    the window's edge with no mark, as if the hand ended there. Where the one line of hand,
    display and tiles is longer, each is whole on lines of its own (PgDn), once (issue 36.11:
    a line cut with "…" and each whole below showed the hand and the display twice)."""
    from forum_trajanum.core.session import GameSession
    from forum_trajanum.games.trajan import data as D
    from forum_trajanum.games.trajan.ui.playscreen import TrajanScreen
    from forum_trajanum.tui.app import ForumApp
    from tests.tui.conftest import screen_text
    from tests.waiting import wait_for

    monkeypatch.setenv("FORUM_TRAJANUM_HOME", str(tmp_path / "home"))
    monkeypatch.setattr("forum_trajanum.tui.keys.CHOICE_HOLD", 0.001)
    session = GameSession.new(
        5, TrajanOptions(players=2), ["Ann", "Bob"], ["", ""], autosave=False, game="trajan"
    )
    while session.state.phase == "setup":
        session.play(str(legal_actions(session.state)[0]), session.decider)
    eight = list(range(8))  # each of the three on a line of its own, the three not on one
    for pl in session.state.players:
        pl.hand, pl.display = eight, [*eight, 6]
    display = "Display: " + ", ".join(
        f"2× {name}" if c == 6 else name for c, name in enumerate(D.COMMODITIES[:8])
    )
    app = ForumApp(bot_delay=0, session=session, choice_hold=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")  # the hand-over
        assert await wait_for(
            pilot, lambda: isinstance(app.screen, TrajanScreen) and app.screen.data.view.legal
        )
        await pilot.pause()

        def hand_row() -> str:
            lines = screen_text(app).splitlines()
            return next((line for line in lines if line.startswith("Hand: ")), "")

        if not hand_row():  # below the six trays: the frame says so, PgDn shows it
            assert "PgDn: more" in screen_text(app)
            await pilot.press("pagedown")
            assert await wait_for(pilot, lambda: bool(hand_row()))
        row = hand_row()
        assert "…" not in row and "Display:" not in row, row
        assert screen_text(app).count("Hand: ") <= 1
        if display not in screen_text(app):
            await pilot.press("pagedown")
        assert await wait_for(pilot, lambda: display in screen_text(app))
