"""Rules that must hold at every step of any game, checked along random games: the Colonia only
empties and only fills with buildings on building spaces (rules "Building tiles can only be
placed on vacated spaces", temples and cranes never overbuilt), cranes only turn from covered
to coloured to colourless, the slide bar, benefit tracks and scores only move forward, the
flipped slide bar stays flipped (Appendix Merchant I a), every turn uses up the kept and
received tiles ("Where to place the Colonia tiles"), and envoys only stand on the Forum."""

from __future__ import annotations

from hypothesis import given

from forum_trajanum.games.forum_trajanum.data import CORNERS, TEMPLES
from forum_trajanum.games.forum_trajanum.engine import decision_kind
from forum_trajanum.games.forum_trajanum.engine.rules import current_player

from .games import games

FORBIDDEN = set(TEMPLES) | set(CORNERS)


def snapshot(state):
    return [
        {
            "grid": pl.grid[:],
            "buildings": pl.buildings[:],
            "cranes": pl.crane_state[:],
            "prestige": pl.prestige,
            "tracks": pl.tracks[:],
            "score": pl.score,
            "flipped": pl.flipped,
            "forum": [c for c, t in enumerate(state.forum) if t >= 0 and t // 34 == pl.seat],
        }
        for pl in state.players
    ]


def check_step(before, after):
    for b, a in zip(before, after, strict=True):
        for cell in range(36):
            if b["grid"][cell] < 0:
                assert a["grid"][cell] < 0, "a vacated space was covered again"
            if b["buildings"][cell]:
                assert a["buildings"][cell] == b["buildings"][cell], "a building changed"
            if a["buildings"][cell]:
                assert cell not in FORBIDDEN, "built on a temple or a crane"
                assert a["grid"][cell] < 0, "built on a space that still holds a tile"
        assert all(y >= x for x, y in zip(b["cranes"], a["cranes"], strict=True))
        assert a["prestige"] >= b["prestige"] and a["score"] >= b["score"]
        assert all(y >= x for x, y in zip(b["tracks"], a["tracks"], strict=True))
        assert a["flipped"] or not b["flipped"]
        assert set(b["forum"]) <= set(a["forum"]), "an envoy left the Forum"


def rules_hold(state):
    """The step check: the rules of the module docstring, from the first draft on (setup fills
    the Colonia, so before that spaces are covered)."""
    before = None

    def check(step):
        nonlocal before
        state = step.state
        if before is None:
            if decision_kind(state) == "draft":
                before = snapshot(state)
            return
        after = snapshot(state)
        check_step(before, after)
        before = after
        kind, actor = step.kind, step.actor
        if kind == "build" and (decision_kind(state), current_player(state)) != ("build", actor):
            pl = state.players[actor]
            if not any(t[0] == "build" and t[1] == actor for t in state.tasks):
                # the turn is over: nothing of this round is left in hand
                assert pl.kept == -1 and pl.received == -1 and pl.uses_left == 0

    return check


@given(games(checks=[rules_hold]))
def test_rules_hold_along_random_games(game):
    # Rules as listed in the module docstring, checked after every action.
    for pl in game.state.players:
        assert all(pl.grid[c] == -1 for c in TEMPLES)
        assert sum(pl.points.values()) == pl.score == sum(pl.cycle_points)
