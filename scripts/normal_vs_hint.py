"""Where does the Normal bot's choice fall short of the hint's? ``python
scripts/normal_vs_hint.py [--seed 2001] [--from-quarter 4]`` (Trajan).

Plays a game of two Normal bots (the seeds the hint calibration uses: bot seeds ``seed * 10``
and ``seed * 10 + 1``) and, at every choice of a tray or of an action's option from quarter
``--from-quarter`` on, prints the choice Normal plays beside the hint's three best with their
figures (the points the seat can expect at the end of the game with that choice): a lead of
many points is a place Normal's estimate misjudges. A lead for issue 38.3 (the hint's figure
jumps where the next hint finds a tray much better than the Normal play its playouts assume)
and for the Normal bot's end game.
"""

from __future__ import annotations

import argparse


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python scripts/normal_vs_hint.py")
    parser.add_argument("--seed", type=int, default=2001)
    parser.add_argument("--from-quarter", type=int, default=4)
    args = parser.parse_args(argv)

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

    state = new_game(args.seed, TrajanOptions(players=2))
    bots = [NormalBot(args.seed * 10 + i) for i in range(2)]
    print("quarter/round, player, decision: Normal's choice (its figure) | the hint's best three")
    while not is_over(state):
        seat = current_player(state)
        seen = view(state, seat)
        action = bots[seat].choose(seen)
        task = state.tasks[-1].kind if state.tasks else ""
        if (
            state.phase != "setup"
            and state.quarter >= args.from_quarter
            and task in ("source", "act")
            and len(legal_actions(state)) > 1
        ):
            top = hint(seen, with_reasons=False).top
            figures = {str(a): points for a, points in top}
            played = figures.get(str(action))
            shown = f"{played:.1f}" if played is not None else "not listed"
            best = ", ".join(f"{a} {points:.1f}" for a, points in top[:3])
            where = f"{state.quarter}/{state.round}, player {seat + 1}, {task}"
            print(f"{where}: {action} ({shown}) | {best}")
        apply(state, action)
    print("final scores:", ", ".join(str(p.score) for p in state.players))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
