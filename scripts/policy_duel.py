"""Is a change to Forum Trajanum's Normal policy a better player? ``python
scripts/policy_duel.py [--deals 300] [--seed 7] [--builds 6] [--parts both]``.

Plays the Normal bot against the Normal bot with its policy made sharper
(:func:`~forum_trajanum.games.forum_trajanum.bots.normal.sharp_policy`, the policy Hard ranks
its candidates by and plays its playouts with), 2 players, each deal in both seat orders (deal
``d`` is game seed ``seed * 1000 + d``; the sharper bot's seed is ten times it, the other's one
more). Every ten deals it prints the sharper bot's wins, its margin a game with its standard
error, and both mean scores. A Normal game takes about half a second, so a few hundred
games settle what Hard's own searches (about 40 s a game) never could in an afternoon: whether
the policy its playouts assume plays better.

``--builds N``: the builds each side's building step looks at (Normal's 6; Hard's playouts 2);
the sharper side looks at as many when it chooses the tile to use. ``--parts``: ``use`` (the
tile judged by the building step it leads to) or ``reach`` (the evaluation of Hard's leaves)
alone, ``both`` (the sharper policy as Hard uses it), or ``whole`` (both, the tile judged by
the building step's whole ranking, conversions too).
"""

from __future__ import annotations

import argparse
import statistics


def sharper(seed: int, builds: int, parts: str):
    """A Normal bot whose policy is sharpened by ``parts``."""
    from forum_trajanum.games.forum_trajanum.bots.evaluation import evaluate, reach_value
    from forum_trajanum.games.forum_trajanum.bots.normal import (
        NormalBot,
        NormalPolicy,
        sharp_policy,
    )

    bot = NormalBot(seed, builds)
    if parts == "both":  # the policy itself, as Hard makes it
        bot.policy = sharp_policy(bot.rng, builds)
    else:
        bot.policy = NormalPolicy(
            bot.rng,
            builds,
            value=evaluate if parts == "use" else reach_value,
            use_builds={"use": builds, "whole": -1}.get(parts, 0),
        )
    return bot


def main(argv: list[str] | None = None) -> None:
    from forum_trajanum.core.match import play_game
    from forum_trajanum.games.forum_trajanum.bots.normal import NormalBot

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--builds", type=int, default=6)
    parser.add_argument("--parts", choices=("both", "use", "reach", "whole"), default="both")
    args = parser.parse_args(argv)
    margins: list[float] = []
    wins = 0.0
    mine: list[int] = []
    theirs: list[int] = []
    for deal in range(args.deals):
        game_seed = args.seed * 1000 + deal
        for swapped in (False, True):
            bots = [sharper(game_seed * 10, args.builds, args.parts),
                    NormalBot(game_seed * 10 + 1, args.builds)]  # fmt: skip
            if swapped:
                bots.reverse()
            result = play_game(bots, game_seed, game="forum-trajanum")
            seat = 1 if swapped else 0
            margins.append(result.scores[seat] - result.scores[1 - seat])
            mine.append(result.scores[seat])
            theirs.append(result.scores[1 - seat])
            wins += result.win_share(seat)
        if (deal + 1) % 10 == 0 or deal + 1 == args.deals:
            games = len(margins)
            error = statistics.stdev(margins) / games**0.5 if games > 1 else 0.0
            print(
                f"{games} games: the sharper won {wins:g} ({wins / games:.1%}), margin "
                f"{statistics.mean(margins):+.2f} a game (standard error {error:.2f}), "
                f"{statistics.mean(mine):.1f} to {statistics.mean(theirs):.1f}",
                flush=True,
            )


if __name__ == "__main__":
    main()
