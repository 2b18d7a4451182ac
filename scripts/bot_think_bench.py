"""How long a bot thinks, on one core: ``python scripts/bot_think_bench.py [--game NAME]
[--level hard] [--seed 4242] [--decisions 60] [--runs 3]``.

Plays one 2-player game from ``--seed``, the bot of ``--level`` in seat 1 against Normal,
until the bot has made ``--decisions`` decisions (or the game ends), and prints the CPU
seconds the bot's decisions took and a digest of every action played. The bot's clock is
frozen, so no deadline cuts a search short: the bot decides as it would on an idle machine
of any speed, and two versions of the code that decide alike print the same digest (a change
meant only to speed the bot up must keep it). Each run is a fresh game from the same seed;
the median of ``--runs`` is printed with each run's figure. Run the script of one checkout
against another (``PYTHONPATH=DIR``) in turn, on a quiet machine: CPU time, not the wall
clock, but a busy machine slows it too.
"""

from __future__ import annotations

import argparse
import hashlib
import statistics
import time


def _frozen() -> float:
    return 0.0


def run(game: str, level: str, seed: int, decisions: int) -> tuple[int, float, str]:
    """One game: (the bot's decisions, their CPU seconds, the digest of every action)."""
    from forum_trajanum.core.game import GAMES

    rules = GAMES.get(game)
    make_bot = rules.load("bots").make_bot
    state = rules.new_game(seed, rules.options(players=2))
    bots = [make_bot(level, seed * 10, clock=_frozen), make_bot("normal", seed * 10 + 1)]
    digest = hashlib.sha1()
    cpu, made = 0.0, 0
    while not rules.is_over(state) and made < decisions:
        seat = rules.current_player(state)
        seen = rules.view(state, seat)
        if seat == 0:
            started = time.process_time()
            action = bots[0].choose(seen)
            cpu += time.process_time() - started
            made += 1
        else:
            action = bots[1].choose(seen)
        digest.update(str(action).encode())
        rules.apply(state, action)
    return made, cpu, digest.hexdigest()[:12]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="forum-trajanum")
    parser.add_argument("--level", default="hard")
    parser.add_argument("--seed", type=int, default=4242)
    parser.add_argument("--decisions", type=int, default=60)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args(argv)
    figures = []
    for _ in range(args.runs):
        made, cpu, digest = run(args.game, args.level, args.seed, args.decisions)
        figures.append(cpu)
        print(f"{args.game} {args.level}: {made} decisions, {cpu:.2f} CPU s, actions {digest}")
    print(f"median {statistics.median(figures):.2f} CPU s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
