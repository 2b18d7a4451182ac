"""The order of a decision's choices (issue 19, item 2): the engine lists first the choice that
gives nothing away, so that the top of a first-timer's list is never a loss. The draft takes
the tiles on the streets before tiles off them for a tribune, the payment pays every row it
can before turning citizens inactive (the most citizens kept for the fewest coins), the keep
keeps a citizen, else the tile just paid a tribune for, and the building step ends the turn
before it converts or builds (issue 27)."""

from __future__ import annotations

from forum_trajanum.games.forum_trajanum.engine import decision_kind, legal_actions
from forum_trajanum.games.forum_trajanum.engine import tasks as T
from forum_trajanum.games.forum_trajanum.engine.actions import PayCitizens, SkipCard, TakeTile
from forum_trajanum.games.forum_trajanum.engine.rules import current_player

from .helpers import act, build_step, drafted_game, refresh, tile, vacate

ROW_I, ROW_II = 0, 1


def _draft_with_tribunes(seed: int):
    state = drafted_game(seed=seed)
    p = current_player(state)
    state.street = [ROW_I, ROW_II]
    state.players[p].tribunes = 2
    return refresh(state), p


def test_the_draft_lists_the_streets_tiles_before_the_tiles_taken_for_a_tribune():
    # Rules "Take 2 Colonia tiles": one tile from each street a street card names, at no
    # cost; "Tribune a) Ignore a street card: If you give up 1 Tribune, you can ignore a
    # street card and take a Colonia tile from anywhere in your Colonia".
    state, _p = _draft_with_tribunes(5)
    legal = legal_actions(state)
    paid = [n for n, a in enumerate(legal) if isinstance(a, TakeTile) and a.tribune]
    free = [n for n, a in enumerate(legal) if not (isinstance(a, TakeTile) and a.tribune)]
    assert paid and free and max(free) < min(paid)
    assert str(legal[0]) == "take A1 1"  # street I's first tile: nothing given up
    act(state, "take A1 1")
    legal = legal_actions(state)  # card 2 still to take: again its street first
    assert str(legal[0]) == "take A2 2" and legal[0].tribune is False
    assert any(a.tribune for a in legal)


def test_taking_no_tile_from_an_empty_street_comes_before_paying_a_tribune():
    # Rules "Special case: You aren't able to pick a Colonia tile from at least one of the
    # streets specified ... By giving up 1 or 2 Tribunes, you choose 1 (or 2) Colonia tile(s)
    # from other streets ... If you are not able or willing to give up a Tribune, you take 1
    # tile that you keep (or no tile)".
    state, p = _draft_with_tribunes(6)
    vacate(state, p, *[f"{c}1" for c in "ABCDEF"])
    refresh(state)
    legal = legal_actions(state)
    skip = next(n for n, a in enumerate(legal) if isinstance(a, SkipCard))
    paid = [n for n, a in enumerate(legal) if isinstance(a, TakeTile) and a.tribune]
    assert str(legal[skip]) == "skip 1" and skip == 0  # street I is empty: nothing to take
    assert paid and skip < min(paid)
    assert all(isinstance(a, TakeTile) and a.tribune for a in legal[min(paid) :])


def test_the_keep_lists_the_tile_paid_a_tribune_for_first():
    # Rules "Taking 2 tiles with the help of Tribunes: ... you have two tiles again and can
    # pass one of them, as usual": the tile a tribune was given up for is kept by default,
    # not handed to the neighbour.
    state, p = _draft_with_tribunes(5)
    act(state, "take B1 1")  # a builder
    act(state, "take D6 2 tribune")  # 2 yellow workers
    assert decision_kind(state) == "draft" and current_player(state) == p
    assert [str(a) for a in legal_actions(state)] == ["keep D6", "keep B1"]


def test_the_keep_lists_a_citizen_first_whichever_tile_was_taken_last_or_paid_for():
    # Rules "Take 2 Colonia tiles; keep one and hand one to your neighbor": the tile passed
    # goes to the neighbour for good; a citizen (the Merchant on A1 here) is what the top of
    # the list keeps (issue 27: Enter gave the neighbour the citizen just drafted).
    state, _p = _draft_with_tribunes(5)
    act(state, "take A1 1")  # the Merchant
    act(state, "take B2 2")  # 2 blue workers, taken last
    assert [str(a) for a in legal_actions(state)] == ["keep A1", "keep B2"]
    state, _p = _draft_with_tribunes(5)
    act(state, "take A1 1")
    act(state, "take D6 2 tribune")  # paid for, but no citizen
    assert [str(a) for a in legal_actions(state)] == ["keep A1", "keep D6"]


def test_without_a_tribune_the_keep_lists_the_tile_just_taken_first():
    # Rules "Take 2 Colonia tiles; keep one and hand one to your neighbor": both tiles were
    # free, either may be kept; the list starts with the tile taken last.
    state, _p = _draft_with_tribunes(5)
    act(state, "take B1 1")
    act(state, "take D2 2")
    assert [str(a) for a in legal_actions(state)] == ["keep D2", "keep B1"]


def test_the_keep_lists_the_tile_paid_for_first_when_it_was_taken_first():
    # Rules "Taking 2 tiles with the help of Tribunes" as above; the tribune take for card 1
    # first, then street II's own tile for card 2.
    state, _p = _draft_with_tribunes(5)
    act(state, "take D6 1 tribune")
    act(state, "take B2 2")
    assert str(legal_actions(state)[0]) == "keep D6"


def _to_pay(seed: int, rows: dict[int, bool], coins: int):
    """Player ``p``'s payment before the scoring, with citizens in ``rows`` (1-6: active)."""
    state, p = build_step(seed=seed)
    pl = state.players[p]
    for n, (row, active) in enumerate(rows.items()):
        pl.citizens[row - 1] = [tile(p, n), -1]
        pl.row_active[row - 1] = active
    pl.coins = coins
    state.round = 4
    state.tasks = [T.Scoring(), T.Pay(p)]
    return refresh(state), p


def test_the_payment_lists_paying_every_active_row_first_and_paying_nothing_near_the_end():
    # Rules "Before the scoring: Pay citizens ... This costs 1 coin for each row with at least
    # 1 citizen ... If you are not able or willing to pay certain citizens, you turn these
    # over ... they become inactive": paying the active rows keeps every active citizen
    # active; turning the inactive row 5 active again costs one more coin (issue 27: the top
    # spends nothing another choice keeps), so it comes second.
    state, _p = _to_pay(1, {1: True, 3: True, 5: False}, coins=4)
    legal = legal_actions(state)
    assert all(isinstance(a, PayCitizens) for a in legal)
    assert legal[0].rows == (1, 3) and legal[1].rows == (1, 3, 5)
    # last: paying for row 5 alone, which turns both active rows inactive and costs a coin
    assert [a.rows for a in legal[-2:]] == [(), (5,)]
    lost = [(1 not in a.rows) + (3 not in a.rows) for a in legal]
    assert lost == sorted(lost)  # more citizens turned inactive, further down


def test_short_of_coins_the_payment_lists_paying_as_many_rows_as_the_coins_allow_first():
    # Rules "Before the scoring: Pay citizens" as above: 2 coins for 3 rows pay 2 of them.
    state, _p = _to_pay(2, {2: True, 4: True, 6: True}, coins=2)
    legal = legal_actions(state)
    assert len(legal[0].rows) == 2 and all(len(a.rows) <= 2 for a in legal)
    assert [len(a.rows) for a in legal] == [2, 2, 2, 1, 1, 1, 0]


def test_the_building_step_lists_ending_the_turn_first():
    # Rules "Building action" (optional: "you may") and "Conversions" (any number, at any
    # time of the building step): ending the turn spends nothing; every conversion and build
    # spends (issue 27: Enter converted an assistant).
    state, p = build_step(seed=3)
    pl = state.players[p]
    pl.builders, pl.assistants, pl.workers = 1, 1, [2, 0, 0, 0]
    legal = legal_actions(refresh(state))
    kinds = {a.kind for a in legal}
    assert str(legal[0]) == "end" and {"convert", "build"} <= kinds
    assert [str(a) for a in legal].count("end") == 1
