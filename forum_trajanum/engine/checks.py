"""Invariants of a game state, for tests and debugging (not called during play)."""

from __future__ import annotations

from collections import Counter

from forum_trajanum.data import TILES_PER_PLAYER
from forum_trajanum.engine.state import GameState


def tile_locations(state: GameState) -> Counter[int]:
    """How many times each tile id appears anywhere in the state (should be once each)."""
    seen: Counter[int] = Counter()
    for pl in state.players:
        seen.update(t for t in pl.grid if t >= 0)
        seen.update(t for row in pl.citizens for t in row if t >= 0)
        seen.update(pl.ship)
        seen.update(pl.reserve)
        seen.update(t for t, _ in pl.taken)
        seen.update(t for t in (pl.kept, pl.received, pl.river) if t >= 0)
        seen.update(pl.female + TILES_PER_PLAYER * pl.seat for _ in range(1) if pl.deal)
        seen.update(TILES_PER_PLAYER * pl.seat + i for i in pl.deal)
    seen.update(t for t in state.forum if t >= 0)
    seen.update(state.removed)
    seen.update(task[2] for task in state.tasks if task[0] == "citizen")
    return seen


def check_invariants(state: GameState) -> list[str]:
    """Every broken invariant, as a message; an empty list when all hold."""
    problems = []
    locations = tile_locations(state)
    for p in range(state.options.players):
        base = p * TILES_PER_PLAYER
        missing = [t for t in range(base, base + TILES_PER_PLAYER) if locations[t] == 0]
        doubled = [t for t in range(base, base + TILES_PER_PLAYER) if locations[t] > 1]
        if state.players[p].deal:  # before the deal, the unplaced female tiles wait in hand
            continue
        if missing or doubled:
            problems.append(f"player {p + 1}: tiles missing {missing}, doubled {doubled}")
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
    if state.tasks and not state._legal and state.tasks[-1][0]:
        from forum_trajanum.engine.rules import legal_actions

        if not legal_actions(state):
            problems.append("a non-terminal state has no legal action")
    return problems
