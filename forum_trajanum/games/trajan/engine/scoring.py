"""Trajan's points at a scoring and the final scoring (EN l.524-594): building sets (R10),
bonus tiles (R9, R23, R24), what is left over, and how players level on points are ranked
(EN l.540-542; R13).
"""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple

from forum_trajanum.games.trajan import data as D
from forum_trajanum.games.trajan.engine.state import (
    GameState,
)

_FORUM = D.FORUM_TILES


def score(state: GameState, p: int, source: str, vp: int) -> None:
    """Points given by a quarter-end or final scoring (kept per scoring too)."""
    state.players[p].gain(source, vp)
    state.scorings[-1][p][source] += vp


def set_points(buildings: list[int], wilds: int) -> int:
    """R10: construction sets per type (3 -> 10, 4 -> 20), the wild cards placed best."""
    best = 0
    types = len(buildings)
    largest = max(D.SET_POINTS)  # a 5th tile of a type adds nothing

    def walk(i: int, left: int, counts: list[int]) -> None:
        nonlocal best
        if i == types:
            best = max(best, sum(D.SET_POINTS.get(min(c, largest), 0) for c in counts))
            return
        for k in range(left + 1):
            walk(i + 1, left - k, [*counts, buildings[i] + k])

    walk(0, wilds, [])
    return best


class BonusItem(NamedTuple):
    """One bonus tile's points at the end: its side, what it counted (a demand tile owned
    0 or 1, workers on sites, legionnaires in provinces, yellow bonus tiles, display cards of
    its pair) and the commodity wild cards counted for it (R23)."""

    tile: int
    yellow: bool
    count: int  # type: ignore[assignment]  # shadows tuple.count: the field keeps its name
    wilds: int
    vp: int


def bonus_items(state: GameState, p: int) -> list[BonusItem]:
    """Each of a player's bonus tiles with its points (EN l.544-594; R9, R23, R24); the
    commodity wild cards count for the best commodity bonus tile, the first of them."""
    pl = state.players[p]
    yellows = sum(pl.yellow)
    items = []
    for tile, yellow in zip(pl.bonus, pl.yellow, strict=True):
        info = D.BONUS_TILES[tile]
        side = 0 if yellow else 1
        if info.kind == "demand":
            count = int(
                any(_FORUM[t].kind == "demand" and _FORUM[t].value == info.value for t in pl.tiles)
            )
            vp = D.BONUS_DEMAND[side] * count
        elif info.kind == "construction":
            per_vp, per = D.BONUS_PER_WORKER[side]
            count = len(pl.sites)
            vp = -(-count * per_vp // per)  # rounded up (EN l.564)
        elif info.kind == "military":
            count = len(pl.provinces)
            vp = D.BONUS_PER_LEGIONNAIRE[side] * count
        elif info.kind == "bonus":
            count = yellows
            vp = D.BONUS_PER_BONUS[side] * yellows
        else:
            count = sum(1 for c in pl.display if c in (info.value, info.value + 1))
            vp = D.BONUS_PER_CARD[side] * count
        items.append(BonusItem(tile, yellow, count, 0, vp))
    wilds = sum(_FORUM[t].kind == "wild_commodity" for t in pl.tiles)
    rates = [
        (D.BONUS_PER_CARD[0 if it.yellow else 1], -i)
        for i, it in enumerate(items)
        if D.BONUS_TILES[it.tile].kind == "commodities"
    ]
    if wilds and rates:  # R23
        rate, at = max(rates)
        best = items[-at]
        items[-at] = best._replace(wilds=wilds, vp=best.vp + rate * wilds)
    return items


def bonus_points(state: GameState, p: int) -> int:
    """The points of a player's bonus tiles (EN l.544-594; R9, R23, R24)."""
    return sum(item.vp for item in bonus_items(state, p))


def score_game_end(state: GameState) -> None:
    """The final scoring (EN l.524-594): what is left over, the sets and the bonus tiles."""
    for p, pl in enumerate(state.players):
        on_slots = sum(1 for t in pl.slots if t >= 0)  # R17
        leftovers = len(pl.hand) + pl.workers + pl.legions + on_slots
        score(state, p, "leftovers", D.LEFTOVER_VP * leftovers)
        wilds = sum(_FORUM[t].kind == "wild_construction" for t in pl.tiles)
        score(state, p, "sets", set_points(pl.buildings, wilds))
        score(state, p, "bonus", bonus_points(state, p))


class TieBreak(StrEnum):
    """What ranks players level on points (EN l.540-542; R13): the higher place in the
    senate. A member's value is its player words; :attr:`fields` name its values in a
    :class:`RankKey`."""

    SENATE = "higher in the senate"

    @property
    def fields(self) -> tuple[str, ...]:
        """The :class:`RankKey` fields holding this tie-break's value, most significant first."""
        return TIE_BREAK_FIELDS[self]

    @property
    def detail(self) -> str:
        """How it is read, in a player's words."""
        return TIE_BREAK_DETAILS[self]

    def of(self, key: RankKey) -> tuple[int, ...]:
        """This tie-break's value in ``key`` (more is better)."""
        return tuple(getattr(key, field) for field in self.fields)


#: The tie-breaks in order (what ranks players level on points).
TIE_BREAKS: tuple[TieBreak, ...] = tuple(TieBreak)
TIE_BREAK_FIELDS: dict[TieBreak, tuple[str, ...]] = {TieBreak.SENATE: ("senate", "height")}
TIE_BREAK_DETAILS: dict[TieBreak, str] = {
    TieBreak.SENATE: "the higher space, then the disc on top (the consul of the last vote)",
}


class RankKey(NamedTuple):
    """What ranks a player: points, then each :class:`TieBreak`'s fields in order."""

    score: int
    senate: int  # the space on the senate track
    height: int  # the disc's place in the stack on that space (higher = on top)


assert RankKey._fields[1:] == tuple(field for tie in TIE_BREAKS for field in tie.fields)


def rank_key(state: GameState, p: int) -> RankKey:
    """Points, then the higher place in the senate (EN l.542; R13)."""
    pl = state.players[p]
    return RankKey(pl.score, pl.senate, pl.height)
