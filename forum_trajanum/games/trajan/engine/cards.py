"""Trajan's commodity cards: drawing from the face-down pile (reshuffled from the discard piles
when it runs out, R4), taking a discard pile's top card (the pile refilled at once, R11),
and cards leaving a hand.
"""

from __future__ import annotations

import random

from forum_trajanum.games.trajan.engine.state import (
    GameState,
    PlayerState,
)


def drawable(state: GameState) -> int:
    """Cards that can still be drawn from the face-down pile (R4 included)."""
    return len(state.deck) + sum(max(0, len(pile) - 1) for pile in state.discards)


def _reshuffle(state: GameState) -> None:
    """R4: the discard piles but their tops become the face-down pile, shuffled (from the
    seed and the game's progress, so that a replay draws the same)."""
    cards = []
    for pile in state.discards:
        cards += pile[:-1]
        del pile[:-1]
    random.Random(state.seed * 1_000_003 + state.actions_taken).shuffle(cards)
    state.deck[:0] = cards


def draw_cards(state: GameState, count: int) -> list[int]:
    """Up to ``count`` cards from the top of the face-down pile (R4, R29)."""
    drawn = []
    for _ in range(count):
        if not state.deck:
            _reshuffle(state)
            if not state.deck:
                break
        drawn.append(state.deck.pop())
    return drawn


def _refill_discards(state: GameState) -> None:
    """R11: an empty discard pile is refilled at once from the face-down pile."""
    for pile in state.discards:
        if not pile:
            pile.extend(draw_cards(state, 1))


def take_discard(state: GameState, pl: PlayerState, pile: int) -> None:
    card = state.discards[pile].pop()
    pl.hand.append(card)
    pl.known.append(card)  # everyone saw it taken
    _refill_discards(state)


def lose_cards(pl: PlayerState, cards) -> None:
    for card in cards:
        pl.hand.remove(card)
        if card in pl.known:
            pl.known.remove(card)
