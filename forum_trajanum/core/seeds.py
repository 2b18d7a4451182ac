"""A game's seed: drawn for a new game from the system's secure source, and the bounds a
record holds. Light on purpose: the app's start-up imports it without the records' pydantic."""

from __future__ import annotations

import secrets

#: A record's seed is a signed 64-bit number: from ``-SEED_LIMIT`` to ``SEED_LIMIT - 1``.
SEED_LIMIT = 2**63


def new_seed() -> int:
    """A new game's seed: 63 random bits from the system's secure source (``secrets``). The
    seed decides every hidden card and tile, and a seat's own view narrows it down: a seed of
    a few billion values could be found by trying them all; this one cannot."""
    return secrets.randbelow(SEED_LIMIT - 1) + 1


def seed_problem(seed: int) -> str:
    """Why ``seed`` cannot be a game's seed, in player words ("" when it can)."""
    if -SEED_LIMIT <= seed < SEED_LIMIT:
        return ""
    shown = str(seed) if len(str(seed)) <= 24 else f"{str(seed)[:21]}..."
    return f"the seed {shown} is too large: a seed is from {-SEED_LIMIT} to {SEED_LIMIT - 1}"
