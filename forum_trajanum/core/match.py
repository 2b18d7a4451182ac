"""Playing a game between bots: the one driver loop shared by the app's tests, the simulator
and benchmarks, for any game on the core.

Each bot is handed ``game.view(state, its_seat)`` and nothing else; its answer is checked
against the engine's legal actions by ``game.apply``.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from forum_trajanum.core.game import GAMES, Game


class Bot(Protocol):
    """A player that answers from its own view."""

    level: str

    def choose(self, view: Any) -> Any: ...


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
    #: per seat: the points of the game's last scoring
    final_scoring: list[int] = field(default_factory=list)

    @property
    def winners(self) -> list[int]:
        """Seats sharing first place."""
        return self.places[0]

    def win_share(self, seat: int) -> float:
        """1 for a sole win, 1/k for a win shared by k players, else 0."""
        return 1.0 / len(self.winners) if seat in self.winners else 0.0


def step(game: Game, state: Any, bots: Sequence[Bot]) -> tuple[int, float]:
    """Let the player to decide choose (from its view only) and apply the answer.

    Returns (seat, seconds the bot thought)."""
    seat = game.current_player(state)
    seen = game.view(state, seat)
    start = time.perf_counter()
    action = bots[seat].choose(seen)
    took = time.perf_counter() - start
    game.apply(state, action, seat)
    return seat, took


def play_game(
    bots: Sequence[Bot],
    seed: int,
    options: Any = None,
    on_step: Callable[[Any, int, float], None] | None = None,
    *,
    game: str | Game,
) -> MatchResult:
    """Play a whole ``game`` (its registered name, or the game) with ``bots[i]`` in seat
    ``i``; return the result.

    ``on_step(state, seat, seconds)`` is called after every applied action."""
    rules = GAMES.get(game) if isinstance(game, str) else game
    if options is None:
        options = rules.options(players=len(bots))
    if options.players != len(bots):
        raise ValueError(f"{len(bots)} bots for a {options.players}-player game")
    state = rules.new_game(seed, options)
    think: list[list[float]] = [[] for _ in bots]
    actions = 0
    while not rules.is_over(state):
        seat, took = step(rules, state, bots)
        think[seat].append(took)
        actions += 1
        if on_step is not None:
            on_step(state, seat, took)
    return MatchResult(
        seed=seed,
        players=len(bots),
        scores=rules.scores(state),
        points=rules.points(state),
        places=rules.ranking(state),
        think=think,
        actions=actions,
        final_scoring=rules.final_scoring(state),
    )
