"""The turn: using Colonia tiles (rules "Use one Colonia tile or pay 2 Tribunes to use both",
"Where to place the Colonia tiles"; DE "2. a) Coloniaplättchen nutzen", "Wohin mit den
Coloniaplättchen?") and citizens (Appendix "First citizen", "Second citizen", "Inactive
citizens"; DE "Erklärung der Sonderfähigkeiten der Bürger")."""

from __future__ import annotations

import pytest

from forum_trajanum.games.forum_trajanum.data import AREA_BONUSES
from forum_trajanum.games.forum_trajanum.engine import (
    IllegalActionError,
    decision_kind,
    legal_actions,
)
from forum_trajanum.games.forum_trajanum.engine import tasks as T
from forum_trajanum.games.forum_trajanum.engine.effects import citizen_task
from forum_trajanum.games.forum_trajanum.engine.rules import current_player

from .helpers import (
    CC,
    CT,
    MER,
    PAT,
    PAT_F,
    TT,
    UP,
    WWB,
    act,
    clear_supply,
    drafted_game,
    legal_texts,
    push_decision,
    refresh,
    tile,
    until_decision,
    use_printed_boards,
)


def use_step(seed=1, players=2):
    """The start player's tile-use decision with an empty supply and no citizens."""
    state = drafted_game(seed=seed, players=players)
    p = current_player(state)
    state = until_decision(state, "use", p)
    clear_supply(state, p)
    return refresh(state), p


def test_use_one_tile_own_goes_to_ship_received_to_reserve():
    # Rules "Use one Colonia tile": "Place all other tiles from other players (used or unused)
    # face up on the right next to your Colonia. Place all other tiles of your own (used or
    # unused) face down on the ship space" / DE "Wohin mit den Coloniaplättchen?".
    state, p = use_step()
    pl = state.players[p]
    other = 1 - p
    pl.kept, pl.received = tile(p, CC), tile(other, TT)
    refresh(state)
    assert legal_texts(state) == {"use own", "use received"}  # no tribunes: one tile only
    act(state, "use own")
    assert pl.coins == 2 and pl.tribunes == 0  # only the used tile gives resources
    assert pl.ship == [tile(p, CC)] and pl.reserve == [tile(other, TT)]
    assert pl.kept == -1 and pl.received == -1
    assert decision_kind(state) == "build"


def test_use_received_tile_the_unused_own_tile_still_goes_to_the_ship():
    # Rules "Where to place the Colonia tiles" (used or unused) / DE "(genutzt oder ungenutzt)".
    state, p = use_step(seed=2)
    pl = state.players[p]
    other = 1 - p
    pl.kept, pl.received = tile(p, CC), tile(other, TT)
    refresh(state)
    act(state, "use received")
    assert pl.tribunes == 2 and pl.coins == 0
    assert pl.ship == [tile(p, CC)] and pl.reserve == [tile(other, TT)]


def test_two_tribunes_use_both_tiles():
    # Rules "Tribune b) Use the second Colonia tile: If you give up 2 Tribunes at the beginning
    # of your turn, you may use both tiles" / DE "Tribun b)".
    state, p = use_step(seed=3)
    pl = state.players[p]
    other = 1 - p
    pl.kept, pl.received = tile(p, CC), tile(other, WWB)
    pl.tribunes = 2
    refresh(state)
    assert "both" in legal_texts(state)
    act(state, "both")
    assert pl.tribunes == 0
    act(state, "use received")
    assert decision_kind(state) == "use"
    act(state, "use own")
    assert pl.coins == 2 and pl.workers[0] == 2
    assert decision_kind(state) == "build"


def test_both_needs_the_two_tribunes_before_using_a_tile():
    # Rules "Important: You need to own both Tribunes before you use the 2 tiles" /
    # DE "Man muss beide Tribune bereits vor der Nutzung der 2 Plättchen besitzen".
    state, p = use_step(seed=4)
    pl = state.players[p]
    pl.kept, pl.received = tile(p, CT), tile(1 - p, CC)
    pl.tribunes = 1
    refresh(state)
    assert "both" not in legal_texts(state)
    act(state, "use own")  # now 2 tribunes, but the use step is over
    assert pl.tribunes == 2
    assert decision_kind(state) == "build"
    assert pl.reserve == [tile(1 - p, CC)] and pl.coins == 1


def test_first_citizen_left_then_second_right():
    # Appendix "First citizen (on the left)" / "Second citizen (on the right)"; rules "When you
    # use a tile ... that shows a citizen symbol, you always place it in your own Colonia on a
    # corresponding citizen space" / DE "Erster Bürger (links)", "Zweiter Bürger (rechts)".
    state, p = use_step(seed=5)
    pl = state.players[p]
    pl.kept, pl.received = tile(p, PAT), tile(1 - p, CC)
    refresh(state)
    act(state, "use own")
    assert decision_kind(state) == "citizen"
    assert legal_texts(state) == {"row 1", "row 2"}  # the two patrician rows
    act(state, "row 2")
    assert pl.citizens[1] == [tile(p, PAT), -1] and pl.row_active[1]
    assert tile(p, PAT) not in pl.ship  # a seated citizen is no envoy
    # a second patrician: row 2's right space or row 1's left space
    push_decision(state, citizen_task(p, tile(p, PAT_F), "ship"))
    assert legal_texts(state) == {"row 1", "row 2"}
    act(state, "row 2")
    assert pl.citizens[1] == [tile(p, PAT), tile(p, PAT_F)]
    assert pl.active_citizens() == 2


def test_citizen_of_another_player_is_seated_not_put_in_reserve():
    # Rules "Where to place the Colonia tiles": citizens always go on a citizen space.
    state, p = use_step(seed=6)
    pl = state.players[p]
    pl.kept, pl.received = tile(p, CC), tile(1 - p, MER)
    refresh(state)
    act(state, "use received")
    assert legal_texts(state) == {"row 3", "row 4"}
    act(state, "row 4")
    assert pl.citizens[3][0] == tile(1 - p, MER)
    assert pl.reserve == [] and pl.ship == [tile(p, CC)]


def test_full_class_citizen_cannot_be_used():
    # RULINGS: "A citizen tile whose class has no free citizen space cannot be used".
    state, p = use_step(seed=7)
    pl = state.players[p]
    pl.citizens[0] = [tile(p, 0), tile(1 - p, 0)]
    pl.citizens[1] = [tile(p, 3), tile(1 - p, 3)]
    pl.kept, pl.received = tile(p, PAT_F), tile(1 - p, CC)
    refresh(state)
    assert legal_texts(state) == {"use received"}


def test_merchant_one_flips_the_slide_bar_for_good():
    # Appendix "Merchant I - a) At the moment when you activate this citizen, you turn the slide
    # bar ... over. (The slide bar remains on this side ... even if the Merchant I becomes
    # inactive)" / DE "Händler I a)".
    state, p = use_step(seed=8)
    pl = state.players[p]
    assert not pl.flipped
    push_decision(state, citizen_task(p, tile(p, MER), "ship"))
    act(state, "row 4")
    assert not pl.flipped  # Merchant II does not flip
    push_decision(state, citizen_task(p, tile(p, 1), "ship"))
    act(state, "row 3")
    assert pl.flipped
    # unpaid, Merchant I turns inactive; the bar stays flipped
    push_decision(state, T.Pay(p))
    act(state, "pay none")
    assert not pl.row_active[2] and pl.flipped


def second_citizen(row: int, seed: int = 9):
    """State where the next citizen of row ``row`` (0-5) becomes its second citizen."""
    state, p = use_step(seed=seed)
    pl = state.players[p]
    first = tile(p, [0, 0, 1, 1, 2, 2][row])
    pl.citizens[row][0] = first
    pl.row_active[row] = True
    # block the other row of the class so only ``row`` is offered
    partner = row ^ 1
    pl.citizens[partner] = [tile(1 - p, partner // 2), tile(1 - p, 3 + partner // 2)]
    pl.row_active[partner] = True
    push_decision(state, citizen_task(p, tile(p, 3 + row // 2), "ship"))
    assert legal_texts(state) == {f"row {row + 1}"}
    return state, p


def test_second_citizen_patrician_one_places_an_envoy():
    # Appendix "Second citizen" 1: "Place an envoy from your ship into the Forum (if available
    # at that moment)" / DE "Lege einen Gesandten von deinem Schiff ins Forum".
    state, p = second_citizen(0)
    pl = state.players[p]
    pl.ship = [tile(p, CC)]
    act(state, "row 1")
    assert decision_kind(state) == "envoy"
    envoys = [a for a in legal_actions(state) if a.kind == "envoy" and not a.declined]
    assert envoys
    act(state, str(envoys[0]))
    assert pl.ship == [] and tile(p, CC) in state.forum


def test_second_citizen_patrician_one_with_empty_ship_gives_nothing():
    # Appendix "Second citizen" 1: "(if available at that moment)".
    state, _ = second_citizen(0, seed=10)
    act(state, "row 1")
    assert decision_kind(state) == "use"


def test_second_citizen_patrician_two_gives_exactly_one_area_bonus():
    # Appendix "Second citizen" 2: "Take 1(!) area bonus (at this point, the first citizen
    # doesn't give you a second bonus)" / DE "Nimm 1(!) Flächenbonus".
    state, p = second_citizen(1)
    act(state, "row 2")
    assert decision_kind(state) == "bonus"
    assert legal_texts(state) == {f"bonus {b}" for b in AREA_BONUSES}
    act(state, "bonus V")
    assert state.players[p].score == 2 and state.players[p].points["bonus"] == 2


@pytest.mark.parametrize(
    ("row", "choices", "pick", "field", "gain"),
    [
        (2, {"gain $", "gain T"}, "gain T", "tribunes", 1),
        (3, {"gain $", "gain A"}, "gain A", "assistants", 1),
        (3, {"gain $", "gain A"}, "gain $", "coins", 1),
    ],
)
def test_second_citizen_merchant_bonuses(row, choices, pick, field, gain):
    # Appendix "Second citizen" 3: "Take 1 coin or 1 Tribune", 4: "Take 1 coin or 1 assistant"
    # / DE "Nimm 1 Geld oder 1 Tribun", "Nimm 1 Geld oder 1 Assistenten".
    state, p = second_citizen(row)
    act(state, f"row {row + 1}")
    assert legal_texts(state) == choices
    act(state, pick)
    assert getattr(state.players[p], field) == gain


def test_second_citizen_craftsman_one_gives_a_worker_of_any_colour():
    # Appendix "Second citizen" 5: "Take 1 worker of your choice" / DE "1 Arbeiter deiner Wahl".
    state, p = second_citizen(4)
    act(state, "row 5")
    assert legal_texts(state) == {"worker B", "worker G", "worker Y", "worker R"}
    act(state, "worker Y")
    assert state.players[p].workers == [0, 0, 1, 0]


def test_second_citizen_craftsman_two_gives_a_builder():
    # Appendix "Second citizen" 6: "Take 1 builder" / DE "Nimm 1 Baumeister".
    state, p = second_citizen(5)
    act(state, "row 6")
    assert state.players[p].builders == 1
    assert decision_kind(state) == "use"


def test_second_citizen_reactivates_an_inactive_first_citizen():
    # Appendix "Special case: If the first citizen of a row is inactive and you place the second
    # citizen in this row, the first becomes active again" / DE "Sonderfall ... sofort wieder
    # aktiv".
    state, p = second_citizen(5, seed=11)
    pl = state.players[p]
    pl.row_active[5] = False
    before = pl.active_citizens()
    act(state, "row 6")
    assert pl.row_active[5]
    assert pl.active_citizens() == before + 2


def test_upgrade_tile_moves_the_slide_bar_one_space():
    # Rules "Upgrade: An upgrade allows you to move the slide bar on your prestige track 1 space
    # to the right" / DE "Aufwertung".
    state, p = use_step(seed=12)
    pl = state.players[p]
    pl.kept, pl.received = tile(p, UP), tile(1 - p, CC)
    refresh(state)
    act(state, "use own")
    assert pl.prestige == 1


def test_only_listed_sources_can_be_used():
    # Rules "Use one Colonia tile" - there is no reserve use when a tile was received
    # (rules "Special case": only when the neighbour passed nothing).
    state, p = use_step(seed=13)
    pl = state.players[p]
    pl.kept, pl.received = tile(p, CC), tile(1 - p, CC)
    pl.reserve = [tile(1 - p, TT)]
    refresh(state)
    before = state.model_dump()
    with pytest.raises(IllegalActionError):
        act(state, "use reserve TT")
    assert state.model_dump() == before


def test_second_citizen_patrician_one_envoy_obeys_the_colour_area_rule():
    # components.md citizen rows: Patrician I second citizen: "place 1 envoy from your ship in the
    # Forum (any colour's space, colour-area rule applies; not an eagle)"; Appendix Patrician I a)
    # lifts the rule only for the colour "you have just built this turn" / DE "in der
    # entsprechenden Farbe, in der er in diesem Zug gebaut hat".
    from forum_trajanum.games.forum_trajanum.engine.forum import forum_geometry

    state, p = second_citizen(0, seed=14)
    pl = state.players[p]
    pl.ship = [tile(p, CC)]
    use_printed_boards(state, "1A", "2A", "3A")
    index = forum_geometry(state).index
    state.forum[index[(0, 0)]] = tile(1 - p, CC)  # starts the blue area 1:1 1:2 2:1
    refresh(state)
    act(state, "row 1")
    targets = {(a.row, a.col) for a in legal_actions(state) if not a.declined}
    blue = {(1, 2), (2, 1)}
    assert blue <= targets
    # no other blue space while the started blue area has room; other colours are free
    assert not targets & {(4, 4), (1, 7), (1, 8), (2, 8), (1, 9), (2, 9), (3, 9), (4, 11), (4, 12)}
    assert (2, 2) in targets  # yellow, no yellow area started
    assert not targets & {(1, 3), (4, 3), (1, 6), (3, 8), (2, 10), (3, 11)}  # never an eagle


def test_both_tiles_with_a_reserve_tile_when_nothing_was_received():
    # Rules "Taking 1 or no tile - the neighbor has the choice: ... He will thus have two tiles as
    # normal and will play his turn as usual" (including paying 2 tribunes for both).
    state, p = use_step(seed=15)
    pl = state.players[p]
    pl.kept, pl.received = tile(p, CC), -1
    pl.reserve = [tile(1 - p, TT), tile(1 - p, UP)]
    pl.tribunes = 2
    refresh(state)
    assert legal_texts(state) == {"use own", "use reserve TT", "use reserve UP", "both"}
    act(state, "both")
    act(state, "use reserve TT")
    assert legal_texts(state) == {"use own"}  # one tile from the reserve only
    act(state, "use own")
    assert (pl.coins, pl.tribunes) == (2, 2)
    assert pl.reserve == [tile(1 - p, UP)] and tile(1 - p, TT) in state.removed
    assert pl.ship == [tile(p, CC)]
