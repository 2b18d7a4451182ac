"""How long a hint takes: ``python scripts/hint_bench.py [--players 2] [--games 3] [--every 7]``.

Plays games of Normal bots and asks for a hint
(:func:`forum_trajanum.games.forum_trajanum.bots.hint.suggest`) at
every ``every``-th decision with a choice; prints the median, 90th percentile and longest time,
and how often the safety cap stopped a search."""

from __future__ import annotations

import argparse
import os
import statistics
import time

from forum_trajanum.games.forum_trajanum.bots.hint import suggest
from forum_trajanum.games.forum_trajanum.bots.normal import NormalBot
from forum_trajanum.games.forum_trajanum.engine import (
    apply,
    current_player,
    is_over,
    legal_actions,
    new_game,
    view,
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--every", type=int, default=7)
    args = parser.parse_args()
    times, capped = [], 0
    for seed in range(1, args.games + 1):
        state = new_game(seed, players=args.players)
        bots = [NormalBot(seed * 10 + i) for i in range(args.players)]
        step = 0
        while not is_over(state):
            seat = current_player(state)
            if len(legal_actions(state)) > 1 and step % args.every == 0:
                started = time.perf_counter()
                hint = suggest(view(state, seat))
                times.append(time.perf_counter() - started)
                capped += hint.capped
            step += 1
            apply(state, bots[seat].choose(view(state, seat)))
    times.sort()
    print(
        f"{len(times)} hints, {args.players} players: median {statistics.median(times):.2f} s, "
        f"p90 {times[int(len(times) * 0.9)]:.2f} s, longest {times[-1]:.2f} s, "
        f"capped {capped} (load {os.getloadavg()[0]:.2f})"
    )


if __name__ == "__main__":
    main()
