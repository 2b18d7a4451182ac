"""Engine benchmark: full random games per second and decisions per second, on one core.

Run ``python -m forum_trajanum.bench [--game NAME] [--games N] [--seconds S]`` (any registered
game; Forum Trajanum by default). Each game is set up from a seed and played to the end by
choosing uniformly among the legal actions, every action checked by ``apply`` against
``legal_actions``. Prints one line per player count.
"""

from __future__ import annotations

import argparse
import random
import time

from forum_trajanum.core.game import GAMES, Game
from forum_trajanum.games import DEFAULT_GAME


def play_random_game(seed: int, players: int, game: Game | None = None) -> int:
    """Play one uniformly random game; returns the number of decisions made."""
    rules = game or GAMES.get(DEFAULT_GAME)
    rng = random.Random(seed)
    state = rules.new_game(seed, rules.options(players=players))
    decisions = 0
    choice = rng.choice
    apply, is_over, legal_actions = rules.apply, rules.is_over, rules.legal_actions
    while not is_over(state):
        apply(state, choice(legal_actions(state)))
        decisions += 1
    return decisions


def measure(
    players: int, games: int, seconds: float, game: Game | None = None
) -> tuple[int, int, float, float]:
    """Play up to ``games`` games (stopping early after ``seconds``).

    Returns (games, decisions, wall seconds, CPU seconds of this process). The CPU time is
    what one dedicated core would need, whatever else the machine is doing.
    """
    play_random_game(10_000 + players, players, game)  # warm caches (geometry, interned actions)
    start, cpu_start = time.perf_counter(), time.process_time()
    played = decisions = 0
    while played < games and (played == 0 or time.perf_counter() - start < seconds):
        decisions += play_random_game(played, players, game)
        played += 1
    return played, decisions, time.perf_counter() - start, time.process_time() - cpu_start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default=DEFAULT_GAME, choices=list(GAMES), help="which game")
    parser.add_argument("--games", type=int, default=300, help="games per player count")
    parser.add_argument("--seconds", type=float, default=10.0, help="time cap per count")
    args = parser.parse_args(argv)
    game = GAMES.get(args.game)
    print(f"{game.title}: random games on one core (per CPU second; wall-clock in brackets)")
    print(f"{'players':>7} {'games':>6} {'games/s':>16} {'decisions/s':>18} {'dec/game':>9}")
    for players in (2, 3, 4):
        games, decisions, wall, cpu = measure(players, args.games, args.seconds, game)
        print(
            f"{players:>7} {games:>6} {games / cpu:>7.1f} [{games / wall:>6.1f}]"
            f" {decisions / cpu:>8.0f} [{decisions / wall:>7.0f}] {decisions / games:>9.0f}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
