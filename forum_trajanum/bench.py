"""Engine benchmark: full random games per second and decisions per second, on one core.

Run ``python -m forum_trajanum.bench [--games N] [--seconds S]``. Each game is set up from a
seed and played to the end by choosing uniformly among the legal actions, every action
checked by ``apply`` against ``legal_actions``. Prints one line per player count.
"""

from __future__ import annotations

import argparse
import random
import time

from forum_trajanum.engine import apply, is_over, legal_actions, new_game


def play_random_game(seed: int, players: int) -> int:
    """Play one uniformly random game; returns the number of decisions made."""
    rng = random.Random(seed)
    state = new_game(seed, players=players)
    decisions = 0
    choice = rng.choice
    while not is_over(state):
        apply(state, choice(legal_actions(state)))
        decisions += 1
    return decisions


def measure(players: int, games: int, seconds: float) -> tuple[int, int, float, float]:
    """Play up to ``games`` games (stopping early after ``seconds``).

    Returns (games, decisions, wall seconds, CPU seconds of this process). The CPU time is
    what one dedicated core would need, whatever else the machine is doing.
    """
    play_random_game(10_000 + players, players)  # warm caches (geometry, interned actions)
    start, cpu_start = time.perf_counter(), time.process_time()
    played = decisions = 0
    while played < games and (played == 0 or time.perf_counter() - start < seconds):
        decisions += play_random_game(played, players)
        played += 1
    return played, decisions, time.perf_counter() - start, time.process_time() - cpu_start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="games per player count")
    parser.add_argument("--seconds", type=float, default=10.0, help="time cap per count")
    args = parser.parse_args(argv)
    print("Random games on one core (per CPU second; wall-clock rate in brackets)")
    print(f"{'players':>7} {'games':>6} {'games/s':>16} {'decisions/s':>18} {'dec/game':>9}")
    for players in (2, 3, 4):
        games, decisions, wall, cpu = measure(players, args.games, args.seconds)
        print(
            f"{players:>7} {games:>6} {games / cpu:>7.1f} [{games / wall:>6.1f}]"
            f" {decisions / cpu:>8.0f} [{decisions / wall:>7.0f}] {decisions / games:>9.0f}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
