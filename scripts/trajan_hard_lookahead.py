"""Trajan's Hard against Normal by look-ahead: ``python scripts/trajan_hard_lookahead.py
[--turns 2] [--games 40] [--worlds 4] [--candidates 3] [--jobs 2]``.

Plays 2-player games of Hard (no time limit: a fixed number of sampled worlds, so the result
does not depend on the machine's load) against Normal, Hard in seat 1 in even games and seat 2
in odd ones, game ``g`` on seed ``g`` (the same games for every setting); prints Hard's wins,
both mean scores and the CPU seconds per game."""

from __future__ import annotations

import argparse
import time
from multiprocessing import Pool

from forum_trajanum.core.match import play_game
from forum_trajanum.games.trajan.bots import HardBot, NormalBot
from forum_trajanum.games.trajan.engine.game import GAME


def _one(task: tuple[int, int, int, int]) -> tuple[bool, int, int, float]:
    g, turns, worlds, candidates = task
    hard = HardBot(1000 + g, time_limit=1e9, worlds=worlds, turns=turns, candidates=candidates)
    normal = NormalBot(2000 + g)
    seat = g % 2
    bots = [hard, normal] if seat == 0 else [normal, hard]
    began = time.process_time()
    result = play_game(bots, seed=g, game=GAME)
    took = time.process_time() - began
    return result.places[0] == [seat], result.scores[seat], result.scores[1 - seat], took


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=2, help="Hard's own turns looked ahead")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--worlds", type=int, default=4)
    parser.add_argument("--candidates", type=int, default=3)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    tasks = [(g, args.turns, args.worlds, args.candidates) for g in range(args.games)]
    with Pool(args.jobs) as pool:
        results = pool.map(_one, tasks)
    n = len(results)
    wins = sum(win for win, *_ in results)
    print(
        f"turns {args.turns}, worlds {args.worlds}, candidates {args.candidates}: Hard won "
        f"{wins} of {n} ({100 * wins / n:.0f} %); mean score Hard "
        f"{sum(r[1] for r in results) / n:.1f}, Normal {sum(r[2] for r in results) / n:.1f}; "
        f"{sum(r[3] for r in results) / n:.1f} CPU s a game"
    )


if __name__ == "__main__":
    main()
