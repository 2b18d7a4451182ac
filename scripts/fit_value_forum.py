"""Fit Forum Trajanum's value from self-play: ``python scripts/fit_value_forum.py --train 1000-1599
--test 2000-2199 [--every 6] [--ridge 0.001] [--cache DIR] [--write]``.

Plays one game of Normal bots per seed (2, 3 or 4 players: ``2 + seed % 3``; the bots' seeds
``10 * seed + seat``), records every seat's features
(:func:`forum_trajanum.games.forum_trajanum.bots.value.features`) at every ``--every``-th
decision, labels them with that seat's final score, and fits per stage
(:data:`~forum_trajanum.games.forum_trajanum.bots.value.STAGES`) the weights by least squares
(the normal equations, solved in pure Python) with a ridge of ``--ridge`` times each
feature's mean square (so it does not depend on a feature's scale; the bias is not shrunk).
Then it plays the ``--test`` seeds and prints, per stage, the mean absolute error of the
fitted value and of the hand-set ``evaluate`` against the final scores (and their mean
signed error). ``--write`` stores the weights in ``bots/value_forum.json``. The same seeds
give the same file on any machine; ``--cache DIR`` keeps the games' records there, so a second
fit of the same seeds plays no game.

It also fits the final score *differences* (every ordered pair of seats: features and final
scores subtracted, :func:`pairs`) and prints, per stage, how far each seat's lead over a rival
is from the fitted value's difference and from that relative fit, and how often each says
who finishes ahead. Measured on 2026-12-06 (``--train 1000-1299 --test 2000-2099``): the two
agree to 0.1 point and 1-2 % of the signs at every stage (cycle I rounds 1-2 15.6 points and
59 % both; cycle III rounds 3-4 4.1 / 4.0 points, 93 / 94 %): the score's fit already judges
the lead as well as a fit to the lead, so the relative weights are not stored.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from forum_trajanum.core.fitting import fit as held


def seeds_of(text: str) -> list[int]:
    """``"1000-1599"`` or ``"1,2,3"`` as a list of seeds."""
    out: list[int] = []
    for part in text.split(","):
        if "-" in part:
            a, b = part.split("-")
            out += range(int(a), int(b) + 1)
        elif part:
            out.append(int(part))
    return out


def moments(seeds, every: int):
    """(stage, every seat's features, every seat's final score) at every ``every``-th
    decision of one Normal-bot game per seed."""
    from forum_trajanum.games.forum_trajanum.bots.normal import NormalBot
    from forum_trajanum.games.forum_trajanum.bots.value import features, stage
    from forum_trajanum.games.forum_trajanum.engine import (
        apply,
        current_player,
        is_over,
        new_game,
        view,
    )

    for seed in seeds:
        players = 2 + seed % 3
        state = new_game(seed, players=players)
        bots = [NormalBot(10 * seed + i) for i in range(players)]
        seen = []
        step = 0
        while not is_over(state):
            if step % every == 0 and state.tasks:
                seen.append((stage(state), [features(state, p) for p in range(players)]))
            seat = current_player(state)
            apply(state, bots[seat].choose(view(state, seat)), seat)
            step += 1
        finals = [float(pl.score) for pl in state.players]
        for k, xs in seen:
            yield k, xs, finals


def cached(seeds_text: str, every: int, cache: str | None) -> list:
    """:func:`moments` of the seeds, read from (or written to) the ``cache`` directory."""
    if cache:
        path = Path(cache) / f"moments-{seeds_text}-every{every}.json"
        if path.exists():
            return json.loads(path.read_text(encoding="utf-8"))
    out = [list(m) for m in moments(seeds_of(seeds_text), every)]
    if cache:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(out), encoding="utf-8")
    return out


def records(rows):
    """(stage, features, final score) of every seat at every moment."""
    for k, xs, finals in rows:
        for x, y in zip(xs, finals, strict=True):
            yield k, x, y


def pairs(rows):
    """(stage, features of a seat less those of a rival, its final score less the rival's)
    for every ordered pair of seats at every moment: a value fitted to these judges what a
    seat's position is worth against its rivals' (what decides who wins), not what the
    points scored by everybody alike add."""
    for k, xs, finals in rows:
        for p, (x, y) in enumerate(zip(xs, finals, strict=True)):
            for q, (xq, yq) in enumerate(zip(xs, finals, strict=True)):
                if p != q:
                    yield k, [a - b for a, b in zip(x, xq, strict=True)], y - yq


def fit(rows, ridge: float, stages: int, size: int, fixed=None, prior=None) -> list[list[float]]:
    """Per stage, the least-squares weights of (stage, features, label) ``rows`` by the core's
    :func:`~forum_trajanum.core.fitting.fit` (the ridge is ``ridge`` times each feature's sum
    of squares, the bias is not shrunk, a feature that never varies gets weight 0): the
    ``fixed`` weights (by index) held, the others shrunk toward ``prior`` when one is given
    rather than toward 0. A stage without rows gets weights 0."""
    xs: list[list[list[float]]] = [[] for _ in range(stages)]
    ys: list[list[float]] = [[] for _ in range(stages)]
    for k, x, y in rows:
        xs[k].append(x)
        ys[k].append(y)
    return [
        held(xs[k], ys[k], ridge, fixed, prior) if xs[k] else [0.0] * size for k in range(stages)
    ]


def dot(w, x) -> float:
    return math.fsum(a * b for a, b in zip(w, x, strict=True))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--train", default="1000-1599")
    parser.add_argument("--test", default="2000-2199")
    parser.add_argument("--every", type=int, default=6)
    parser.add_argument("--ridge", type=float, default=0.001)
    parser.add_argument("--cache", default=None, help="keep the games' records in this folder")
    parser.add_argument(
        "--pin",
        action="store_true",
        help="hold the weights of value.PINNED at the hand-set evaluation's and fit the rest",
    )
    parser.add_argument(
        "--toward-hand",
        action="store_true",
        help="shrink each weight toward the hand-set evaluation's instead of toward 0",
    )
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args(argv)

    from forum_trajanum.games.forum_trajanum.bots.value import (
        DATA,
        FEATURES,
        HAND,
        PINNED,
        STAGES,
    )

    began = time.perf_counter()
    train = cached(args.train, args.every, args.cache)
    print(f"train: {len(train)} moments in {time.perf_counter() - began:.0f} s", flush=True)
    hand = [HAND.get(n, 0.0) for n in FEATURES]
    weights = fit(
        records(train),
        args.ridge,
        len(STAGES),
        len(FEATURES),
        {FEATURES.index(n): HAND.get(n, 0.0) for n in PINNED} if args.pin else None,
        hand if args.toward_hand else None,
    )
    relative = fit(pairs(train), args.ridge, len(STAGES), len(FEATURES))
    test = cached(args.test, args.every, args.cache)
    errors: dict[int, list[tuple[float, float, float]]] = defaultdict(list)
    for k, x, y in records(test):
        errors[k].append((dot(weights[k], x) - y, dot(hand, x) - y, y))
    print(f"test seeds {args.test}: mean absolute error (mean signed) in points")
    print(f"{'stage':<10}{'n':>6}{'final':>8}{'fitted':>16}{'evaluate':>18}")
    total = [0.0, 0.0, 0]
    for k, name in enumerate(STAGES):
        e = errors.get(k)
        if not e:
            continue
        n = len(e)
        fa = sum(abs(a) for a, _, _ in e) / n
        ha = sum(abs(b) for _, b, _ in e) / n
        fs = sum(a for a, _, _ in e) / n
        hs = sum(b for _, b, _ in e) / n
        final = sum(y for *_, y in e) / n
        total[0] += fa * n
        total[1] += ha * n
        total[2] += n
        print(f"{name:<10}{n:>6}{final:>8.1f}{fa:>8.1f} ({fs:+5.1f}){ha:>10.1f} ({hs:+5.1f})")
    if total[2]:
        fa, ha = total[0] / total[2], total[1] / total[2]
        print(f"{'all':<10}{total[2]:>6}{'':>8}{fa:>8.1f}{ha:>18.1f}")
    print("a seat's final score less a rival's: mean absolute error, and how often the sign")
    print("(who finishes ahead) is right, by the fitted value's difference and the relative one")
    print(f"{'stage':<10}{'n':>6}{'fitted':>16}{'relative':>18}")
    for k, name in enumerate(STAGES):
        e = [
            (dot(weights[k], x) - y, dot(relative[k], x) - y, y)
            for kk, x, y in pairs(test)
            if kk == k and y
        ]
        if not e:
            continue
        n = len(e)
        fa = sum(abs(a) for a, _, _ in e) / n
        ra = sum(abs(b) for _, b, _ in e) / n
        fsign = sum((a + y > 0) == (y > 0) for a, _, y in e) / n
        rsign = sum((b + y > 0) == (y > 0) for _, b, y in e) / n
        print(f"{name:<10}{n:>6}{fa:>8.1f} ({fsign:4.0%}){ra:>10.1f} ({rsign:4.0%})")
    if args.write:
        data = {
            "made_by": (
                f"python scripts/fit_value_forum.py --train {args.train} --test {args.test} "
                f"--every {args.every} --ridge {args.ridge}"
                + (" --pin" if args.pin else "")
                + (" --toward-hand" if args.toward_hand else "")
                + " --write"
            ),
            "features": list(FEATURES),
            "weights": {name: [round(w, 5) for w in weights[k]] for k, name in enumerate(STAGES)},
        }
        DATA.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        print(f"written: {DATA}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
