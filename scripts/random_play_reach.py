"""How much of a game's code random games reach, by their number: the measure behind the ``ci``
Hypothesis profile's count of games (``tests/conftest.py``).
``python scripts/random_play_reach.py [--game NAME] [--games 15] [--reference 60] [--samples 3]``

For each registered game (or ``--game``), plays ``--reference`` random games of each player
count from 2 to 4 and records every line of the game's package that they run (Python's line
tracing; uniform choices among the legal actions, the deciding seat's view after every
action), then ``--samples`` other sets of ``--games`` games of each count; prints the share of
the reference's lines each sample reached and the lines it missed. Each set is played in a
process of its own (a cache filled by one set would hide its lines from the next). Slow:
traced games run a few times slower than plain ones."""

from __future__ import annotations

import argparse
import json
import linecache
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def reached(name: str, games: int, first_seed: int) -> set[tuple[str, int]]:
    """The lines of game ``name``'s package run by ``games`` random games of each player
    count from 2 to 4, seeds from ``first_seed`` (in this process)."""
    import random

    from forum_trajanum.games import GAMES

    game = GAMES.get(name)
    package = str(Path(sys.modules[game.new_game.__module__].__file__).parent.parent)
    seen: set[tuple[str, int]] = set()

    def tracer(frame, event, arg):
        path = frame.f_code.co_filename
        if not path.startswith(package):
            return None

        def line(frame, event, arg):
            if event == "line":
                seen.add((path, frame.f_lineno))
            return line

        seen.add((path, frame.f_lineno))
        return line

    counts = [n for n in range(2, 5) if _accepts(game, n)]
    for players in counts:
        for seed in range(first_seed, first_seed + games):
            rng = random.Random(seed * 7919 + players)
            sys.settrace(tracer)
            try:
                state = game.new_game(seed, game.options(players=players))
                while not game.is_over(state):
                    legal = game.legal_actions(state)
                    game.apply(state, legal[rng.randrange(len(legal))])
                    game.view(state, max(game.current_player(state), 0))
            finally:
                sys.settrace(None)
    return seen


def _accepts(game, players: int) -> bool:
    try:
        game.options(players=players)
    except ValueError:
        return False
    return True


def _in_a_process(name: str, games: int, first_seed: int) -> set[tuple[str, int]]:
    code = (
        "import json, sys; sys.path.insert(0, sys.argv[1]);"
        "from scripts.random_play_reach import reached;"
        "print(json.dumps(sorted(reached(sys.argv[2], int(sys.argv[3]), int(sys.argv[4])))))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, str(ROOT), name, str(games), str(first_seed)],
        capture_output=True,
        text=True,
        check=True,
    )
    return {(path, line) for path, line in json.loads(done.stdout)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", help="one registered game (default: every one)")
    parser.add_argument("--games", type=int, default=15, help="games per count in a sample")
    parser.add_argument("--reference", type=int, default=60, help="games per count, reference")
    parser.add_argument("--samples", type=int, default=3, help="samples of --games games")
    args = parser.parse_args(argv)
    if min(args.games, args.reference, args.samples) < 1:
        parser.error("--games, --reference and --samples are at least 1")
    from forum_trajanum.games import GAMES

    for name in [args.game] if args.game else GAMES.names():
        reference = _in_a_process(name, args.reference, 0)
        print(f"{name}: {args.reference} games per player count run {len(reference)} lines")
        for sample in range(args.samples):
            lines = _in_a_process(name, args.games, 10_000 * (sample + 1))
            missed = sorted(reference - lines)
            share = 100 * (len(reference) - len(missed)) / max(1, len(reference))
            print(f"  sample {sample + 1}: {args.games} games per count reach {share:.1f}%")
            for path, line in missed:
                text = linecache.getline(path, line).strip()[:70]
                print(f"    missed {Path(path).relative_to(ROOT)}:{line}  {text}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
