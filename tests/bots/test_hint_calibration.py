"""scripts/hint_calibration.py's stability figure (issue 38.3): the expected final score "does
not move by more than 10 % between two of a player's decisions when nothing of theirs
changed"."""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _script():
    path = ROOT / "scripts/hint_calibration.py"
    spec = importlib.util.spec_from_file_location("hint_calibration", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _row(step, shown, before, after, played=None, followed=True, seat=0):
    return {
        "game": 1, "seat": seat, "stage": "1/1t", "step": step, "shown": shown,
        "figures": {"a": shown}, "before": before, "after": after, "followed": followed,
        "played": shown if played is None else played,
    }  # fmt: skip


def test_stability_counts_the_pairs_with_nothing_of_the_seats_changed_between_its_move_and_the_next(
    capsys,
):
    # The seat's record after its move at the first hint is its record at the second (only
    # the others played): the pair counts, with the first's figure for the choice it played
    # (90, not the suggestion's 100) against the second's figure (99: 10 % more). A pair
    # where the seat's record changed between (its own move at a decision the script did not
    # ask about) does not count, whatever the move of the figure.
    script = _script()
    rows = [
        _row(0, 100.0, "r0", "r1", played=90.0, followed=False),
        _row(3, 99.0, "r1", "r2"),  # the others played twice between: counts, 10.0 %
        _row(5, 150.0, "r3", "r4"),  # r2 -> r3: the seat's own record changed: left out
        _row(6, 151.5, "r4", "r5"),  # counts, 1.0 %
    ]
    script.stability(rows)
    out = capsys.readouterr().out
    assert "stability, 2 pairs" in out
    assert "largest move 10.0 %" in out and "mean 5.5 %" in out
    assert (
        "game 1, seat 1, 1/1t -> 1/1t: 90.0 -> 99.0 (another listed choice played, then 2 " in out
    )


def test_stability_counts_apart_the_pairs_with_a_demand_revealed_between(capsys):
    # Trajan: a demand revealed at a round's start (by chance; every seat must meet it at the
    # quarter's end) moves a seat's prospects. The pair still counts among all of them, and
    # also apart: the pairs without a reveal have their own line, and the case says so.
    script = _script()
    rows = [
        _row(0, 100.0, "r0", "r1") | {"news": (1,)},
        _row(2, 85.0, "r1", "r2") | {"news": (1, 0)},  # a demand revealed: 15.0 %
        _row(4, 86.7, "r2", "r3") | {"news": (1, 0)},  # none: 2.0 %
    ]
    script.stability(rows)
    out = capsys.readouterr().out
    assert "stability, 2 pairs" in out and "largest move 15.0 %" in out
    assert "with no demand revealed between (1;" in out
    assert out.count("largest move 2.0 %") == 1
    assert "then 1 moves of the others; a demand revealed between)" in out
