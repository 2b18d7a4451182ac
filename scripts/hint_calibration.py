"""Does the hint's "about N points expected at the end of the game" come true, and does it hold
still? ``python scripts/hint_calibration.py [--game both] [--games 6] [--first-seed 1001]
[--fit]``.

Plays games of two Normal bots (Forum Trajanum and Trajan) and asks each seat for the hint as
the game shows it (the hint's search; ``--worlds`` fewer worlds to be quicker) at its
decisions: Forum Trajanum, the first two decisions with a choice of each phase of each round
(the draft, the turn); Trajan, every choice of a source tray and of an action's option. When
the game is over, each hint's figure is set against the seat's real final score. Printed per
stage of the game (cycle/round and d(raft) or t(urn); quarter/round): the hints asked, the mean
final score, and for the search's raw estimate ("raw", the figure before calibration) and for
the figure shown ("shown") their mean and their mean absolute error in percent of the final
score; "floor" is the error of a figure that knew the mean final score of these very games and
nothing else (the spread of the final scores: what no figure from an early position can beat by
much).

Stability (issue 38.3: the figure "does not move by more than 10 % between two of a player's
decisions when nothing of theirs changed"): for two consecutive hints of a seat where nothing
of its own changed between its move at the first and the second (its whole player record,
``mine``: score, Colonia or mat, supply, tiles, cards, markers, tracks, the round's
bookkeeping; only the others played, or nothing), the first hint's figure for the choice the
seat played (when the hint listed it) against the second's figure: the largest move in percent
of the first, its 95th percentile and its mean, with the five largest and what lay between them
(the others' moves); beside it, the move of the figure of the choice the seat played from one
hint to the next (where it played a listed choice at both: the figure of the path taken), and
the moves between any two consecutive hints of a seat. (Before issue 38.3's fix the script
compared a seat's figures at two hints with a part of its record equal at both, which left out
its Trajan markers, its kept and received tiles, its cranes and river: it counted pairs where
the seat's own move had changed those.) In Trajan the pairs with a demand revealed between
them (at a round's start, by chance: a demand every seat must meet at the quarter's end, up to
15 points if it cannot) are also counted apart: the figure must move there, with the seat's
prospects (seed 2005, player 1, quarter 3: a second demand for the same goods, 105.9 -> 90.5).

``--choices-from Q`` (Trajan) asks the hints from quarter ``Q`` on only and prints, at each,
the choice Normal played (with the hint's figure for it) beside the hint's best three: where
Normal falls short of the hint (issue 38.3: the figure jumps where the next hint finds a tray
much better than the Normal play its playouts assume; seed 2001, quarter 4: up to 12 points).

``--leads`` (Trajan) asks whether the hint's lead is real: at each hint where its best choice
is not the one Normal plays, both are played on to the end of the game from the real position
(every seat by fresh Normal bots, the same seeds for both: the two continuations differ only by
that choice), and the hint's raw lead of its best over Normal's choice (``shrink=1``, before
the hint's ``HINT_SHRINK``) is set against the true one, by stage (with ``--choices-from Q``
from quarter ``Q`` on).

``--fit`` prints the offsets the hint code adds: Forum Trajanum's, the final score less the raw
estimate by stage, added to the raw estimate; Trajan's, the final score less the fitted value
of the position by round of the game, from games of Normal bots alone (no hint asked), added to
the value where each playout ends. Fit on one range of seeds, measure on another.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import defaultdict


def forum_games(seeds, worlds: int | None):
    """Every hint asked along Normal vs Normal games, as a dict: the game, the seat, the stage,
    the figure shown and before its offset ("raw"), the seat's final score, the figures of the
    choices listed, the seat's record when asked and after its move (:func:`mine`), its move's
    figure ("played") and whether it was the suggestion ("followed")."""
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
        count: dict[tuple, int] = defaultdict(int)

        def ask(state, seat, pv, count=count):
            key = (state.cycle, state.round, state.phase, seat)
            wanted = pv.decision not in QUICK and state.phase in ("draft", "turn")
            if not wanted or count[key] >= 2 or len(legal_actions(state)) <= 1:
                return None
            hint = suggest(pv, worlds=worlds, with_reasons=False)
            if hint.top[0][1] is None:
                return None
            count[key] += 1
            stage = f"{state.cycle}/{state.round}{state.phase[0]}"
            return _asked(seat, stage, hint.top, final_offset(pv), mine(state, seat))

        state = new_game(seed, players=2)
        yield from _along(seed, state, NormalBot, (current_player, view_of, apply, is_over), ask)


def trajan_games(
    seeds, worlds: int | None, from_quarter: int = 1, shrink: float | None = None,
    positions: bool = False,
):  # fmt: skip
    """Every hint asked along Normal vs Normal games, as :func:`forum_games` gives them
    (from quarter ``from_quarter`` on; ``shrink``: the hint's, None for its own; with
    ``positions``, each with a copy of the game where it was asked, "position")."""
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

    def ask(state, seat, v):
        if state.tasks[-1].kind not in ("source", "act") or len(legal_actions(state)) <= 1:
            return None
        if state.quarter < from_quarter:
            return None
        shrunk = {} if shrink is None else {"shrink": shrink}
        found = hint(v, worlds=worlds, with_reasons=False, **shrunk)
        stage = f"{state.quarter}/{state.round}"
        # its offsets are in the figure: added at the end of each playout (bots.final_offset)
        # the demands revealed so far: each round after a quarter's first reveals one, by
        # chance, that every seat must meet at the quarter's end (a change of the seat's own
        # prospects that no figure can foresee)
        news = tuple(state.revealed)
        row = _asked(seat, stage, found.top, 0.0, mine(state, seat), news)
        if positions:
            row["position"] = state.clone()
        return row

    for seed in seeds:
        state = new_game(seed, TrajanOptions(players=2))
        yield from _along(seed, state, NormalBot, (current_player, view, apply, is_over), ask)


def trajan_leaf_offsets(seeds) -> tuple[float, ...]:
    """Trajan's ``FINAL_OFFSETS``: along games of two Normal bots, at every tray and action
    decision, each seat's final score less the fitted value of the position, averaged by the
    round of the game (quarter 1 round 1 first). The hint adds them where its playouts end."""
    from forum_trajanum.games.trajan import data as D
    from forum_trajanum.games.trajan.bots import NormalBot, round_of_game
    from forum_trajanum.games.trajan.bots.value import value
    from forum_trajanum.games.trajan.engine.rules import apply, current_player, is_over, new_game
    from forum_trajanum.games.trajan.engine.state import TrajanOptions
    from forum_trajanum.games.trajan.engine.view import view

    missed: dict[int, list[float]] = defaultdict(list)
    for seed in seeds:
        state = new_game(seed, TrajanOptions(players=2))
        bots = [NormalBot(seed * 10 + i) for i in range(2)]
        judged = []
        while not is_over(state):
            seat = current_player(state)
            if state.phase != "setup" and state.tasks[-1].kind in ("source", "act"):
                k = round_of_game(state)
                judged += [(k, p, value(state, p)) for p in range(2)]
            apply(state, bots[seat].choose(view(state, seat)))
        for k, p, v in judged:
            missed[k].append(state.players[p].score - v)
    rounds = D.QUARTERS * D.ROUNDS_PER_QUARTER
    return tuple(round(statistics.mean(missed[k]), 1) if missed[k] else 0.0 for k in range(rounds))


def trajan_leads(seeds, worlds: int | None, from_quarter: int = 1):
    """Along the games :func:`trajan_games` plays (its hints with raw figures: ``shrink=1``):
    where the hint's best choice is not the one Normal played and Normal's is listed, a dict
    with the game, the stage, the hint's lead of its best over Normal's choice ("est") and the
    true one ("true": the seat's final score after each, both played on to the end by
    :func:`trajan_finish`)."""
    from forum_trajanum.games.trajan.engine.rules import legal_actions

    asked: dict[int, int] = defaultdict(int)
    for row in trajan_games(seeds, worlds, from_quarter, shrink=1.0, positions=True):
        if row["followed"] or row["played"] is None:
            continue
        game, position, seat = row["game"], row["position"], row["seat"]
        asked[game] += 1
        players = game * 100 + asked[game]  # the continuations' bots, the same for both
        by_text = {str(a): a for a in legal_actions(position)}
        best, played = by_text[next(iter(row["figures"]))], by_text[row["action"]]
        yield {
            "game": game,
            "stage": row["stage"],
            "est": row["shown"] - row["played"],
            "true": trajan_finish(position, best, seat, players)
            - trajan_finish(position, played, seat, players),
        }


def trajan_finish(state, action, seat: int, players: int) -> int:
    """The seat's final score when ``action`` is played in a copy of ``state`` and the game
    goes on to its end with every seat played by a fresh Normal bot seeded from ``players``
    (the same bots for every action: the engine drew all its chances at setup, so two
    continuations differ only by the action)."""
    from forum_trajanum.games.trajan.bots import NormalBot
    from forum_trajanum.games.trajan.engine.rules import apply, current_player, is_over
    from forum_trajanum.games.trajan.engine.view import view

    state = state.clone()
    apply(state, action)
    bots = [NormalBot(players * 10 + i) for i in range(len(state.players))]
    while not is_over(state):
        mover = current_player(state)
        apply(state, bots[mover].choose(view(state, mover)))
    return state.players[seat].score


#: The stages :func:`leads` reports (Trajan: quarter/round), each with its test.
LEAD_STAGES = (
    ("before quarter 4", lambda q, r: q < 4),
    ("quarter 4, round 1", lambda q, r: q == 4 and r < 2),
    ("quarter 4, round 2 on", lambda q, r: q == 4 and r >= 2),
)


def leads(rows: list[dict]) -> list[str]:
    """The hint's estimated lead against the true one, by stage (:data:`LEAD_STAGES`) and
    over all: the cases, both means, the true one's standard error and their ratio."""
    lines = []
    for name, test in (*LEAD_STAGES, ("all", lambda q, r: True)):
        got = [row for row in rows if test(*map(int, row["stage"].split("/")))]
        if not got:
            continue
        est = statistics.mean(row["est"] for row in got)
        true = statistics.mean(row["true"] for row in got)
        spread = statistics.stdev(row["true"] for row in got) if len(got) > 1 else 0.0
        ratio = f"{true / est:.2f}" if est else "-"
        lines.append(
            f"{name}: {len(got)} cases, the hint's lead {est:.1f} points, the true one "
            f"{true:.1f} (standard error {spread / len(got) ** 0.5:.1f}), true/hint {ratio}"
        )
    return lines


def _along(seed: int, state, bot_class, rules, ask):
    """Play ``state`` to its end between two of ``bot_class``, asking ``ask(state, seat,
    view)`` for a hint at every decision (None: none asked there), each hint then told the
    move played and the seat's record after it; the hints as :func:`forum_games` gives them."""
    current_player, view_of, apply, is_over = rules
    bots = [bot_class(seed * 10 + i) for i in range(2)]
    asked: list[dict] = []
    step = 0
    while not is_over(state):
        seat = current_player(state)
        v = view_of(state, seat)
        hinted = ask(state, seat, v)
        if hinted is not None:
            hinted["step"] = step
            asked.append(hinted)
        action = bots[seat].choose(v)
        apply(state, action)
        step += 1
        if hinted is not None:
            _played(hinted, action, mine(state, seat))
    yield from _finished(seed, asked, [p.score for p in state.players])


def mine(state, seat: int) -> str:
    """Everything of the seat's own (its whole player record: score, Colonia or mat,
    supply, tiles, cards, markers, tracks, the round's bookkeeping)."""
    return repr(state.players[seat])


def _asked(seat: int, stage: str, top, offset: float, before: str, news=None) -> dict:
    return {
        "news": news,
        "seat": seat,
        "stage": stage,
        "shown": top[0][1],
        "offset": offset,
        "figures": {str(a): v for a, v in top},
        "before": before,
    }


def _played(asked: dict, action, after: str) -> None:
    """What the seat played at a hinted decision: whether it was the suggestion, the figure
    the hint gave that choice (None when the hint did not list it), its record after it."""
    asked["action"] = str(action)
    asked["followed"] = str(action) == next(iter(asked["figures"]))
    asked["played"] = asked["figures"].get(str(action))
    asked["after"] = after


def _finished(game, asked: list[dict], scores: list[int]):
    for row in asked:
        row["game"] = game
        row["final"] = scores[row["seat"]]
        row["raw"] = row["shown"] - row["offset"]
        yield row


def _order(stage: str) -> tuple:
    a, b = stage.split("/")
    return int(a), int(b.rstrip("dt")), b[-1:] if not b[-1:].isdigit() else ""


def _summary(moves: list[float]) -> str:
    moves = sorted(moves)
    return (
        f"largest move {moves[-1]:.1f} %, 95th percentile "
        f"{moves[int(0.95 * (len(moves) - 1))]:.1f} %, mean {statistics.mean(moves):.1f} %"
    )


def stability(rows: list[dict], worst: int = 5) -> None:
    """The moves between a seat's consecutive hints (see the module's text)."""
    held, unmoved, every, path, unrevealed = [], [], [], [], []
    cases = []
    last: dict[tuple, dict] = {}
    for row in rows:
        before = last.get((row["game"], row["seat"]))
        last[row["game"], row["seat"]] = row
        if before is None:
            continue
        every.append(100 * abs(row["shown"] - before["shown"]) / max(abs(before["shown"]), 1.0))
        if before["before"] == row["before"]:
            unmoved.append(every[-1])
        if before["after"] != row["before"] or before["played"] is None:
            continue
        move = 100 * abs(row["shown"] - before["played"]) / max(abs(before["played"]), 1.0)
        held.append(move)
        revealed = before.get("news") != row.get("news")
        if not revealed:
            unrevealed.append(move)
        if row["played"] is not None:
            path.append(
                100 * abs(row["played"] - before["played"]) / max(abs(before["played"]), 1.0)
            )
        others = row["step"] - before["step"] - 1
        cases.append(
            (
                move,
                f"game {row['game']}, seat {row['seat'] + 1}, {before['stage']} -> "
                f"{row['stage']}: {before['played']:.1f} -> {row['shown']:.1f} "
                f"({'the suggestion' if before['followed'] else 'another listed choice'} "
                f"played, then {others} moves of the others"
                f"{'; a demand revealed between' if revealed else ''})",
            )
        )
    if not held:
        print("stability: no two consecutive hints of a seat with nothing of its own changed")
        return
    print(
        f"stability, {len(held)} pairs of a seat's consecutive hints with nothing of its own "
        f"changed between its move at the first and the second (the first's figure for the "
        f"choice it played against the second's): {_summary(held)}"
    )
    if len(unrevealed) < len(held):
        print(
            f"  of them, with no demand revealed between ({len(unrevealed)}; a demand every "
            f"seat must meet, revealed by chance at a round's start): {_summary(unrevealed)}"
        )
    if path:
        print(
            f"  the figure of the choice the seat played, from one to the next ({len(path)} of "
            f"them: it played a listed choice at both): {_summary(path)}"
        )
    if unmoved:
        print(f"  the seat's record the same at both hints ({len(unmoved)}): {_summary(unmoved)}")
    print(f"  any two consecutive hints of a seat ({len(every)}): {_summary(every)}")
    for move, where in sorted(cases, reverse=True)[:worst]:
        print(f"  {move:5.1f} %  {where}")


def report(name: str, rows: list[dict], fit: bool) -> None:
    by_stage: dict[str, list[tuple]] = defaultdict(list)
    for row in rows:
        by_stage[row["stage"]].append((row["raw"], row["shown"], row["final"]))
    print(f"\n{name}: {len(rows)} hints")
    print(
        f"{'stage':>6} {'hints':>5} {'final':>6} {'raw':>6} {'raw err':>8} {'shown':>6} "
        f"{'err':>6} {'floor':>6}"
    )
    errors: dict[str, list[float]] = {"raw": [], "shown": [], "floor": []}
    offsets = []
    average = statistics.mean(row["final"] for row in rows)
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


def show_choices(rows) -> None:
    """Each hint's row as Normal's choice (the hint's figure for it) beside the hint's best."""
    print("game, quarter/round, player: Normal's choice (its figure) | the hint's best three")
    for row in rows:
        played = row["played"]
        shown = f"{played:.1f}" if played is not None else "not listed"
        best = ", ".join(f"{a} {v:.1f}" for a, v in list(row["figures"].items())[:3])
        where = f"{row['game']}, {row['stage']}, player {row['seat'] + 1}"
        print(f"{where}: {row['action']} ({shown}) | {best}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=("forum", "trajan", "both"), default="both")
    parser.add_argument("--games", type=int, default=6, help="games of each (default 6)")
    parser.add_argument("--first-seed", type=int, default=1001)
    parser.add_argument(
        "--worlds", type=int, default=None, help="worlds per choice (default: the hint's)"
    )
    parser.add_argument("--fit", action="store_true", help="print the offsets by stage")
    parser.add_argument(
        "--choices-from",
        type=int,
        metavar="QUARTER",
        help="Trajan: hints from this quarter on, each as Normal's choice beside the hint's best",
    )
    parser.add_argument(
        "--leads",
        action="store_true",
        help="Trajan: the hint's lead of its best over Normal's choice against the true one "
        "(from --choices-from's quarter on)",
    )
    args = parser.parse_args()
    seeds = range(args.first_seed, args.first_seed + args.games)
    if args.leads:
        rows = list(trajan_leads(seeds, args.worlds, args.choices_from or 1))
        print(f"Trajan, {args.games} games from seed {args.first_seed}, Normal vs Normal:")
        print("\n".join(leads(rows)))
        return
    if args.game in ("forum", "both"):
        started = time.perf_counter()
        rows = list(forum_games(seeds, args.worlds))
        report(f"Forum Trajanum, {args.games} games, Normal vs Normal", rows, args.fit)
        print(f"({time.perf_counter() - started:.0f} s)")
    if args.game in ("trajan", "both") and args.choices_from is not None:
        show_choices(trajan_games(seeds, args.worlds, args.choices_from))
    elif args.game in ("trajan", "both") and args.fit:
        # Trajan's offsets are added where the playouts end, to the fitted value: measured
        # on Normal's games alone (no hint asked)
        print(f"Trajan, FINAL_OFFSETS over {args.games} games: {trajan_leaf_offsets(seeds)}")
    elif args.game in ("trajan", "both"):
        started = time.perf_counter()
        rows = list(trajan_games(seeds, args.worlds))
        report(f"Trajan, {args.games} games, Normal vs Normal", rows, args.fit)
        print(f"({time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()
