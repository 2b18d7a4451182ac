"""The builds a conversion makes possible at a building step, from the builder's view alone.

A build that needs a conversion first (a recoloured worker, a builder from a pair) is two
actions: the conversion, then the build. :func:`builds_after_conversion` says which builds
each conversion legal now opens, so that a screen can offer such a build where the builds are,
with its conversion in its cost (issue 36, item 13). Legality is the engine's: each conversion
is applied to a copy of a world consistent with the view (``determinize``: only the viewer's
own Colonia and supply decide a build, and they are all in the view), and the builds are read
off ``legal_actions`` after it.
"""

from __future__ import annotations

import random

from forum_trajanum.games.forum_trajanum.engine.actions import Build, Convert
from forum_trajanum.games.forum_trajanum.engine.determinize import determinize
from forum_trajanum.games.forum_trajanum.engine.rules import (
    apply,
    current_player,
    decision_kind,
    legal_actions,
)
from forum_trajanum.games.forum_trajanum.engine.tasks import Decision
from forum_trajanum.games.forum_trajanum.engine.view import PlayerView


def builds_after_conversion(view: PlayerView) -> dict[Build, Convert]:
    """At the viewer's own building step: each build that is not legal now but is right after
    one conversion legal now, with that conversion (the engine's first, when several open it);
    empty at any other decision."""
    if view.decision != Decision.BUILD or view.viewer < 0 or view.viewer != view.decider:
        return {}
    conversions = [a for a in view.legal if isinstance(a, Convert)]
    if not conversions:
        return {}
    world = determinize(view, random.Random(0))
    now = set(view.legal)
    out: dict[Build, Convert] = {}
    for conversion in conversions:
        after = world.clone()
        apply(after, conversion)
        if current_player(after) != view.viewer or decision_kind(after) != Decision.BUILD:
            continue
        for action in legal_actions(after):
            if isinstance(action, Build) and action not in now and action not in out:
                out[action] = conversion
    return out


__all__ = ["builds_after_conversion"]
