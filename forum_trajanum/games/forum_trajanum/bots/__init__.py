"""Bots: players that see only their own view and answer with one of its legal actions.

Interface shared by the app, the simulator and the tests::

    bot = make_bot("normal", seed=3)
    action = bot.choose(view)        # view: forum_trajanum.games.forum_trajanum.engine.PlayerView

``make_bot`` lives in :mod:`forum_trajanum.games.forum_trajanum.bots.factory`; the driver loop that
plays a game
between bots (``play_game``, ``step``) in :mod:`forum_trajanum.core.match`.

Contract:

- ``choose`` receives only ``view(state, seat)`` for the bot's own seat, at a decision of that
  seat (``view.legal`` is not empty), and returns one of ``view.legal`` (the engine's own
  action values: the app and the match driver apply it as it is). A bot never receives the
  full game state; search bots sample worlds from their view with
  :func:`forum_trajanum.games.forum_trajanum.engine.determinize.determinize`.
- Bots are deterministic for their seed: each owns a ``random.Random(seed)`` and uses no global
  random state. Only Hard reads a clock, for its deadline (2.5 s per decision); a search the
  deadline does not cut is the same on any machine.
- Levels: "easy" (weighted random, ~0.1 ms), "normal" (heuristic with one-step lookahead,
  about a millisecond median), "hard" (anytime flat Monte Carlo search with playouts by the
  Normal policy, about 0.1 s median and never much past its 2.2 s deadline), "expert"
  (information-set tree search: :mod:`~forum_trajanum.games.forum_trajanum.bots.expert`).
- No waste: every level leaves out the conversions that would bring its building step back
  to where it has been, or reach with more conversions what fewer could
  (:mod:`~forum_trajanum.games.forum_trajanum.bots.thrift`).
"""

from __future__ import annotations

from typing import Protocol

from forum_trajanum.games.forum_trajanum.engine import Action, PlayerView

LEVELS: tuple[str, ...] = ("easy", "normal", "hard", "expert")


class Bot(Protocol):
    """A player that decides from its view alone."""

    level: str

    def choose(self, view: PlayerView) -> Action:
        """One of ``view.legal``, for the decision the view shows."""
        ...


def legal_of(view: PlayerView) -> list[Action]:
    """The legal actions in ``view`` (a list of its own); a view with no decision for its
    viewer raises."""
    if not view.legal:
        raise ValueError(f"player {view.viewer + 1} has no decision to make now")
    return list(view.legal)
