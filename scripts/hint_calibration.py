"""Does the hint's "about N points expected at the end of the game" come true?
``python scripts/hint_calibration.py [--game both] [--games 6] [--first-seed 1001] [--fit]``.

Plays games of two Normal bots (Forum Trajanum and Trajan) and asks each seat for a hint at
its decisions (Forum Trajanum: the first decision with a choice of each round, the hint's
search cut to ``--worlds`` worlds and ``--candidates`` candidates to keep it quick; Trajan:
every choice of a source tray, the hint as the game shows it). When the game is over, each
hint's figure is set against the seat's real final score. Printed per stage of the game
(cycle/round, quarter/round): the hints asked, the mean final score, and for the search's raw
estimate ("raw", the figure before calibration) and for the figure shown ("shown") their mean
and their mean absolute error in percent of the final score; "floor" is the error of a figure
that knew the mean final score of these very games and nothing else (the spread of the
final scores: what no figure from an early position can beat by much). ``--fit`` prints the offsets
(final score less the raw estimate, by stage) that the hint code adds to the raw estimate:
fit on one range of seeds, measure on another.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import defaultdict


def forum_games(seeds, worlds: int, candidates: int):
    """(stage, raw, shown, final) for every hint asked along Normal vs Normal games."""
    from forum_trajanum.games.forum_trajanum.bots.hint import final_offset, suggest
    from forum_trajanum.games.forum_trajanum.bots.normal import NormalBot
    from forum_trajanum.games.forum_trajanum.engine import (
        apply,
        current_player,
        is_over,
        legal_actions,
        new_game,
    )
    from forum_trajanum.games.forum_trajanum.engine import view as view_of
    from forum_trajanum.games.forum_trajanum.engine.tasks import Decision

    setup = {Decision.SETUP_CRANES, Decision.SETUP_ROW, Decision.SETUP_DIAGONAL}
    setup.add(Decision.HANDICAP)
    for seed in seeds:
        state = new_game(seed, players=2)
        bots = [NormalBot(seed * 10 + i) for i in range(2)]
        asked: dict[tuple, tuple[int, float]] = {}
        while not is_over(state):
            seat = current_player(state)
            pv = view_of(state, seat)
            key = (state.cycle, state.round, seat)
            if key not in asked and pv.decision not in setup and len(legal_actions(state)) > 1:
                hint = suggest(pv, worlds=worlds, candidates=candidates, seed=seed)
                if hint.top[0][1] is not None:
                    asked[key] = (hint.top[0][1], final_offset(pv))
            apply(state, bots[seat].choose(pv))
        for (cycle, rnd, seat), (shown, offset) in asked.items():
            yield f"{cycle}/{rnd}", shown - offset, shown, state.players[seat].score


def trajan_games(seeds):
    """(stage, raw, shown, final) for every hint asked along Normal vs Normal games."""
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
            if state.tasks[-1].kind == "source" and len(legal_actions(state)) > 1:
                shown = hint(v)[0][1]
                asked.append((f"{state.quarter}/{state.round}", seat, shown, final_offset(v)))
            apply(state, bots[seat].choose(v))
        for stage, seat, shown, offset in asked:
            yield stage, shown - offset, shown, state.players[seat].score


def report(name: str, rows: list[tuple], fit: bool) -> None:
    by_stage: dict[str, list[tuple]] = defaultdict(list)
    for stage, raw, shown, final in rows:
        by_stage[stage].append((raw, shown, final))
    print(f"\n{name}: {len(rows)} hints")
    print(
        f"{'stage':>6} {'hints':>5} {'final':>6} {'raw':>6} {'raw err':>8} {'shown':>6} "
        f"{'err':>6} {'floor':>6}"
    )
    errors: dict[str, list[float]] = {"raw": [], "shown": [], "floor": []}
    offsets = []
    average = statistics.mean(f for _, _, _, f in rows)
    for stage in sorted(by_stage, key=lambda s: tuple(int(x) for x in s.split("/"))):
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
    if fit:
        print(f"offsets by stage (final - raw): {tuple(offsets)}")
        print(f"hints by stage: {tuple(len(by_stage[k]) for k in by_stage)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=("forum", "trajan", "both"), default="both")
    parser.add_argument("--games", type=int, default=6, help="games of each (default 6)")
    parser.add_argument("--first-seed", type=int, default=1001)
    parser.add_argument("--worlds", type=int, default=2, help="Forum Trajanum hint's worlds")
    parser.add_argument("--candidates", type=int, default=2, help="... and its candidates")
    parser.add_argument("--fit", action="store_true", help="print the offsets by stage")
    args = parser.parse_args()
    seeds = range(args.first_seed, args.first_seed + args.games)
    if args.game in ("forum", "both"):
        started = time.perf_counter()
        rows = list(forum_games(seeds, args.worlds, args.candidates))
        report(f"Forum Trajanum, {args.games} games, Normal vs Normal", rows, args.fit)
        print(f"({time.perf_counter() - started:.0f} s)")
    if args.game in ("trajan", "both"):
        started = time.perf_counter()
        rows = list(trajan_games(seeds))
        report(f"Trajan, {args.games} games, Normal vs Normal", rows, args.fit)
        print(f"({time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()
