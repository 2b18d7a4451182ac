"""A bigger run of the fuzz of every registered game (``tests/fuzzing.py``, the same checks as
``tests/core/test_fuzz_games.py``): ``python scripts/fuzz_games.py --cases 2000 [--seed S]``.

Plays random games of every registered game, throwing illegal, foreign and garbage actions at
``apply``, reads damaged and hostile saves of them with the core's records, and lists and
opens them as files (in a temporary games folder), until at least ``--cases`` hostile inputs
have been checked, spread over the games. Prints the
cases by game and kind, every fault (one line each, with the seed that reproduces it) and a
last line ``fuzz: N cases, F faults``; exits 1 when there is a fault."""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests import fuzzing

#: Per game and seed: one random game with actions thrown at a third of its decisions, the
#: save of another one damaged 100 ways and read by the core, and the save file of a third
#: damaged 20 ways, listed and opened as the app does (in a games folder of the run's own).
PARTS = {
    "actions": lambda game, rng: fuzzing.fuzz_game(game, rng, throws=0.3),
    "saves": lambda game, rng: fuzzing.fuzz_save(game, rng, damages=100),
    "files": lambda game, rng: fuzzing.fuzz_files(game, rng, damages=20),
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cases", type=int, default=2000, help="hostile inputs to check")
    parser.add_argument("--seed", type=int, default=0, help="the first seed (then +1 each)")
    args = parser.parse_args(argv)
    if args.cases < 1:
        parser.error("--cases is at least 1")
    old = os.environ.get("FORUM_TRAJANUM_HOME")
    with tempfile.TemporaryDirectory() as home:
        os.environ["FORUM_TRAJANUM_HOME"] = home  # the files' games folder, not the player's
        try:
            return _run(args)
        finally:
            if old is None:
                os.environ.pop("FORUM_TRAJANUM_HOME", None)
            else:
                os.environ["FORUM_TRAJANUM_HOME"] = old


def _run(args) -> int:
    started = time.perf_counter()
    total = fuzzing.Tally()
    per_game: dict[str, fuzzing.Tally] = {}
    games = fuzzing.games()
    seed = args.seed
    while total.cases < args.cases:
        for game in games:
            for part, run in PARTS.items():
                tally = run(game, random.Random(seed))
                for fault in tally.faults:
                    print(f"FAULT ({part}, seed {seed}): {fault}", flush=True)
                per_game.setdefault(game.name, fuzzing.Tally()).add(tally)
                total.add(tally)
        seed += 1
    for name, tally in per_game.items():
        kinds = ", ".join(f"{kind} {count}" for kind, count in sorted(tally.by_kind.items()))
        print(f"{name}: {tally.cases} cases ({kinds}), {len(tally.faults)} faults")
    seconds = time.perf_counter() - started
    print(f"seeds {args.seed}..{seed - 1}, {seconds:.0f} s")
    print(f"fuzz: {total.cases} cases, {len(total.faults)} faults")
    return 1 if total.faults else 0


if __name__ == "__main__":
    sys.exit(main())
