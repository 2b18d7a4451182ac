"""Helpers for Trajan's rule tests: a game past its setup, and scenes built on it."""

from __future__ import annotations

import random

from forum_trajanum.trajan.rules import FLOW, apply, is_over, legal_actions, new_game
from forum_trajanum.trajan.state import GameState, TrajanOptions
from forum_trajanum.trajan.tasks import SourceTask


def after_setup(seed: int = 1, players: int = 2) -> GameState:
    """A game whose setup was played with every default (the first legal action)."""
    state = new_game(seed, TrajanOptions(players=players))
    while state.phase == "setup":
        apply(state, legal_actions(state)[0])
    return state


def turn_of(state: GameState, seat: int) -> GameState:
    """Make it ``seat``'s turn, at the start of the turn."""
    state.tasks = [SourceTask(seat)]
    FLOW.run_automatic(state)
    return state


def random_game(seed: int, players: int):
    """Play a random game; yields (state before, action) for every decision."""
    rng = random.Random(seed)
    state = new_game(seed, TrajanOptions(players=players))
    while not is_over(state):
        action = rng.choice(legal_actions(state))
        yield state, action
        apply(state, action)


def find(actions, text: str):
    found = [a for a in actions if str(a) == text]
    assert found, f"{text!r} is not among {[str(a) for a in actions]}"
    return found[0]
