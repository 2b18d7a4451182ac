"""Tiny's components and numbers (the rules are in :mod:`tests.tinygame.__init__`)."""

from __future__ import annotations

#: The numbers of seats the game is played by.
PLAYER_COUNTS: tuple[int, ...] = (2, 3, 4)
#: The deck: one card of each value (every card is unique, so the highest card is too).
CARDS: tuple[int, ...] = tuple(range(1, 25))
#: Cards dealt to each seat at setup.
HAND = 3
#: Rounds of a game (each turns up one prize card).
ROUNDS = 3
#: Points a card left in hand at the end costs.
LEFT_IN_HAND = 1


def prize_points(card: int) -> int:
    """What a prize card is worth: a quarter of its value, rounded up (1 to 6)."""
    return -(-card // 4)
