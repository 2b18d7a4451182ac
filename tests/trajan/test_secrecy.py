"""What each seat may know (components §6): games that differ only in something a seat may not
know, one hidden thing at a time or all at once, give that seat identical views, legal actions
and previews; ``determinize`` round-trips."""

from __future__ import annotations

import random

import pytest

from forum_trajanum.games.trajan.engine.foresight import preview
from forum_trajanum.games.trajan.engine.rules import (
    apply,
    current_player,
    is_over,
    legal_actions,
    new_game,
)
from forum_trajanum.games.trajan.engine.state import TrajanOptions
from forum_trajanum.games.trajan.engine.view import determinize, view

from .helpers import after_setup, random_game


def test_a_view_holds_nothing_hidden():
    """Components §6: the face-down piles, the removed demand tiles, the bag, the tiles below
    each stack's top and the unseen cards of other hands are hidden."""
    s = after_setup(3, 3)
    v = view(s, 0)
    assert set(v.deck) == set(v.forum_pile) == set(v.extra_pile) == {-1}
    assert set(v.demand_pile) == set(v.demands_out) == set(v.bag) == {-1}
    assert all(set(stack[:-1]) <= {-1} and stack[-1] >= 0 for stack in v.stacks)
    assert v.seed == 0 and v.players[0].hand == s.players[0].hand
    for p in (1, 2):
        assert set(v.players[p].hand) - set(s.players[p].known) <= {-1}


def _swap_hand(state, rival: int):
    """Another card in ``rival``'s hand, one that nobody saw enter it (from the pile)."""
    hand, known = state.players[rival].hand, list(state.players[rival].known)
    for i, card in enumerate(hand):
        if card in known:
            known.remove(card)
            continue
        for j, other in enumerate(state.deck):
            if other != card:
                hand[i], state.deck[j] = other, card
                return


def _reverse(pile: list[int]) -> None:
    pile.reverse()


def _hidden_changes(state, seat: int):
    """(name, change) for every single thing ``seat`` may not know (components §6): each
    other hand, the order of each face-down pile, the 3 demand tiles removed at setup, the
    bag, the tiles below each stack's top, and the seed."""
    for rival in range(len(state.players)):
        if rival != seat:
            yield f"hand {rival}", lambda s, r=rival: _swap_hand(s, r)
    yield "card pile", lambda s: _reverse(s.deck)
    yield "forum pile", lambda s: _reverse(s.forum_pile)
    yield "extra pile", lambda s: _reverse(s.extra_pile)
    yield "demand pile", lambda s: _reverse(s.demand_pile)

    def removed(s):  # a removed demand tile exchanged with a different one of the pile
        for i, tile in enumerate(s.demand_pile):
            if s.demands_out and tile != s.demands_out[0]:
                s.demands_out[0], s.demand_pile[i] = tile, s.demands_out[0]
                return

    yield "removed demands", removed
    yield "bag", lambda s: _reverse(s.bag)
    for i in range(len(state.stacks)):

        def below(s, i=i):
            s.stacks[i][:-1] = s.stacks[i][:-1][::-1]

        yield f"stack {i}", below

    def seed(s):
        s.seed += 1

    yield "seed", seed


def _other_world(state, seat: int):
    """The same game with every hidden change of :func:`_hidden_changes` at once (the bots'
    tests use it too)."""
    other = state.clone()
    for _, change in _hidden_changes(state, seat):
        change(other)
    return other


def _same_to(seat: int, state, other) -> None:
    """``seat`` sees the same view, the same legal actions and the same preview of each."""
    mine, theirs = view(state, seat), view(other, seat)
    assert theirs.model_dump() == mine.model_dump()
    assert theirs.legal == mine.legal
    for action in legal_actions(state):
        assert preview(theirs, action) == preview(mine, action), action
    assert view(other, -1).model_dump() == view(state, -1).model_dump()  # an onlooker


@pytest.mark.parametrize("players", [2, 3, 4])
def test_worlds_a_seat_cannot_tell_apart_give_it_the_same_view_and_previews(players):
    """Components §6: one world per single hidden change, and one with all of them at once,
    look the same to the deciding seat: its view, its legal actions and the preview of
    each."""
    changed = set()
    for n, (state, _) in enumerate(random_game(11 + players, players)):
        if n % 7:
            continue
        seat = current_player(state)
        for name, change in _hidden_changes(state, seat):
            other = state.clone()
            change(other)
            if other.model_dump() != state.model_dump():
                changed.add(name.split()[0])
                _same_to(seat, state, other)
        _same_to(seat, state, _other_world(state, seat))
    kinds = {"hand", "card", "forum", "extra", "demand", "removed", "bag", "stack", "seed"}
    assert changed == kinds  # each kind of hidden change was made at least once


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_determinized_world_looks_the_same_to_the_seat_and_plays_on(players):
    """Components §6: a world drawn from what a seat may know gives that seat the same view back
    and the same legal actions."""
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
    """Components §6 (EN l.127, l.251, l.648): a card drawn face down is named only in the
    drawing seat's own lines."""
    from forum_trajanum.games.trajan import data as D
    from forum_trajanum.games.trajan.engine.game import GAME

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
    """EN l.405-425: a deploy that ends the quarter's last round gives the province's VP (EN
    l.346-351); the penalty for unmet demands that follows belongs to the scoring."""
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


def _placement_worlds(seed: int, players: int):
    """(state, other) at each marker decision of a setup: ``other`` is the same game with
    other Trajan stacks (every tile in another order, so other tops), the trays the other
    seats filled so far filled otherwise, and their drawn defaults drawn again."""
    rng = random.Random(seed)
    state = new_game(seed, TrajanOptions(players=players))
    while state.decision == "markers":
        seat = state.decider
        other = state.clone()
        for stack in other.stacks:
            stack.insert(0, stack.pop())  # the top goes to the bottom
        for p, pl in enumerate(other.players):
            if p == seat:
                continue
            filled = [t for t, tray in enumerate(pl.trays) if any(tray)]
            colours = [c for t in filled for c in range(6) for _ in range(pl.trays[t][c])]
            rng.shuffle(colours)
            colours.reverse()
            for t in filled:
                pl.trays[t] = [0] * 6
                for _ in range(2):
                    pl.trays[t][colours.pop()] += 1
            rng.shuffle(pl.default_markers)
            rng.shuffle(pl.default_stacks)
        yield state, other
        apply(state, rng.choice(legal_actions(state)))


@pytest.mark.parametrize("players", [2, 4])
def test_r36_the_marker_decision_looks_the_same_whatever_the_stacks_and_earlier_trays(players):
    """EN l.107-109 (the markers before the Trajan tiles), R36: at every marker decision,
    worlds that differ only in the Trajan stacks' tops and in the trays the other seats
    filled give the deciding seat the same view, legal actions, previews and words, and an
    onlooker the same view."""
    from forum_trajanum.games.trajan.engine.view import SPECS

    differ = 0
    for state, other in _placement_worlds(30 + players, players):
        seat = state.decider
        _same_to(seat, state, other)
        mine, theirs = view(state, seat), view(other, seat)
        for action in mine.legal:
            spec = SPECS[action.kind]
            assert spec.words(theirs, action) == spec.words(mine, action)
        differ += any(a.trays != b.trays for a, b in zip(state.players, other.players, strict=True))
    assert differ  # the worlds did differ in an earlier seat's trays


@pytest.mark.parametrize("players", [2, 3])
def test_r36_a_world_drawn_while_markers_are_placed_fills_the_hidden_trays_and_stacks(players):
    """R36: ``determinize`` draws the hidden stacks and the other seats' hidden trays (two of
    their own markers in each tray they filled), gives the view back, and plays on."""
    from tests.trajan.invariants import check_invariants

    rng = random.Random(players)
    for state, _ in _placement_worlds(50 + players, players):
        seat = state.decider
        seen = view(state, seat)
        world = determinize(seen, rng)
        assert view(world, seat).model_dump() == seen.model_dump()
        assert legal_actions(world) == legal_actions(state)
        for p, pl in enumerate(world.players):
            assert all(sum(t) in (0, 2) for t in pl.trays)
            assert all(sum(t[c] for t in pl.trays) <= 2 for c in range(6))
            assert sorted(pl.default_markers) == sorted(state.players[p].default_markers)
        assert sorted(t for stack in world.stacks for t in stack) == list(range(54))
        while world.phase == "setup":
            apply(world, rng.choice(legal_actions(world)))
        check_invariants(world)
