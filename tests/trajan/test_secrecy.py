"""What each seat may know (components §6): two games that differ only in what a seat may not
know give that seat identical views and previews; ``determinize`` round-trips."""

from __future__ import annotations

import random

import pytest

from forum_trajanum.trajan.rules import apply, current_player, is_over, legal_actions, new_game
from forum_trajanum.trajan.state import TrajanOptions
from forum_trajanum.trajan.view import determinize, preview, view

from .helpers import after_setup, random_game


def _other_world(state, seat: int):
    """The same game with another player's unseen cards, the face-down pile's order, the
    removed demand tiles, the demand pile, the bag and the tiles below the stack tops
    exchanged."""
    other = state.clone()
    rival = (seat + 1) % len(other.players)
    hand = other.players[rival].hand
    unknown = [i for i, c in enumerate(hand) if c not in other.players[rival].known]
    if unknown and other.deck:
        i = unknown[0]
        hand[i], other.deck[0] = other.deck[0], hand[i]
    other.deck.reverse()
    for i in range(min(len(other.demands_out), len(other.demand_pile))):
        other.demands_out[i], other.demand_pile[i] = other.demand_pile[i], other.demands_out[i]
    other.bag.reverse()
    other.forum_pile.reverse()
    other.extra_pile.reverse()
    for stack in other.stacks:
        stack[:-1] = stack[:-1][::-1]
    other.seed += 1
    return other


def test_a_view_holds_nothing_hidden():
    s = after_setup(3, 3)
    v = view(s, 0)
    assert set(v.deck) == set(v.forum_pile) == set(v.extra_pile) == {-1}
    assert set(v.demand_pile) == set(v.demands_out) == set(v.bag) == {-1}
    assert all(set(stack[:-1]) <= {-1} and stack[-1] >= 0 for stack in v.stacks)
    assert v.seed == 0 and v.players[0].hand == s.players[0].hand
    for p in (1, 2):
        assert set(v.players[p].hand) - set(s.players[p].known) <= {-1}


@pytest.mark.parametrize("players", [2, 4])
def test_worlds_a_seat_cannot_tell_apart_give_it_the_same_view_and_previews(players):
    for n, (state, _) in enumerate(random_game(11 + players, players)):
        if n % 7:
            continue
        seat = current_player(state)
        other = _other_world(state, seat)
        assert view(other, seat).model_dump() == view(state, seat).model_dump()
        mine, theirs = view(state, seat), view(other, seat)
        for action in legal_actions(state):
            assert preview(mine, action) == preview(theirs, action), action
        assert view(other, -1).model_dump() == view(state, -1).model_dump()  # an onlooker


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_determinized_world_looks_the_same_to_the_seat_and_plays_on(players):
    rng = random.Random(players)
    for n, (state, _) in enumerate(random_game(20 + players, players)):
        if n % 11:
            continue
        seat = current_player(state)
        seen = view(state, seat)
        world = determinize(seen, rng)
        assert view(world, seat).model_dump() == seen.model_dump()
        assert legal_actions(world) == legal_actions(state)


def test_the_public_log_never_names_a_card_drawn_face_down():
    from forum_trajanum.trajan import data as D
    from forum_trajanum.trajan.game import GAME

    drawn = 0
    for state, action in random_game(5, 3):
        if action.kind in ("draw", "special") or str(action) == "card deck":
            after = state.clone()
            GAME.apply(after, action)
            seat = current_player(state)
            public = " ".join(t for _, t in GAME.public_lines(state, action, after))
            secret = " ".join(t for _, t in GAME.secret_lines(state, action, after, seat))
            assert not any(name in public for name in D.COMMODITIES), public
            drawn += any(name in secret for name in D.COMMODITIES)
    assert drawn  # the drawing seat's own lines do name them


def test_a_preview_gives_the_actions_own_points_not_the_quarter_scoring_it_leads_to():
    # EN l.405-425: a deploy that ends the quarter's last round gives the province's VP
    # (EN l.346-351); the penalty for unmet demands that follows belongs to the scoring
    rng = random.Random(4)
    state = new_game(4, TrajanOptions(players=4))
    found = 0
    while not is_over(state) and found < 3:
        pv = view(state, state.decider)
        for action in pv.legal:
            after = state.clone()
            apply(after, action)
            if len(after.scorings) > len(state.scorings) and action.kind != "pass":
                gained = preview(pv, action)
                assert "demands" not in gained, (action, gained)
                own = {k: n for k, n in gained.items() if k != "cards"}
                assert all(n >= 0 for n in own.values()), (action, gained)
                found += 1
        apply(state, rng.choice(legal_actions(state)))
    assert found, "no action in this game ended a quarter"
