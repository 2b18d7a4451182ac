"""Helpers for Trajan's rule tests: a game past its setup, scenes built on it, and an
independent tally of every player's points."""

from __future__ import annotations

import math
import random
from collections import Counter
from itertools import product

from forum_trajanum.games.trajan import data as D
from forum_trajanum.games.trajan.engine.actions import TILE_KEY
from forum_trajanum.games.trajan.engine.rules import FLOW, apply, is_over, legal_actions, new_game
from forum_trajanum.games.trajan.engine.state import GameState, TrajanOptions
from forum_trajanum.games.trajan.engine.tasks import EndTurnTask, SourceTask, SowTask
from forum_trajanum.games.trajan.engine.turn import tile_matches


def after_setup(seed: int = 1, players: int = 2) -> GameState:
    """A game whose setup was played with every default (the first legal action)."""
    state = new_game(seed, TrajanOptions(players=players))
    while state.phase == "setup":
        apply(state, legal_actions(state)[0])
    return state


def turn_of(state: GameState, seat: int) -> GameState:
    """Make it ``seat``'s turn, at the start of the turn."""
    state.tasks = [SourceTask(seat)]
    FLOW.run_automatic(state)
    return state


def quarter_end(state: GameState, seat: int = 0) -> GameState:
    """End the turn of ``seat`` in the 4th round: the quarter ends (EN l.405)."""
    state.round_ends = True
    state.round = D.ROUNDS_PER_QUARTER
    while len(state.revealed) < D.DEMANDS_PER_QUARTER:
        state.revealed.append(state.demand_pile.pop())
    state.tasks = [EndTurnTask(seat)]
    state.__pydantic_private__["_legal"] = None
    FLOW.run_automatic(state)
    return state


def random_game(seed: int, players: int):
    """Play a random game; yields (state before, action) for every decision."""
    rng = random.Random(seed)
    state = new_game(seed, TrajanOptions(players=players))
    while not is_over(state):
        action = rng.choice(legal_actions(state))
        yield state, action
        apply(state, action)


def find(actions, text: str):
    found = [a for a in actions if str(a) == text]
    assert found, f"{text!r} is not among {[str(a) for a in actions]}"
    return found[0]


# ── an independent tally of the points ───────────────────────────────────────────────────

_DEMAND_KINDS = ("demand", "wild_demand")


def _demand_tiles(tiles) -> Counter:
    """The demand tiles and demand wild cards among ``tiles``, by (kind, value)."""
    kinds = (D.FORUM_TILES[t] for t in tiles)
    return Counter((t.kind, t.value) for t in kinds if t.kind in _DEMAND_KINDS)


def _taken(before: GameState, action) -> list[int]:
    """The forum-type tile an action gives its player (EN l.308, l.319)."""
    if action.kind == "forum":
        return [t for t in before.forum + before.yellow if t >= 0 and TILE_KEY[t] == action.key][:1]
    if action.kind == "march" and before.provinces[action.province] >= 0:
        return [before.provinces[action.province]]
    return []


def best_sets(buildings: list[int], wilds: int) -> int:
    """EN l.530-534, R10: every way to place the construction wild cards, the best one."""
    best = 0
    for extra in product(range(wilds + 1), repeat=len(buildings)):
        if sum(extra) == wilds:
            counts = [n + k for n, k in zip(buildings, extra, strict=True)]
            value = sum(
                max((vp for size, vp in D.SET_POINTS.items() if n >= size), default=0)
                for n in counts
            )
            best = max(best, value)
    return best


def bonus_tile_points(pl) -> int:
    """EN l.544-594 (R9, R23, R24), written out again from the tables."""
    kinds = [D.FORUM_TILES[t] for t in pl.tiles]
    total, rates = 0, []
    for tile, yellow in zip(pl.bonus, pl.yellow, strict=True):
        info, side = D.BONUS_TILES[tile], (0 if yellow else 1)
        if info.kind == "demand":  # a forum tile with the icon, not a wild card (R24)
            owned = any(k.kind == "demand" and k.value == info.value for k in kinds)
            total += D.BONUS_DEMAND[side] * owned
        elif info.kind == "construction":
            vp, per = D.BONUS_PER_WORKER[side]
            total += math.ceil(len(pl.sites) * vp / per)
        elif info.kind == "military":
            total += D.BONUS_PER_LEGIONNAIRE[side] * len(pl.provinces)
        elif info.kind == "bonus":
            total += D.BONUS_PER_BONUS[side] * pl.yellow.count(True)
        else:
            pair = (info.value, info.value + 1)
            total += D.BONUS_PER_CARD[side] * sum(c in pair for c in pl.display)
            rates.append(D.BONUS_PER_CARD[side])
    wilds = sum(k.kind == "wild_commodity" for k in kinds)
    return total + (max(rates) * wilds if rates else 0)


class Tally:
    """Every player's points by category, counted again from what each step changed on the
    board and from the data tables alone: never from a player's ``score`` or ``points``, nor
    from the engine's scoring functions. :meth:`check` compares them with the engine's."""

    def __init__(self, players: int) -> None:
        self.points = [Counter() for _ in range(players)]
        #: per player, the demand tiles spent at this quarter end, by (kind, value)
        self.spent = [Counter() for _ in range(players)]
        self.pending = False  # inside a quarter end (the demands are paid over several steps)

    def step(self, before: GameState, action, after: GameState) -> None:
        actor = before.tasks[-1].player
        mine = self.points[actor]
        pl = before.players[actor]
        if action.kind == "senate":  # EN l.357
            mine["senate"] += D.SENATE_VP[pl.senate + 1]
        elif action.kind == "deploy":  # EN l.322, l.349; R28: legionnaires, not leaders
            others = sum(seat != actor for seat in before.legions[pl.leader])
            mine["provinces"] += max(0, D.PROVINCE_VP[pl.leader] - D.LEGION_CROWDING * others)
        elif action.kind == "build" and before.district[action.site] >= 0:  # EN l.371, l.375
            mine["buildings"] += D.CONSTRUCTION_TILES[before.district[action.site]][1]
        elif action.kind == "ship":  # EN l.262-302, PL l.238-286
            load = len(action.cards) + action.wilds
            size = load // D.PAIR_CARDS if action.ship == D.PAIRS else load
            side = D.SHIP_FRONT if before.ships[action.ship] else D.SHIP_BACK
            mine["ships"] += side[action.ship][size - 1]
        for p, (old, new) in enumerate(zip(before.players, after.players, strict=True)):
            for tile in old.slots:  # EN l.219: a Trajan tile that left the circle (R2)
                if tile >= 0 and tile not in new.slots:
                    self.points[p]["trajan"] += D.TRAJAN_TILES[tile].vp
        if len(after.scorings) > len(before.scorings):
            self.pending = True
        if self.pending:
            for p, (old, new) in enumerate(zip(before.players, after.players, strict=True)):
                held = old.tiles + (_taken(before, action) if p == actor else [])
                self.spent[p] += _demand_tiles(held) - _demand_tiles(new.tiles)
            if before.revealed and not after.revealed:  # the quarter's tiles were removed
                self._demands(after)
                self.pending = False
        if before.tasks and not after.tasks:
            self._final(after)

    def _demands(self, after: GameState) -> None:
        """EN l.409-425, l.452; R14: each demand met by a kept Trajan tile, a spent forum tile
        or a spent wild card; none left that the player could have met."""
        demands = after.reports[-1].demands
        for p, pl in enumerate(after.players):
            need = Counter(demands)
            need -= Counter(D.TRAJAN_TILES[t].amount for t in pl.kept)
            wilds = 0
            for kind, value in self.spent[p].elements():
                if kind == "wild_demand":
                    wilds += 1
                else:
                    assert need[value] > 0, f"player {p + 1} spent a tile not needed"
                    need[value] -= 1
            unmet = sum(need.values())
            assert wilds <= unmet, f"player {p + 1} spent a wild card not needed"
            unmet -= wilds
            left = [D.FORUM_TILES[t] for t in pl.tiles if D.FORUM_TILES[t].kind in _DEMAND_KINDS]
            if unmet:  # EN l.452: a demand that could be met must be met
                assert not any(t.kind == "wild_demand" for t in left), f"player {p + 1}"
                assert not any(need[t.value] for t in left if t.kind == "demand")
            self.points[p]["demands"] -= D.DEMAND_PENALTY[unmet]
            self.spent[p] = Counter()

    def _final(self, after: GameState) -> None:
        """EN l.524-538; R10, R17."""
        for p, pl in enumerate(after.players):
            on_slots = sum(t >= 0 for t in pl.slots)
            self.points[p]["leftovers"] += D.LEFTOVER_VP * (
                len(pl.hand) + pl.workers + pl.legions + on_slots
            )
            wilds = sum(D.FORUM_TILES[t].kind == "wild_construction" for t in pl.tiles)
            self.points[p]["sets"] += best_sets(pl.buildings, wilds)
            self.points[p]["bonus"] += bonus_tile_points(pl)

    def check(self, state: GameState) -> None:
        """Each player's score is the tally's sum, category by category (not in the middle of
        a quarter end, whose demands are counted when the quarter's tiles leave)."""
        if self.pending:
            return
        for p, pl in enumerate(state.players):
            tally = {k: n for k, n in self.points[p].items() if n}
            engine = {k: n for k, n in pl.points.items() if n}
            assert tally == engine, f"player {p + 1}: tallied {tally}, engine {engine}"
            assert pl.score == sum(self.points[p].values()), f"player {p + 1}'s score"


def can_still_accomplish(
    state: GameState, seat: int, target: int, tile: int, known: dict | None = None
) -> bool:
    """Brute force: whether some way of sowing the markers still in hand ends with the
    target tray accomplishing ``tile`` (EN l.187-189 sowing; l.219 accomplishing). Every
    sowing is played by the engine; two sowings that reach the same next tray with the same
    markers in hand and the same target tray go on alike (one marker a tray, the target's
    markers alone decide), so each such point is searched once (``known``: its answers)."""
    top = state.tasks[-1] if state.tasks else None
    pl = state.players[seat]
    if not isinstance(top, SowTask) or top.player != seat:
        return pl.slots[target] != tile or tile_matches(tile, pl.trays[target])
    known = {} if known is None else known
    point = (top.tray, top.hand, top.target, tuple(pl.trays[target]))
    if point not in known:
        known[point] = any(
            can_still_accomplish(apply(state.clone(), a), seat, target, tile, known)
            for a in legal_actions(state)
        )
    return known[point]


def flat_markers(monkeypatch) -> None:
    """The first tray's 21 marker pairs in one list, not picked in two steps (a colour, then
    its pairs): for the tests of a long list's keys and rows, which the setup's list was
    before the two steps."""
    from forum_trajanum.games.trajan.ui import choices

    monkeypatch.setattr(choices, "PAIRS_AT_ONCE", 99)
