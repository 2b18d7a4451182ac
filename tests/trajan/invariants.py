"""Invariants of a Trajan state (the tests check them after every action of random games)."""

from __future__ import annotations

from collections import Counter

from forum_trajanum.games.trajan import data as D
from forum_trajanum.games.trajan.engine.state import GameState


def check_invariants(state: GameState) -> None:
    """Raise AssertionError when a component is lost, doubled or negative."""
    for p, pl in enumerate(state.players):
        tokens = pl.supply + pl.workers + pl.legions + len(pl.sites) + len(pl.provinces)
        assert tokens == D.TOKENS, f"player {p + 1} has {tokens} tokens"
        assert min(pl.supply, pl.workers, pl.legions) >= 0
        assert pl.score == sum(pl.points.values()), f"player {p + 1}'s score is not its events"
        if state.quarter >= 1:
            held = [sum(tray[c] for tray in pl.trays) for c in range(D.NUM_COLOURS)]
            for task in state.tasks:
                if task.kind == "sow" and task.player == p:
                    held = [h + n for h, n in zip(held, task.hand, strict=True)]
            assert held == [D.MARKERS_PER_COLOUR] * D.NUM_COLOURS, f"player {p + 1}'s markers"
        assert 0 <= pl.senate <= D.SENATE_TOP
        assert len(set(pl.provinces)) == len(pl.provinces)
        assert len(set(pl.sites)) == len(pl.sites)
        assert len(pl.plus2) == D.NUM_ACTIONS  # at most one [+2] marker per action (R8)
    cards = Counter(state.deck)
    for pile in state.discards:
        cards.update(pile)
    for pl in state.players:
        cards.update(pl.hand)
        cards.update(pl.display)
    assert cards == Counter({c: D.CARDS_PER_COMMODITY for c in range(len(D.COMMODITIES))})
    tiles = [t for t in state.provinces + state.forum + state.yellow if t >= 0]
    tiles += state.forum_pile + state.extra_pile + state.gone_tiles
    for pl in state.players:
        tiles += pl.tiles
    assert sorted(tiles) == list(range(len(D.FORUM_TILES))), "forum tiles lost or doubled"
    trajan = [t for stack in state.stacks for t in stack] + state.gone_trajan
    for pl in state.players:
        trajan += [t for t in pl.slots if t >= 0] + pl.kept
    assert sorted(trajan) == list(range(len(D.TRAJAN_TILES))), "Trajan tiles lost or doubled"
    demands = state.demand_pile + state.demands_out + state.revealed + state.gone_demands
    assert Counter(demands) == Counter(D.DEMAND_TILES)
    bonus = state.bag + state.senate_bonus
    for pl in state.players:
        bonus += pl.bonus
        assert len(pl.bonus) == len(pl.yellow)
    assert sorted(bonus) == list(range(len(D.BONUS_TILES)))
    built = sum(sum(pl.buildings) for pl in state.players)
    assert built + sum(t >= 0 for t in state.district) == len(D.CONSTRUCTION_TILES)
    for site, tile in enumerate(state.district):
        assert (tile >= 0) == (not state.workers[site]), f"site {site}: tile and workers"
