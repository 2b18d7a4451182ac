"""How long a hint takes: ``python scripts/hint_bench.py [--game forum|trajan] [--players 2]
[--games 3] [--every 7]``.

Plays games of Normal bots and asks for the hint as the game shows it (Forum Trajanum:
:func:`forum_trajanum.games.forum_trajanum.bots.hint.suggest`; Trajan:
:func:`forum_trajanum.games.trajan.bots.hint`) at every ``every``-th decision with a choice;
prints the median, 90th percentile and longest time, and how often the safety cap stopped a
search."""

from __future__ import annotations

import argparse
import os
import statistics
import time


def forum(players: int, games: int, every: int):
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

    for seed in range(1, games + 1):
        state = new_game(seed, players=players)
        bots = [NormalBot(seed * 10 + i) for i in range(players)]
        step = 0
        while not is_over(state):
            seat = current_player(state)
            if len(legal_actions(state)) > 1 and step % every == 0:
                started = time.perf_counter()
                hint = suggest(view(state, seat))
                yield time.perf_counter() - started, hint.capped
            step += 1
            apply(state, bots[seat].choose(view(state, seat)))


def trajan(players: int, games: int, every: int):
    from forum_trajanum.games.trajan.bots import NormalBot, hint
    from forum_trajanum.games.trajan.engine.rules import (
        apply,
        current_player,
        is_over,
        legal_actions,
        new_game,
    )
    from forum_trajanum.games.trajan.engine.state import TrajanOptions
    from forum_trajanum.games.trajan.engine.view import view

    for seed in range(1, games + 1):
        state = new_game(seed, TrajanOptions(players=players))
        bots = [NormalBot(seed * 10 + i) for i in range(players)]
        step = 0
        while not is_over(state):
            seat = current_player(state)
            if len(legal_actions(state)) > 1 and step % every == 0:
                started = time.perf_counter()
                found = hint(view(state, seat))
                yield time.perf_counter() - started, found.capped
            step += 1
            apply(state, bots[seat].choose(view(state, seat)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=("forum", "trajan"), default="forum")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--every", type=int, default=7)
    args = parser.parse_args()
    play = forum if args.game == "forum" else trajan
    found = list(play(args.players, args.games, args.every))
    times = sorted(t for t, _ in found)
    capped = sum(c for _, c in found)
    print(
        f"{args.game}: {len(times)} hints, {args.players} players: median "
        f"{statistics.median(times):.2f} s, p90 {times[int(len(times) * 0.9)]:.2f} s, "
        f"longest {times[-1]:.2f} s, capped {capped} (load {os.getloadavg()[0]:.2f})"
    )


if __name__ == "__main__":
    main()
