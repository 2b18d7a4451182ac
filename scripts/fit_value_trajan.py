"""Fit Trajan's value (:mod:`forum_trajanum.games.trajan.bots.value`) from self-play.

``python scripts/fit_value_trajan.py --fit-seeds 1-300 --test-seeds 5001-5060 --ridge 0.1
--pin --toward-hand [--write]`` (the package's data file's ``made_by`` says how it was made)

Plays games of Normal bots (the seed picks the number of players: 2, 3, 4, 2, ...; the game
and the bots are seeded from it, so a seed always plays the same game), records every seat's
features at every choice of a source tray, labels them with that seat's final score, and
fits the weights per stage (players/quarter) by least squares with a small ridge. With
``--pin`` the weights of :data:`~forum_trajanum.games.trajan.bots.value.PINNED` (the score,
the demand penalty, a Trajan tile's points, provinces and buildings) are held at the hand-set
estimate's and the rest is fitted to what they leave; with ``--toward-hand`` the ridge pulls
the rest toward the hand-set's weights instead of toward 0. With ``--write`` the weights go
to the package's data file (``value_trajan.json``). ``--games FILE`` keeps the games played
(their features and final scores, as JSON) and reads them back on the next run with the same
seeds, so that fits of different kinds compare on the same games without playing them again.

Then it plays the ``--test-seeds`` games (held out: not fitted on) and prints per stage the
mean absolute error of the fitted value against the final score, beside the hand-set
``estimate`` calibrated per stage (its mean offset from the final score on the fitting
games added: the fairest version of it as a forecast of the final score), and how often the
seat each one rates highest is the game's winner.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from forum_trajanum.core.fitting import fit
from forum_trajanum.games.trajan.bots import NormalBot, estimate
from forum_trajanum.games.trajan.bots.value import (
    DATA_FILE,
    FEATURES,
    PINNED,
    features,
    hand_weights,
    stage,
)
from forum_trajanum.games.trajan.engine.rules import (
    apply,
    current_player,
    is_over,
    legal_actions,
    new_game,
)
from forum_trajanum.games.trajan.engine.state import TrajanOptions
from forum_trajanum.games.trajan.engine.view import view

RIDGE = 1e-3


def players_for(seed: int) -> int:
    return 2 + seed % 3


def seeds_of(text: str) -> list[int]:
    """'1-300' or '1,2,5' or a mix."""
    out: list[int] = []
    for part in text.split(","):
        if "-" in part:
            a, b = part.split("-")
            out.extend(range(int(a), int(b) + 1))
        elif part:
            out.append(int(part))
    return out


def play(seed: int):
    """One self-play game: a list of decision points, each (stage, per seat (features,
    estimate)), and the final scores."""
    n = players_for(seed)
    state = new_game(seed, TrajanOptions(players=n))
    bots = [NormalBot(seed * 10 + i) for i in range(n)]
    points = []
    while not is_over(state):
        seat = current_player(state)
        if state.tasks[-1].kind == "source" and len(legal_actions(state)) > 1:
            seats = [(features(state, p), estimate(state, p)) for p in range(n)]
            points.append((stage(state), seats))
        apply(state, bots[seat].choose(view(state, seat)))
    return points, [pl.score for pl in state.players]


def collect(seeds: list[int], label: str, store: Path | None = None):
    """The games of ``seeds`` (played, or read from ``store`` when it holds them)."""
    kept: dict[str, list] = {}
    if store is not None and store.exists():
        kept = json.loads(store.read_text(encoding="utf-8"))
    if all(str(seed) in kept for seed in seeds):
        return [kept[str(seed)] for seed in seeds]
    games = []
    began = time.perf_counter()
    for i, seed in enumerate(seeds, 1):
        games.append(play(seed))
        if i % 50 == 0 or i == len(seeds):
            print(f"  {label}: {i}/{len(seeds)} games, {time.perf_counter() - began:.0f} s")
    if store is not None:
        kept.update({str(seed): game for seed, game in zip(seeds, games, strict=True)})
        store.write_text(json.dumps(kept), encoding="utf-8")
    return games


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--fit-seeds", default="1-600")
    parser.add_argument("--test-seeds", default="5001-5150")
    parser.add_argument("--ridge", type=float, default=RIDGE)
    parser.add_argument(
        "--fixed-score",
        action="store_true",
        help="give the score weight 1 (a point scored is a point at the end) and fit the rest",
    )
    parser.add_argument(
        "--pin",
        action="store_true",
        help="hold the weights of value.PINNED at the hand-set estimate's and fit the rest",
    )
    parser.add_argument(
        "--toward-hand",
        action="store_true",
        help="the ridge shrinks the weights toward the hand-set estimate's, not toward 0",
    )
    parser.add_argument("--games", type=Path, help="keep the games played in this JSON file")
    parser.add_argument("--write", action="store_true", help="write the package's data file")
    parser.add_argument("--out", type=Path, default=DATA_FILE, help="the data file to write")
    args = parser.parse_args(argv)
    fit_seeds, test_seeds = seeds_of(args.fit_seeds), seeds_of(args.test_seeds)
    if set(fit_seeds) & set(test_seeds):
        print("the fitting and test seeds overlap", file=sys.stderr)
        return 2
    if args.pin and args.fixed_score:
        print("--pin holds the score's weight already", file=sys.stderr)
        return 2
    train = collect(fit_seeds, "fitting games", args.games)
    rows: dict[str, list[list[float]]] = defaultdict(list)
    labels: dict[str, list[float]] = defaultdict(list)
    offsets: dict[str, list[float]] = defaultdict(list)
    for points, finals in train:
        for key, seats in points:
            for (xs, est), final in zip(seats, finals, strict=True):
                rows[key].append(xs)
                labels[key].append(final)
                offsets[key].append(final - est)

    def pins(key: str) -> dict[int, float] | None:
        if args.pin:
            hand = hand_weights(key)
            return {FEATURES.index(name): hand[FEATURES.index(name)] for name in PINNED}
        return {FEATURES.index("score"): 1.0} if args.fixed_score else None

    stages = {
        key: fit(
            rows[key],
            labels[key],
            args.ridge,
            pins(key),
            prior=hand_weights(key) if args.toward_hand else None,
        )
        for key in sorted(rows)
    }
    offset = {key: statistics.fmean(v) for key, v in offsets.items()}
    if args.write:
        data = {
            "made_by": (
                f"python scripts/fit_value_trajan.py --fit-seeds {args.fit_seeds} "
                f"--test-seeds {args.test_seeds} --ridge {args.ridge}"
                + (" --fixed-score" if args.fixed_score else "")
                + (" --pin" if args.pin else "")
                + (" --toward-hand" if args.toward_hand else "")
                + " --write"
            ),
            "rows": {key: len(rows[key]) for key in sorted(rows)},
            "features": list(FEATURES),
            "stages": {key: [round(w, 5) for w in ws] for key, ws in stages.items()},
        }
        args.out.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {args.out}")
    test = collect(test_seeds, "held-out games", args.games)
    err_fit: dict[str, list[float]] = defaultdict(list)
    err_hand: dict[str, list[float]] = defaultdict(list)
    pick_fit: dict[str, list[int]] = defaultdict(list)
    pick_hand: dict[str, list[int]] = defaultdict(list)
    for points, finals in test:
        top = max(finals)
        for key, seats in points:
            ws = stages[key]
            fitted = [sum(w * x for w, x in zip(ws, xs, strict=True)) for xs, _ in seats]
            hand = [est + offset[key] for _, est in seats]
            for f, h, final in zip(fitted, hand, finals, strict=True):
                err_fit[key].append(abs(f - final))
                err_hand[key].append(abs(h - final))
            pick_fit[key].append(int(finals[fitted.index(max(fitted))] == top))
            pick_hand[key].append(int(finals[hand.index(max(hand))] == top))
    print(
        f"held-out seeds {args.test_seeds}: mean absolute error of the final score (points) "
        "and how often the seat rated highest won"
    )
    print(f"{'stage':>6} {'rows':>6} {'fitted':>7} {'hand-set':>8} {'won:fit':>8} {'won:hand':>8}")
    for key in sorted(err_fit):
        print(
            f"{key:>6} {len(err_fit[key]):>6} {statistics.fmean(err_fit[key]):>7.2f} "
            f"{statistics.fmean(err_hand[key]):>8.2f} "
            f"{100 * statistics.fmean(pick_fit[key]):>7.0f}% "
            f"{100 * statistics.fmean(pick_hand[key]):>7.0f}%"
        )
    every_fit = [e for v in err_fit.values() for e in v]
    every_hand = [e for v in err_hand.values() for e in v]
    print(
        f"{'all':>6} {len(every_fit):>6} {statistics.fmean(every_fit):>7.2f} "
        f"{statistics.fmean(every_hand):>8.2f}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
