"""The six actions, extra action tiles and [+2] markers (EN l.237-393, l.612-670; R6-R8,
R16, R21-R23, R26-R29, R31-R32, R34)."""

from __future__ import annotations

from forum_trajanum.games.trajan import data as D
from forum_trajanum.games.trajan.engine.actions import FORUM_KEYS, TILE_KEY, parse
from forum_trajanum.games.trajan.engine.rules import FLOW, apply, legal_actions
from forum_trajanum.games.trajan.engine.tasks import ActTask, EndTurnTask, Why

from .helpers import after_setup, find


def acting(action: int, seat: int = 0, seed: int = 1, players: int = 2):
    """A game at ``seat``'s choice of option for ``action`` (a target tray)."""
    s = after_setup(seed, players)
    s.tasks = [EndTurnTask(seat), ActTask(seat, action, Why.TRAY)]
    FLOW.run_automatic(s)
    return s


def texts(state) -> list[str]:
    return [str(a) for a in legal_actions(state)]


def _tile(kind: str, value: int = 0) -> int:
    return next(i for i, t in enumerate(D.FORUM_TILES) if (t.kind, t.value) == (kind, value))


def _refresh(s):
    s.__pydantic_private__["_legal"] = None
    FLOW.run_automatic(s)


# Seaport (EN l.247-302)


def test_seaport_draw_takes_two_cards_then_one_is_discarded_face_up():
    """EN l.251 (Seaport, the first option): draw 2 cards from the face-down pile, then discard
    1 of the hand face up onto a discard pile of the player's choice."""
    s = acting(D.SEAPORT)
    pl = s.players[0]
    hand = len(pl.hand)
    apply(s, parse("draw"))
    assert len(pl.hand) == hand + 2 and s.decision == "discard"
    card = pl.hand[0]
    apply(s, find(legal_actions(s), f"discard {D.COMMODITIES[card].lower()} 2"))
    assert len(pl.hand) == hand + 1 and s.discards[1][-1] == card


def test_seaport_pick_takes_the_top_card_of_a_discard_pile_seen_by_all():
    """EN l.252: the top card of a discard pile, seen by all (R30); the emptied pile is refilled
    at once (R11)."""
    s = acting(D.SEAPORT)
    top = s.discards[0][-1]
    apply(s, parse("pick 1"))
    assert top in s.players[0].known and len(s.discards[0]) == 1  # refilled at once (R11)


def test_seaport_display_plays_one_or_two_cards_and_draws_as_many():
    """EN l.253-255, R34."""
    s = acting(D.SEAPORT)
    pl = s.players[0]
    pl.hand = [6, 7, 7]
    _refresh(s)
    assert {"display wine", "display fish", "display wine fish", "display fish fish"} <= set(
        texts(s)
    )
    apply(s, parse("display wine fish"))
    assert pl.display == [6, 7] and len(pl.hand) == 3 and 6 not in pl.hand[:1]


def test_shipping_identical_cards_scores_the_coloured_side_then_the_grey_side():
    """EN l.266-300: 2 identical 6 VP front, 1 VP back; the ship turns grey; no draw."""
    s = acting(D.SEAPORT)
    pl = s.players[0]
    pl.hand = [6, 6, 6, 6]
    _refresh(s)
    apply(s, parse("ship identical wine wine"))
    assert pl.points["ships"] == 6 and not s.ships[0] and pl.display == [6, 6]
    assert len(pl.hand) == 2
    s.tasks = [EndTurnTask(0), ActTask(0, D.SEAPORT, Why.TRAY)]
    _refresh(s)
    apply(s, parse("ship identical wine wine"))
    assert pl.points["ships"] == 6 + 1


def test_the_pairs_ship_of_the_polish_rules_takes_different_pairs():
    """PL l.250-253 (R18): 2 different pairs 10 VP on the coloured side."""
    s = acting(D.SEAPORT)
    pl = s.players[0]
    pl.hand = [6, 6, 7, 7, 8]
    _refresh(s)
    assert "ship pairs wine wine fish fish" in texts(s)
    assert "ship pairs wine wine wine wine" not in texts(s)
    apply(s, parse("ship pairs wine wine fish fish"))
    assert pl.points["ships"] == 10


def test_a_commodity_wild_card_substitutes_a_card_when_shipping_and_is_then_removed():
    """EN l.616, R23."""
    s = acting(D.SEAPORT)
    pl = s.players[0]
    pl.hand = [6, 7]
    wild = _tile("wild_commodity")
    pl.tiles = [wild]
    _refresh(s)
    apply(s, parse("ship different wine fish wild"))
    assert pl.points["ships"] == 6 and pl.tiles == [] and wild in s.gone_tiles
    assert pl.display == [6, 7]  # the wild card is not a display card


# Forum (EN l.306-310, l.337; R21, R31)


def test_the_forum_action_takes_any_tile_there_an_extra_action_tile_included():
    """EN l.308: the Forum action takes any one tile of the forum; R31: an extra action tile on
    a yellow space (EN l.337) included; one choice per kind of tile."""
    s = acting(D.FORUM)
    keys = {a.key for a in legal_actions(s) if a.kind == "forum"}
    assert keys == {TILE_KEY[t] for t in s.forum + s.yellow}  # one choice per kind of tile
    extra = s.yellow[0]
    (take,) = [a for a in legal_actions(s) if a.kind == "forum" and a.key == TILE_KEY[extra]]
    apply(s, take)
    assert [TILE_KEY[t] for t in s.players[0].tiles] == [TILE_KEY[extra]]


def test_an_empty_forum_cannot_be_chosen():
    """R21 (EN l.308): with no tile in the forum the action has no option and is skipped."""
    s = acting(D.FORUM)
    s.forum = [-1] * len(s.forum)
    s.yellow = [-1] * 3
    s.tasks = [EndTurnTask(0), ActTask(0, D.FORUM, Why.TRAY)]
    _refresh(s)
    assert s.decision != "act"  # nothing to take: the action is skipped (R21)


# Military (EN l.314-349; R6, R28)


def test_the_leader_leaves_the_camp_to_three_provinces_and_never_returns():
    """EN l.319: the camp is adjacent to three provinces (components §2.7) and the leader seizes
    the tile of the province it enters; R6: it never moves back into the camp."""
    s = acting(D.MILITARY)
    marches = sorted(a.province for a in legal_actions(s) if a.kind == "march")
    assert marches == list(D.CAMP_EXITS)
    tile = s.provinces[0]
    apply(s, parse("march alpes"))
    assert s.players[0].leader == 0 and tile in s.players[0].tiles and s.provinces[0] == -1
    s.tasks = [EndTurnTask(0), ActTask(0, D.MILITARY, Why.TRAY)]
    _refresh(s)
    marches = sorted(a.province for a in legal_actions(s) if a.kind == "march")
    assert marches == list(D.ADJACENT[0])  # no way back to the camp (R6)


def test_a_legionnaire_scores_the_province_less_3_per_other_legionnaire_never_below_0():
    """EN l.322, l.349; R28: leaders do not count."""
    s = acting(D.MILITARY, players=4)
    britannia = D.PROVINCES.index("Britannia")
    s.players[0].leader = britannia
    s.legions[britannia] = [1, 2]
    s.players[1].leader = britannia  # a leader is not a legionnaire
    _refresh(s)
    apply(s, parse("deploy"))
    assert s.players[0].points["provinces"] == 10 - 6
    noricum = D.PROVINCES.index("Noricum")
    s.players[3].leader = noricum
    s.players[3].legions = 1
    s.legions[noricum] = [1, 2]
    s.tasks = [EndTurnTask(3), ActTask(3, D.MILITARY, Why.TRAY)]
    _refresh(s)
    apply(s, parse("deploy"))
    assert s.players[3].points["provinces"] == 0  # 5 - 6, never below 0


def test_only_one_own_legionnaire_per_province():
    """EN l.320, l.324."""
    s = acting(D.MILITARY)
    s.players[0].leader = 0
    s.players[0].provinces = [0]
    s.legions[0] = [0]
    _refresh(s)
    assert "deploy" not in texts(s)


# Senate (EN l.355-361, l.379)


def test_the_senate_step_from_4_to_5_gains_5_vp_and_the_top_space_blocks_the_action():
    """EN l.379: the step from 4 to 5 gains 5 VP; l.359: the disc goes on top of those there;
    l.361: from the 8-VP space the action cannot be taken."""
    s = acting(D.SENATE)
    pl = s.players[0]
    pl.senate = D.SENATE_VP.index(4)
    apply(s, parse("senate"))
    assert D.SENATE_VP[pl.senate] == 5 and pl.points["senate"] == 5
    assert pl.height == max(p.height for p in s.players)  # on top of the discs there
    pl.senate = D.SENATE_TOP
    s.tasks = [EndTurnTask(0), ActTask(0, D.SENATE, Why.TRAY)]
    _refresh(s)
    assert s.decision != "act"


# Trajan (EN l.327-333, l.353)


def test_a_new_trajan_tile_goes_on_the_arch_slot_and_the_arch_moves_to_the_next_free_slot():
    """EN l.353: the tile goes on I, the arch moves on to III (II is full)."""
    s = acting(D.TRAJAN)
    pl = s.players[0]
    top = s.stacks[1][-1]
    apply(s, parse("trajan points"))
    assert pl.slots[0] == top and pl.arch == 2


# Construction (EN l.365-393; R7, R26)


def test_the_first_worker_goes_anywhere_and_the_next_only_beside_an_own_worker():
    """EN l.370: the first worker goes to any of the 20 sites (l.101), the next only
    horizontally or vertically beside an own worker, never onto its own site (R7)."""
    s = acting(D.CONSTRUCTION)
    assert len([a for a in legal_actions(s) if a.kind == "build"]) == 20
    apply(s, parse("build a1"))
    pl = s.players[0]
    assert pl.sites == [0] and pl.points["buildings"] > 0
    pl.workers = 1
    s.tasks = [EndTurnTask(0), ActTask(0, D.CONSTRUCTION, Why.TRAY)]
    _refresh(s)
    assert sorted(a.site for a in legal_actions(s) if a.kind == "build") == [1, 5]


def test_the_construction_bridge_a_worker_beside_another_players_worker_takes_nothing():
    """EN l.375, l.393: no VP, no tile, but the next site is now in reach."""
    s = acting(D.CONSTRUCTION)
    s.workers[0], s.district[0] = [1], -1
    s.players[1].sites = [0]
    _refresh(s)
    pl = s.players[0]
    apply(s, parse("build a1"))
    assert pl.points["buildings"] == 0 and pl.buildings == [0] * 5 and s.workers[0] == [1, 0]


def test_a_first_tile_of_its_type_gives_its_action_at_once_and_it_may_be_passed():
    """EN l.373, l.387; R26."""
    s = acting(D.CONSTRUCTION)
    door = next(i for i, (kind, _) in enumerate(D.CONSTRUCTION_TILES) if kind == 1)
    s.district[7] = door
    apply(s, parse("build b3"))
    assert s.decision == "act" and s.tasks[-1].action == D.SENATE
    assert s.tasks[-1].why == Why.BONUS
    apply(s, parse("senate"))
    assert s.players[0].senate == 1
    s2 = acting(D.CONSTRUCTION)
    s2.players[0].buildings[1] = 1  # not the first door
    s2.district[7] = door
    _refresh(s2)
    apply(s2, parse("build b3"))
    assert not (s2.decision == "act" and s2.tasks[-1].why == Why.BONUS)


# Extra action tiles and [+2] markers (EN l.630-640; R8, R27, R32)


def test_an_extra_action_tile_repeats_the_action_and_a_plus2_marker_twice():
    """EN l.634-636, R27: after the action an extra action tile of it repeats it, twice with a
    [+2] marker on it; the tile leaves the game, the turn then ends (l.638)."""
    s = acting(D.SENATE)
    pl = s.players[0]
    pl.tiles = [_tile("extra", D.SENATE)]
    pl.plus2[D.SENATE] = True
    apply(s, parse("senate"))
    assert s.decision == "extra" and texts(s) == ["pass", "extra"]  # passing first: no tile spent
    apply(s, parse("extra"))
    apply(s, parse("senate"))
    apply(s, parse("senate"))
    assert pl.senate == 3 and pl.tiles == []
    assert s.tasks[-1].player == 1 and not s.extra_used  # the turn is over


def test_one_extra_action_per_turn_even_after_a_bonus_action():
    """EN l.638, R16."""
    s = acting(D.CONSTRUCTION)
    pl = s.players[0]
    pl.tiles = [_tile("extra", D.SENATE), _tile("extra", D.CONSTRUCTION)]
    door = next(i for i, (kind, _) in enumerate(D.CONSTRUCTION_TILES) if kind == 1)
    s.district[7] = door
    _refresh(s)
    apply(s, parse("build b3"))
    apply(s, parse("senate"))  # the bonus action
    assert s.decision == "extra" and s.tasks[-1].action == D.SENATE
    apply(s, parse("extra"))
    apply(s, parse("senate"))
    assert s.decision != "extra"  # the construction tile is not offered: one per turn
    assert len(pl.tiles) == 1


def test_an_extra_action_tile_is_not_offered_when_the_action_has_no_option():
    """R32."""
    s = acting(D.SENATE)
    pl = s.players[0]
    pl.tiles = [_tile("extra", D.SENATE)]
    pl.senate = D.SENATE_TOP - 1
    _refresh(s)
    apply(s, parse("senate"))
    assert s.decision != "extra"


def test_a_plus2_tile_places_its_marker_on_an_action_without_one():
    """EN l.668, R8: a [+2] marker goes on an action without one."""
    from forum_trajanum.games.trajan.engine.tasks import SpecialTask

    s = acting(D.SENATE)
    tile = next(i for i, t in enumerate(D.TRAJAN_TILES) if t.effect == "plus2")
    s.players[0].plus2 = [True, True, False, True, True, True]
    s.tasks.append(SpecialTask(0, tile))
    _refresh(s)
    assert texts(s) == ["plus2 military", "pass"]


def test_forum_keys_name_every_kind_of_tile():
    """Components §2.4-§2.5: senate tiles of 2-5 votes, 3 demands, 4 wild cards and an extra
    action tile per action are the 17 kinds a player tells apart."""
    assert len(FORUM_KEYS) == 4 + 3 + 4 + 6
