"""The score chart: a score below 0 is drawn readably (its number on the base line), for
Forum Trajanum's twelve rounds and Trajan's sixteen alike."""

from __future__ import annotations

import pytest
from rich.console import Console
from textual.app import App, ComposeResult

from forum_trajanum.tui.chart import ScoreChart, SharedScaleBars, below_zero

CYCLES = ("I", "II", "III")
QUARTERS = ("I", "II", "III", "IV")


def glyphs(data, top, width, rounds=12, height=1):
    console = Console(width=width, color_system=None)
    segments = console.render(SharedScaleBars(data, top, width, height, "", rounds))
    return "".join(s.text for s in segments)


def test_a_score_below_zero_shows_its_number_not_the_dot_of_a_zero():
    # 4 characters a round: a bar 3 wide and a gap
    line = glyphs([0, -4, 2, -15], 2, 48)
    assert line[:16] == "··· -4  ███ -15 "
    # 2 characters a round (bar 2, no gap): a number that does not fit is minus signs
    assert glyphs([-3, -12, 0], 2, 24)[:6] == "-3--··"
    assert glyphs([-1], 1, 12)[:1] == "-"  # 1 character a round


def test_below_zero_is_never_a_dot_or_blank_at_any_width():
    for value in (-1, -9, -10, -123):
        for width in range(1, 6):
            cell = below_zero(value, width)
            assert len(cell) == width and cell.startswith("-") and "·" not in cell


def test_taller_charts_put_the_number_on_the_base_line_only():
    lines = glyphs([-5, 4], 4, 8, rounds=2, height=2).split("\n")
    assert lines[0] == "   " + " " + "███" + " "  # the top line: nothing over the -5
    assert lines[1] == "-5 " + " " + "███" + " "


@pytest.mark.parametrize(
    ("groups", "history"),
    [
        (CYCLES, [(3, 0), (5, 2)]),  # Forum Trajanum's cycles
        (QUARTERS, [(2, -1), (-3, -7)]),  # Trajan's quarters
    ],
)
async def test_the_chart_note_says_how_a_score_below_zero_is_shown(groups, history):
    class ChartApp(App):
        def compose(self) -> ComposeResult:
            yield ScoreChart(history, ["Ann", "Bob"], groups=groups)

    app = ChartApp()
    async with app.run_test(size=(120, 12)):
        note = str(app.query_one("#chart-note").render())
        negative = any(v < 0 for scores in history for v in scores)
        assert ("a score below 0" in note) == negative
        assert "full bar = " in note


def test_a_number_too_wide_for_its_bar_takes_the_gap_after_it():
    # sixteen rounds in 48 characters: 3 a round, a bar 2 wide and a gap; "-48" was "--"
    line = glyphs([-48, -5, 3, -48, 0], 3, 48, rounds=16)
    # ...unless the next round's is a number too (issue 35, point 17: "-48-5" ran together)
    assert line[:15] == "-- -5 ██ -48·· "
    assert glyphs([-123], 1, 48, rounds=16)[:3] == "-- "  # too wide even so: minus signs


async def test_at_80x24_a_trajan_sized_chart_shows_minus_48_whole_and_its_note_says_so():
    # a chart of sixteen rounds (Trajan's quarters: scores fall well below -9 after unmet
    # demands) in a box as wide as the end-of-game screen's at 80 columns
    from tests.tui.conftest import screen_text

    history = [(2, -9), (-12, -48), (5, -48)]

    class ChartApp(App):
        CSS = "#box { width: 100%; border: thick #d7af00; padding: 0 1; }"

        def compose(self) -> ComposeResult:
            from textual.containers import VerticalScroll

            with VerticalScroll(id="box"):
                yield ScoreChart(history, ["Ann", "Bob"], groups=QUARTERS)

    app = ChartApp()
    async with app.run_test(size=(80, 24)):
        bars = app.query_one("#chart-1")
        assert bars.size.width // 16 == 3  # a bar of 2 and a gap: "-48" did not fit the bar
        text = screen_text(app)
        row = next(line for line in text.splitlines() if "2 Bob" in line)
        # -48 then -48 do not run together (issue 35, point 17: "-9 -48-48"): the first is
        # minus signs, the note names the lowest score
        assert "-9 -- -48 " in row and row.rstrip(" █").endswith("-48 VP"), row
        words = " ".join(text.replace("█", " ").split())  # the note wraps inside the box
        assert "a number = a score below 0 (the lowest: -48 VP)" in words


def test_two_scores_below_zero_side_by_side_do_not_run_together():
    # issue 35, point 17: Trajan's sixteen rounds at 80 columns (3 characters a round) drew
    # -11 over the gap after its bar, then -9: "-11-9"; a number takes the gap only when the
    # next round's cell is no number
    line = glyphs([-11, -9, -12, 3], 3, 48, rounds=16)
    assert "-11-9" not in line and "-9-" not in line
    assert line[:12] == "-- -9 -12██ "
