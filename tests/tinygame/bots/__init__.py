"""Tiny's bots, deciding from their seat's view alone (``bot.choose(view)`` returns one of
``view.legal``); ``make_bot(level, seed)`` makes one.

- **Easy** plays any legal action, at random.
- **Normal** (and **Hard**, the same here) plays its highest card for a prize worth 4 VP or
  more and its lowest otherwise, and draws while it holds fewer cards than rounds left.
"""

from __future__ import annotations

import random

from tests.tinygame import data as D
from tests.tinygame.engine.actions import DRAW, KEEP

LEVELS: tuple[str, ...] = ("easy", "normal", "hard")


class EasyBot:
    """Any legal action, drawn by its own seeded random."""

    level = "easy"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view):
        return self.rng.choice(view.legal)


class NormalBot(EasyBot):
    """High cards for good prizes, and a hand as long as the rounds left."""

    level = "normal"

    def choose(self, view):
        legal = view.legal
        if view.decision == "play":
            cards = sorted(legal, key=lambda a: a.card)
            return cards[-1] if D.prize_points(view.prize) >= 4 else cards[0]
        hand = len(view.seats[view.viewer].hand)
        return DRAW if DRAW in legal and hand < D.ROUNDS - view.round else KEEP


class HardBot(NormalBot):
    level = "hard"


def make_bot(level: str, seed: int, **settings):
    """A new Tiny bot of ``level``, deterministic for ``seed``."""
    classes = {"easy": EasyBot, "normal": NormalBot, "hard": HardBot}
    key = level.strip().lower() if isinstance(level, str) else level
    if key not in classes:
        raise ValueError(f"unknown bot level {level!r}; choose one of: {', '.join(LEVELS)}")
    return classes[key](seed, **settings)
