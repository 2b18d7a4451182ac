"""Playing a game between bots: the one driver loop shared by the app, the simulator and tests.

Each bot is handed ``view(state, its_seat)`` and nothing else; its answer is checked against
the engine's legal actions by :func:`forum_trajanum.engine.apply`.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from forum_trajanum.bots import Bot
from forum_trajanum.engine import (
    GameOptions,
    GameState,
    apply,
    current_player,
    is_over,
    new_game,
    ranking,
    view,
)


@dataclass
class MatchResult:
    """The outcome of one bot game: per seat scores, point breakdowns and think times."""

    seed: int
    players: int
    scores: list[int]
    points: list[dict[str, int]]
    places: list[list[int]]  # seats grouped by final place (ties share a place)
    think: list[list[float]] = field(default_factory=list)  # seconds per decision, per seat
    actions: int = 0
    #: per cycle-end scoring, per seat: points by category (cranes, colonia, eagles, area, trajan)
    scorings: list[list[dict[str, int]]] = field(default_factory=list)

    @property
    def winners(self) -> list[int]:
        """Seats sharing first place."""
        return self.places[0]

    def win_share(self, seat: int) -> float:
        """1 for a sole win, 1/k for a win shared by k players, else 0."""
        return 1.0 / len(self.winners) if seat in self.winners else 0.0


def step(state: GameState, bots: Sequence[Bot]) -> tuple[int, float]:
    """Let the player to decide choose (from its view only) and apply the answer.

    Returns (seat, seconds the bot thought).
    """
    seat = current_player(state)
    seen = view(state, seat)
    start = time.perf_counter()
    action = bots[seat].choose(seen)
    took = time.perf_counter() - start
    apply(state, action, seat)
    return seat, took


def play_game(
    bots: Sequence[Bot],
    seed: int,
    options: GameOptions | None = None,
    on_step: Callable[[GameState, int, float], None] | None = None,
) -> MatchResult:
    """Play a whole game with ``bots[i]`` in seat ``i``; return the result.

    ``on_step(state, seat, seconds)`` is called after every applied action.
    """
    if options is None:
        options = GameOptions(players=len(bots))
    if options.players != len(bots):
        raise ValueError(f"{len(bots)} bots for a {options.players}-player game")
    state = new_game(seed, options)
    think: list[list[float]] = [[] for _ in bots]
    actions = 0
    while not is_over(state):
        seat, took = step(state, bots)
        think[seat].append(took)
        actions += 1
        if on_step is not None:
            on_step(state, seat, took)
    return MatchResult(
        seed=seed,
        players=len(bots),
        scores=[pl.score for pl in state.players],
        points=[dict(pl.points) for pl in state.players],
        places=ranking(state),
        think=think,
        actions=actions,
        scorings=[[dict(d) for d in cycle] for cycle in state.scorings],
    )
