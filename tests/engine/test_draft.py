"""The draft (rules "Take 2 Colonia tiles; keep one and hand one to your neighbor", the tribune
"Ignore a street card" and the "Special case" of streets without tiles; DE "1. Coloniaplättchen
nehmen", "Tribun a)", "Sonderfall")."""

from __future__ import annotations

from forum_trajanum.games.forum_trajanum.data import CORNERS, cell_index, street_cells
from forum_trajanum.games.forum_trajanum.engine import (
    IllegalActionError,
    decision_kind,
    legal_actions,
)
from forum_trajanum.games.forum_trajanum.engine.rules import current_player
from forum_trajanum.games.forum_trajanum.engine.state import CRANE_COVERED, CRANE_OPEN, tile_kind

from .helpers import (
    AA,
    CC,
    act,
    drafted_game,
    legal_texts,
    play_first_while,
    refresh,
    tile,
    until_decision,
    vacate,
)

ROW_I, ROW_II, COL_B, COL_E = 0, 1, 7, 10


def takes(state, card, tribune=False):
    return {
        a.cell
        for a in legal_actions(state)
        if a.kind == "take" and a.card == card and a.tribune == tribune
    }


def cells_with_tiles(state, p, symbol):
    grid = state.players[p].grid
    return {_n(c) for c in street_cells(symbol, "A", p + 1) if grid[c] >= 0}


def _n(i):
    from forum_trajanum.games.forum_trajanum.data import cell_name

    return cell_name(i)


def test_take_one_tile_from_each_named_street():
    # Rules "Take 2 Colonia tiles": "According to the revealed street cards, each player takes
    # 2 Colonia tiles" - one from each named street / DE "je 1 Coloniaplättchen".
    state = drafted_game(seed=3)
    p = current_player(state)
    state.street = [ROW_II, COL_E]
    refresh(state)
    assert takes(state, 1) == cells_with_tiles(state, p, ROW_II)
    assert takes(state, 2) == cells_with_tiles(state, p, COL_E)
    assert "skip 1" not in legal_texts(state) and "skip 2" not in legal_texts(state)
    act(state, "take A2 1")
    assert state.players[p].grid[cell_index("A2")] == -1
    # card 1 is used up: only street card 2 remains
    assert takes(state, 1) == set() and takes(state, 2) == cells_with_tiles(state, p, COL_E)
    act(state, "take E1 2")
    assert decision_kind(state) == "draft" and current_player(state) == p
    assert legal_texts(state) == {"keep A2", "keep E1"}


def test_both_tiles_from_one_street_when_it_is_named_twice():
    # components.md "Street cards": "If both cards name the same street, take both tiles from
    # it" (rules: one tile per revealed card).
    state = drafted_game(seed=4)
    p = current_player(state)
    state.street = [COL_B, COL_B]
    refresh(state)
    act(state, "take B1 1")
    assert takes(state, 2) == cells_with_tiles(state, p, COL_B) and "B1" not in takes(state, 2)
    act(state, "take B3 2")
    assert legal_texts(state) == {"keep B1", "keep B3"}


def test_tribune_ignores_a_street_card():
    # Rules "Tribune a) Ignore a street card: If you give up 1 Tribune, you can ignore a street
    # card and take a Colonia tile from anywhere in your Colonia" / DE "Tribun a)".
    state = drafted_game(seed=5)
    p = current_player(state)
    pl = state.players[p]
    state.street = [ROW_I, ROW_II]
    pl.tribunes = 0
    refresh(state)
    assert takes(state, 1, tribune=True) == set()
    pl.tribunes = 1
    refresh(state)
    anywhere = {_n(c) for c in range(36) if pl.grid[c] >= 0}
    assert takes(state, 1, tribune=True) == anywhere - cells_with_tiles(state, p, ROW_I)
    act(state, "take D6 1 tribune")
    assert pl.tribunes == 0 and pl.grid[cell_index("D6")] == -1
    assert takes(state, 2, tribune=True) == set()  # the tribune is spent


def test_illegal_take_outside_the_street_without_tribune():
    # Rules "Take 2 Colonia tiles": the street cards specify the streets / DE "geben vor".
    state = drafted_game(seed=5)
    state.street = [ROW_I, ROW_II]
    state.players[current_player(state)].tribunes = 0
    refresh(state)
    before = state.model_dump()
    try:
        act(state, "take D6 1")
    except IllegalActionError:
        pass
    else:
        raise AssertionError("took a tile outside the named street")
    assert state.model_dump() == before


def test_skip_a_card_only_when_its_street_is_empty():
    # Rules "Special case: You aren't able to pick a Colonia tile from at least one of the
    # streets specified" / DE "Sonderfall" - and RULINGS: decline only when the street is empty.
    state = drafted_game(seed=6)
    p = current_player(state)
    state.street = [ROW_II, COL_E]
    refresh(state)
    assert "skip 1" not in legal_texts(state)
    vacate(state, p, *[f"{c}2" for c in "ABCDEF"])
    refresh(state)
    assert "skip 1" in legal_texts(state) and "skip 2" not in legal_texts(state)
    assert takes(state, 1) == set()


def test_keep_one_pass_one_to_the_right_neighbour():
    # Rules "Take 2 Colonia tiles; keep one and hand one to your neighbor": "passes the other
    # one, face down, to his right neighbor" / DE "an seinen rechten Nachbarn"; components.md:
    # the right neighbour of seat i is seat i-1.
    state = drafted_game(seed=7, players=3)
    p = current_player(state)
    pl = state.players[p]
    state.street = [ROW_I, ROW_II]
    refresh(state)
    act(state, "take B1 1")
    act(state, "take B2 2")
    t1, t2 = pl.taken[0][0], pl.taken[1][0]
    act(state, "keep B2")
    assert pl.kept == t2 and pl.passed == t1
    right = (p - 1) % 3
    assert state.players[right].received == t1
    assert state.players[(p + 1) % 3].received == -1
    # the draft goes on clockwise: the left neighbour drafts next (RULINGS "Draft order")
    assert decision_kind(state) == "draft" and current_player(state) == (p + 1) % 3


def test_taking_a_corner_tile_uncovers_its_crane():
    # Rules "Construction cranes": "If you take one of these tiles ... you uncover the colored
    # construction crane tile underneath it" / DE "Baukräne".
    state = drafted_game(seed=8)
    p = current_player(state)
    pl = state.players[p]
    state.street = [ROW_I, COL_B]
    refresh(state)
    assert pl.crane_state == [CRANE_COVERED] * 4
    act(state, "take F1 1")
    assert pl.crane_state[CORNERS.index(cell_index("F1"))] == CRANE_OPEN
    assert pl.crane_state.count(CRANE_OPEN) == 1


def test_one_tile_taken_neighbour_uses_a_reserve_tile_that_leaves_the_game():
    # Rules "Taking 1 or no tile - the neighbor has the choice": "the neighboring player may pick
    # one tile from the tiles that he already received from you ... A tile from you used in this
    # way goes out of the game" / DE "Ein oder kein Plättchen genommen".
    state = drafted_game(seed=9, players=3)
    p = current_player(state)
    right = (p - 1) % 3
    pl, rn = state.players[p], state.players[right]
    rn.reserve = [tile(p, CC), tile(p, AA)]
    pl.tribunes = 0
    state.street = [ROW_I, ROW_II]
    vacate(state, p, *[f"{c}2" for c in "ABDEF"])
    refresh(state)
    act(state, "take B1 1")
    act(state, "skip 2")
    # one tile: it is kept, nothing is passed
    assert pl.kept >= 0 and pl.passed == -1
    state = until_decision(state, "use", right)
    assert rn.received == -1
    assert legal_texts(state) >= {"use own", "use reserve CC", "use reserve AA"}
    assert not any(a.source == "received" for a in legal_actions(state))
    coins = rn.coins
    act(state, "use reserve CC")
    assert rn.coins == coins + 2
    assert tile(p, CC) in state.removed
    assert rn.reserve == [tile(p, AA)]


def test_no_tile_taken_player_uses_only_the_received_tile():
    # Rules "(If you take no tile at all, you use only the one you receive from your neighbor.)"
    # / DE "nutzt er nur das vom Mitspieler erhaltene".
    state = drafted_game(seed=10, players=2)
    p = current_player(state)
    pl = state.players[p]
    pl.tribunes = 0
    state.street = [ROW_II, ROW_II]
    vacate(state, p, *[f"{c}2" for c in "ABDEF"])
    refresh(state)
    act(state, "skip 1")
    act(state, "skip 2")
    assert pl.kept == -1 and pl.passed == -1
    state = until_decision(state, "use", p)
    assert pl.received >= 0
    assert {a.source for a in legal_actions(state) if a.kind == "use"} == {"received"}


def test_received_tile_comes_from_the_left_neighbour_in_a_two_player_game():
    # components.md "Seating": with 2 players each passes to the other.
    state = drafted_game(seed=11, players=2)
    state = play_first_while(state, lambda s: decision_kind(s) == "draft")
    a, b = state.players
    assert a.received == b.passed and b.received == a.passed
    assert a.received // 34 == 1 and b.received // 34 == 0
    assert tile_kind(a.kept) and tile_kind(b.kept)
