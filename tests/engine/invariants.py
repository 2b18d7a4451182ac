"""Invariants of a game state, for tests and debugging (not called during play)."""

from __future__ import annotations

from collections import Counter

from forum_trajanum.games.forum_trajanum.data import TILES_PER_PLAYER
from forum_trajanum.games.forum_trajanum.engine.rules import legal_actions
from forum_trajanum.games.forum_trajanum.engine.state import GameState


def placed_tiles(state: GameState) -> list[int]:
    """Every tile id found anywhere in the state, once per place it is found."""
    found: list[int] = []
    for pl in state.players:
        found += pl.grid
        for row in pl.citizens:
            found += row
        found += pl.ship
        found += pl.reserve
        found += [t for t, _ in pl.taken]
        found += (pl.kept, pl.received, pl.river)
    found += state.forum
    found += state.removed
    found += [task.tile for task in state.tasks if task.kind == "citizen"]
    return [t for t in found if t >= 0]


def check_invariants(state: GameState) -> list[str]:
    """Every broken invariant, as a message; an empty list when all hold."""
    problems = []
    found = placed_tiles(state)
    dealt = [pl.seat for pl in state.players if not pl.deal]  # setup done: all 34 placed
    expected = {p * TILES_PER_PLAYER + i for p in dealt for i in range(TILES_PER_PLAYER)}
    mine = [t for t in found if t // TILES_PER_PLAYER in dealt]
    if len(mine) != len(expected) or set(mine) != expected:
        counts = Counter(mine)
        missing = sorted(expected - set(mine))
        doubled = sorted(t for t, c in counts.items() if c > 1)
        problems.append(f"tiles missing {missing}, doubled {doubled}")
    for pl in state.players:
        for name in ("builders", "assistants", "coins", "tribunes"):
            if getattr(pl, name) < 0:
                problems.append(f"player {pl.seat + 1}: negative {name}")
        if min(pl.workers) < 0:
            problems.append(f"player {pl.seat + 1}: negative workers {pl.workers}")
        if not 0 <= pl.prestige <= 8:
            problems.append(f"player {pl.seat + 1}: prestige {pl.prestige} off the track")
        if sum(pl.points.values()) != pl.score or sum(pl.cycle_points) != pl.score:
            problems.append(f"player {pl.seat + 1}: score {pl.score} != its breakdown")
        for cycle, breakdown in enumerate(state.scorings):
            if sum(breakdown[pl.seat].values()) != pl.cycle_points[cycle]:
                problems.append(
                    f"player {pl.seat + 1}: the scoring record of cycle {cycle + 1} does not "
                    f"add up to the cycle's {pl.cycle_points[cycle]} VP"
                )
    if state.tasks and not legal_actions(state):
        problems.append("a non-terminal state has no legal action")
    return problems
