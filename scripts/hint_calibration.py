"""Does the hint's "about N points expected at the end of the game" come true, and does it hold
still? ``python scripts/hint_calibration.py [--game both] [--games 6] [--first-seed 1001]
[--fit]``.

Plays games of two Normal bots (Forum Trajanum and Trajan) and asks each seat for the hint as
the game shows it (the Expert's search with the hint's settings; ``--worlds`` fewer worlds to
be quicker) at its decisions: Forum Trajanum, the first two decisions with a choice of each
phase of each round (the draft, the turn); Trajan, every choice of a source tray and of an
action's option. When the game is over, each hint's figure is set against the seat's real
final score. Printed per stage of the game (cycle/round and d(raft) or t(urn); quarter/round):
the hints asked, the mean final score, and for the search's raw estimate ("raw", the figure
before calibration) and for the figure shown ("shown") their mean and their mean absolute
error in percent of the final score; "floor" is the error of a figure that knew the mean final
score of these very games and nothing else (the spread of the final scores: what no figure
from an early position can beat by much).

Stability: between two consecutive hints of a seat whose own part of the game did not change
(its score, Colonia or buildings, resources, tiles and cards: only the others played, or it
only chose a tile or moved its markers), how far the figure moved, in percent of the first:
the largest such move, its 95th percentile and the mean ("held still" pairs), beside the
largest move between any two consecutive hints of a seat; and the same for the pairs where the
seat's move at the first hint was the hint's own suggestion (a seat that takes another choice
than the suggested one may well be worse off: that move is its own doing).

``--fit`` prints the offsets (final score less the raw estimate, by stage) that the hint code
adds to the raw estimate: fit on one range of seeds, measure on another.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import defaultdict


def forum_games(seeds, worlds: int | None):
    """(game, seat, stage, raw, shown, final, own, followed) for every hint asked along Normal
    vs Normal games (``own``: the seat's own part of the game when asked; ``followed``: the
    seat's move then was the hint's suggestion)."""
    from forum_trajanum.games.forum_trajanum.bots.hint import QUICK, final_offset, suggest
    from forum_trajanum.games.forum_trajanum.bots.normal import NormalBot
    from forum_trajanum.games.forum_trajanum.engine import (
        apply,
        current_player,
        is_over,
        legal_actions,
        new_game,
    )
    from forum_trajanum.games.forum_trajanum.engine import view as view_of

    for seed in seeds:
        state = new_game(seed, players=2)
        bots = [NormalBot(seed * 10 + i) for i in range(2)]
        asked: list[tuple] = []
        count: dict[tuple, int] = defaultdict(int)
        while not is_over(state):
            seat = current_player(state)
            pv = view_of(state, seat)
            key = (state.cycle, state.round, state.phase, seat)
            wanted = pv.decision not in QUICK and state.phase in ("draft", "turn")
            if wanted and count[key] < 2 and len(legal_actions(state)) > 1:
                hint = suggest(pv, worlds=worlds, with_reasons=False)
                if hint.top[0][1] is not None:
                    count[key] += 1
                    stage = f"{state.cycle}/{state.round}{state.phase[0]}"
                    pl = state.players[seat]
                    own = (
                        pl.score, tuple(pl.grid), tuple(pl.buildings), pl.builders,
                        tuple(pl.workers), pl.assistants, pl.coins, pl.tribunes,
                        tuple(map(tuple, pl.citizens)), pl.prestige, tuple(pl.tracks),
                        tuple(pl.ship),
                    )  # fmt: skip
                    asked.append([seat, stage, hint.top[0][1], final_offset(pv), own, hint.action])
            action = bots[seat].choose(pv)
            if asked and asked[-1][0] == seat and not isinstance(asked[-1][5], bool):
                asked[-1][5] = str(asked[-1][5]) == str(action)  # the seat followed the hint
            apply(state, action)
        for seat, stage, shown, offset, own, followed in asked:
            score = state.players[seat].score
            yield seed, seat, stage, shown - offset, shown, score, own, followed is True


def trajan_games(seeds, worlds: int | None):
    """(game, seat, stage, raw, shown, final, own, followed) for every hint asked along Normal
    vs Normal games."""
    from forum_trajanum.games.trajan.bots import NormalBot, final_offset, hint
    from forum_trajanum.games.trajan.engine.rules import (
        apply,
        current_player,
        is_over,
        legal_actions,
        new_game,
    )
    from forum_trajanum.games.trajan.engine.state import TrajanOptions
    from forum_trajanum.games.trajan.engine.view import view

    for seed in seeds:
        state = new_game(seed, TrajanOptions(players=2))
        bots = [NormalBot(seed * 10 + i) for i in range(2)]
        asked = []
        while not is_over(state):
            seat = current_player(state)
            v = view(state, seat)
            kind = state.tasks[-1].kind
            if kind in ("source", "act") and len(legal_actions(state)) > 1:
                found = hint(v, worlds=worlds, with_reasons=False)
                shown = found.top[0][1]
                pl = state.players[seat]
                own = (
                    pl.score, tuple(pl.hand), pl.workers, pl.legions, tuple(pl.buildings),
                    tuple(pl.tiles), tuple(pl.slots), pl.senate, tuple(pl.provinces),
                    pl.supply, tuple(pl.plus2), tuple(pl.kept),
                )  # fmt: skip
                stage = f"{state.quarter}/{state.round}"
                asked.append([seat, stage, shown, final_offset(v), own, found.action])
            action = bots[seat].choose(v)
            if asked and asked[-1][0] == seat and not isinstance(asked[-1][5], bool):
                asked[-1][5] = str(asked[-1][5]) == str(action)  # the seat followed the hint
            apply(state, action)
        for seat, stage, shown, offset, own, followed in asked:
            score = state.players[seat].score
            yield seed, seat, stage, shown - offset, shown, score, own, followed is True


def _order(stage: str) -> tuple:
    a, b = stage.split("/")
    return int(a), int(b.rstrip("dt")), b[-1:] if not b[-1:].isdigit() else ""


def stability(rows: list[tuple]) -> None:
    """The moves between a seat's consecutive hints (see the module's text)."""
    held, every, followed = [], [], []
    last: dict[tuple, tuple] = {}
    worst = ("", "", 0.0)
    for game, seat, stage, _raw, shown, _final, own, took in rows:
        before = last.get((game, seat))
        if before is not None:
            move = 100 * abs(shown - before[0]) / max(abs(before[0]), 1.0)
            every.append(move)
            if before[1] == own:
                held.append(move)
                if before[3]:
                    followed.append(move)
                if move > worst[2]:
                    where = f"game {game}, seat {seat + 1}, {before[2]} -> {stage}"
                    worst = (where, f"{before[0]:.0f} -> {shown:.0f}", move)
        last[game, seat] = (shown, own, stage, took)
    if not held:
        print("stability: no two consecutive hints of a seat with its own part unchanged")
        return
    held.sort()
    print(
        f"stability, {len(held)} pairs of consecutive hints of a seat whose own part did not "
        f"change: largest move {held[-1]:.1f} %, 95th percentile "
        f"{held[int(0.95 * (len(held) - 1))]:.1f} %, mean {statistics.mean(held):.1f} % "
        f"(any two consecutive hints, {len(every)} pairs: largest {max(every):.1f} %); the "
        f"largest: {worst[0]}, {worst[1]}"
    )
    if followed:
        followed.sort()
        print(
            f"  of them {len(followed)} where the seat had taken the hint's suggestion at the "
            f"first: largest move {followed[-1]:.1f} %, 95th percentile "
            f"{followed[int(0.95 * (len(followed) - 1))]:.1f} %, mean "
            f"{statistics.mean(followed):.1f} %"
        )


def report(name: str, rows: list[tuple], fit: bool) -> None:
    by_stage: dict[str, list[tuple]] = defaultdict(list)
    for _game, _seat, stage, raw, shown, final, *_ in rows:
        by_stage[stage].append((raw, shown, final))
    print(f"\n{name}: {len(rows)} hints")
    print(
        f"{'stage':>6} {'hints':>5} {'final':>6} {'raw':>6} {'raw err':>8} {'shown':>6} "
        f"{'err':>6} {'floor':>6}"
    )
    errors: dict[str, list[float]] = {"raw": [], "shown": [], "floor": []}
    offsets = []
    average = statistics.mean(row[5] for row in rows)
    for stage in sorted(by_stage, key=_order):
        got = by_stage[stage]
        final = statistics.mean(f for _, _, f in got)
        raw = statistics.mean(r for r, _, _ in got)
        shown = statistics.mean(s for _, s, _ in got)
        raw_err = 100 * statistics.mean(abs(r - f) / f for r, _, f in got)
        err = 100 * statistics.mean(abs(s - f) / f for _, s, f in got)
        # the error of a figure that knew the games' mean final score and nothing else
        floor = 100 * statistics.mean(abs(average - f) / f for _, _, f in got)
        errors["raw"].append(raw_err)
        errors["shown"].append(err)
        errors["floor"].append(floor)
        offsets.append(round(statistics.mean(f - r for r, _, f in got), 1))
        print(
            f"{stage:>6} {len(got):>5} {final:6.1f} {raw:6.1f} {raw_err:7.1f}% "
            f"{shown:6.1f} {err:5.1f}% {floor:5.1f}%"
        )
    print(
        f"mean error over the stages: raw {statistics.mean(errors['raw']):.1f} %, "
        f"shown {statistics.mean(errors['shown']):.1f} % (worst stage shown "
        f"{max(errors['shown']):.1f} %; the mean final score alone: "
        f"{statistics.mean(errors['floor']):.1f} %)"
    )
    stability(rows)
    if fit:
        print(f"offsets by stage (final - raw): {tuple(offsets)}")
        print(f"stages: {tuple(sorted(by_stage, key=_order))}")
        print(f"hints by stage: {tuple(len(by_stage[k]) for k in sorted(by_stage, key=_order))}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=("forum", "trajan", "both"), default="both")
    parser.add_argument("--games", type=int, default=6, help="games of each (default 6)")
    parser.add_argument("--first-seed", type=int, default=1001)
    parser.add_argument(
        "--worlds", type=int, default=None, help="worlds per choice (default: the hint's)"
    )
    parser.add_argument("--fit", action="store_true", help="print the offsets by stage")
    args = parser.parse_args()
    seeds = range(args.first_seed, args.first_seed + args.games)
    if args.game in ("forum", "both"):
        started = time.perf_counter()
        rows = list(forum_games(seeds, args.worlds))
        report(f"Forum Trajanum, {args.games} games, Normal vs Normal", rows, args.fit)
        print(f"({time.perf_counter() - started:.0f} s)")
    if args.game in ("trajan", "both"):
        started = time.perf_counter()
        rows = list(trajan_games(seeds, args.worlds))
        report(f"Trajan, {args.games} games, Normal vs Normal", rows, args.fit)
        print(f"({time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()
