"""The action circle's table, laid out in text (a Rich table cost several milliseconds a
move on a wide screen): it must look exactly as Rich's table did."""

from __future__ import annotations

import io
import random

import pytest
from rich.console import Console
from rich.table import Table

from forum_trajanum.trajan.rules import apply, is_over, legal_actions, new_game
from forum_trajanum.trajan.screens import circle_rows, circle_table
from forum_trajanum.trajan.state import TrajanOptions

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
