"""Cycle-end scoring (rules "End of the cycle - Scoring Phase") and the final ranking."""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple

from forum_trajanum.core.ranking import places
from forum_trajanum.games.forum_trajanum.data import (
    COLS,
    CORNERS,
    CRANE_POINTS,
    GRAYS,
    PATRICIAN_I,
    ROWS,
    TILES_PER_PLAYER,
    area_points,
    trajan_card_value,
)
from forum_trajanum.games.forum_trajanum.engine.cards import building_task, collection_task
from forum_trajanum.games.forum_trajanum.engine.forum import (
    eagle_points,
    eagle_total,
    forum_geometry,
    group_largest,
    largest_group,
)
from forum_trajanum.games.forum_trajanum.engine.state import (
    CRANE_OPEN,
    CRANE_SCORED,
    TRAJAN_CARDS_KEY,
    GameState,
    PlayerState,
    tile_owner,
)

#: The categories of a cycle's scoring phase (rules "End of the cycle - Scoring Phase").
SCORING_CATEGORIES = ("cranes", "colonia", "eagles", "area", TRAJAN_CARDS_KEY)
#: Points scored during a cycle's rounds: triumphal columns built, benefit tracks finished,
#: area bonuses taken as 2 VP. Each cycle's record in ``state.scorings`` holds them too, so
#: that a cycle's record adds up to the points of the whole cycle.
PLAY_CATEGORIES = ("column", "tracks", "bonus")


def crane_points(pl: PlayerState, cycle: int) -> int:
    """Uncovered, unscored cranes: 3/2/1 VP per structure of the crane's colour."""
    total = 0
    for i, _corner in enumerate(CORNERS):
        if pl.crane_state[i] == CRANE_OPEN:
            total += pl.buildings.count(pl.cranes[i]) * CRANE_POINTS[cycle - 1]
    return total


def colonia_row_points(pl: PlayerState) -> list[int]:
    """Per grid row: different gray types x (1 + active citizens in that citizen row)."""
    out = []
    for r in range(ROWS):
        kinds = {b for b in pl.buildings[r * COLS : (r + 1) * COLS] if b in GRAYS}
        citizens = (pl.citizens[r][0] >= 0) + (pl.citizens[r][1] >= 0) if pl.row_active[r] else 0
        out.append(len(kinds) * (1 + citizens))
    return out


def forum_points(state: GameState, p: int) -> tuple[int, int]:
    """(eagle points, largest-area points) of player ``p`` now."""
    pl = state.players[p]
    geo = forum_geometry(state)
    eagles = eagle_points(geo, state.forum, tile_owner, p, pl.ability(PATRICIAN_I))
    group = largest_group(geo, state.forum, tile_owner, p)
    return eagles, area_points(group, pl.prestige, pl.flipped)


def forum_scores(state: GameState) -> list[tuple[int, int]]:
    """:func:`forum_points` of every player, from one pass over the Forum (the scoring of a
    cycle's end reads them all at once: issue 37.5)."""
    geo = forum_geometry(state)
    cells: list[list[int]] = [[] for _ in state.players]
    for i, t in enumerate(state.forum):
        if t >= 0:
            cells[t // TILES_PER_PLAYER].append(i)  # its owner: tile_owner(t)
    return [
        (
            eagle_total(geo, mine, pl.ability(PATRICIAN_I)),
            area_points(group_largest(geo, set(mine)), pl.prestige, pl.flipped),
        )
        for pl, mine in zip(state.players, cells, strict=True)
    ]


def trajan_card_of_cycle(state: GameState, cycle: int) -> str:
    """The Trajan card scored after ``cycle`` ("" for none: introductory game, cycles I-II)."""
    return state.trajan_cards[cycle - 1]


def trajan_card_points(state: GameState, pl: PlayerState, cycle: int) -> tuple[int, int, int]:
    """(building fulfilments, collection fulfilments, points) for the card of ``cycle``."""
    card = trajan_card_of_cycle(state, cycle)
    if not card:
        return 0, 0, 0
    b, c = building_task(card, pl), collection_task(card, pl)
    return b, c, (b + c) * trajan_card_value(pl.prestige, pl.flipped)


def score_cycle(state: GameState) -> None:
    """Score cranes, Colonia, Forum and Trajan for every player (citizens already paid).

    The cycle's record (``state.scorings``) holds, per player, the points of this scoring by
    category and, under :data:`PLAY_CATEGORIES`, the points scored during the cycle's rounds:
    its values add up to everything the player scored in the cycle."""
    breakdown = []
    forum = forum_scores(state)
    for p, pl in enumerate(state.players):
        play = {
            source: pl.points[source] - sum(cycle[p].get(source, 0) for cycle in state.scorings)
            for source in PLAY_CATEGORIES
        }
        cranes = crane_points(pl, state.cycle)
        for i in range(4):
            if pl.crane_state[i] == CRANE_OPEN:
                pl.crane_state[i] = CRANE_SCORED
        colonia = sum(colonia_row_points(pl))
        eagles, area = forum[p]
        _, _, card = trajan_card_points(state, pl, state.cycle)
        parts = {"cranes": cranes, "colonia": colonia, "eagles": eagles, "area": area,
                 TRAJAN_CARDS_KEY: card}  # fmt: skip
        for source, points in parts.items():
            pl.score += points
            pl.points[source] += points
            pl.cycle_points[state.cycle - 1] += points
        breakdown.append({**play, **parts})
    state.scorings.append(breakdown)


class TieBreak(StrEnum):
    """What ranks players level on points, in the rules' order (rules "End of the game"): the
    most active citizens, then the most resources left; players still level share the place.

    A member's value is its player words ("active citizens"); its :attr:`field` names its
    value in a :class:`RankKey`."""

    ACTIVE_CITIZENS = "active citizens"
    RESOURCES_LEFT = "resources left"

    @property
    def field(self) -> str:
        """The :class:`RankKey` field holding this tie-break's value."""
        return self.name.lower()

    @property
    def detail(self) -> str:
        """What it counts when its words alone do not say it ("" when they do)."""
        return TIE_BREAK_DETAILS.get(self, "")

    def of(self, key: RankKey) -> int:
        """This tie-break's value in ``key``."""
        return getattr(key, self.field)


#: The tie-breaks in order (what ranks players level on points).
TIE_BREAKS: tuple[TieBreak, ...] = tuple(TieBreak)
#: What a tie-break counts, in a player's words, where its name alone does not say it.
TIE_BREAK_DETAILS: dict[TieBreak, str] = {
    TieBreak.RESOURCES_LEFT: "builders, workers, assistants, coins, tribunes",
}


class RankKey(NamedTuple):
    """What ranks a player: points, then each :class:`TieBreak` in order (more is better)."""

    score: int
    active_citizens: int
    resources_left: int


assert RankKey._fields[1:] == tuple(tie_break.field for tie_break in TIE_BREAKS)


def rank_key(pl: PlayerState) -> RankKey:
    """What ranks a player: points, then active citizens, then resources left."""
    return RankKey(pl.score, pl.active_citizens(), pl.resource_total())


def ranking(state: GameState) -> list[list[int]]:
    """Players grouped by final place: most points, then most active citizens, then most
    resources left; players still level share the place (rules "End of the game")."""
    return places([rank_key(pl) for pl in state.players])
