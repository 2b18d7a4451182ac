"""Places from rank keys, for every game: the seats grouped by final place, best first, where
seats with equal keys share a place. Each game says what ranks a seat (its rank key: points,
then its own tie-breaks, e.g. Forum Trajanum's active citizens and resources left, Trajan's
senate); the grouping is the same for all."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def places(keys: Sequence[tuple[Any, ...]]) -> list[list[int]]:
    """Seats grouped by place for their rank keys (``keys[seat]``), best (largest key) first;
    seats with equal keys share a place, in seat order."""
    order = sorted(range(len(keys)), key=lambda seat: keys[seat], reverse=True)
    out: list[list[int]] = []
    for seat in order:
        if out and keys[out[-1][0]] == keys[seat]:
            out[-1].append(seat)
        else:
            out.append([seat])
    return out
