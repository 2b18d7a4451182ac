"""Visibility is part of the state's declaration (issue 37, point 1): the contract every
registered game passes, naming no game (the test-only games too), and the core's derivation.

- Every field of every game's state, and of its seats' models, says who may see it
  (:mod:`forum_trajanum.core.visibility`); a field without a declaration fails here, and a
  view derived from the declarations refuses it (fails closed).
- No seat's view shows a field its declaration hides: along a seeded random game, for every
  seat and an onlooker, the view (as the host sends it) is the same when every field hidden
  from that seat (and not declared partly shown) is replaced by its mask. Fields declared
  partly shown follow their game's rule, which the games' own secrecy tests check
  (``tests/engine/test_view.py``, ``test_draft_secrecy.py``, ``tests/trajan/test_secrecy.py``).
"""

from __future__ import annotations

import dataclasses
import random
from typing import Annotated

import pytest
from pydantic import BaseModel

from forum_trajanum.core import visibility as V
from forum_trajanum.core.visibility import (
    EACH,
    PUBLIC,
    SEATS,
    VIEWER,
    Hidden,
    VisibilityError,
    blank,
    derive_view,
    hidden_from,
    masked,
    undeclared,
)
from forum_trajanum.games import GAMES
from forum_trajanum.net.views import legal_texts, view_data
from tests import testonly
from tests.fixtures.make_playthroughs import SEED, _seats

with testonly.registered():
    NAMES = GAMES.names()

#: Every how many actions a seeded game's views are checked (and its last position).
EVERY = 5


@pytest.fixture(autouse=True)
def _test_only_games(test_only_games):
    """The test-only games are registered for every test here, as at collection."""


def _sent(view) -> tuple:
    return view_data(view), legal_texts(view)


def _blanked(state, seat: int, only: str | None = None):
    """A clone of ``state`` with every field hidden from ``seat`` (not declared partly shown)
    replaced by its mask; ``only``: that field alone."""
    world = state.clone()
    for path, holder, field, _owner in hidden_from(world, seat):
        if field.seen.partly or (only is not None and path != only):
            continue
        hidden = masked(field, getattr(holder, field.name), seat)
        object.__setattr__(holder, field.name, hidden)  # a pydantic model's, or slots
    return world


def leaks(game, state, seat: int) -> list[str]:
    """The fields hidden from ``seat`` whose value ``seat``'s view shows (a difference in what
    the host sends it when the field is masked)."""
    seen = _sent(game.view(state, seat))
    if _sent(game.view(_blanked(state, seat), seat)) == seen:
        return []
    paths = [path for path, _h, field, _o in hidden_from(state, seat) if not field.seen.partly]
    return [p for p in paths if _sent(game.view(_blanked(state, seat, p), seat)) != seen]


def _player_counts(game) -> list[int]:
    """Every player count from 2 to 4 the game accepts."""
    counts = []
    for players in (2, 3, 4):
        try:
            game.options(players=players)
        except ValueError:
            continue
        counts.append(players)
    return counts


def _positions(game, players: int | None = None):
    """Every ``EVERY``-th position of a game seeded as the golden playthrough's (of its
    player count unless told), and its last."""
    state = game.new_game(SEED, game.options(players=players or _seats(game)))
    rng, number = random.Random(SEED), 0
    while not game.is_over(state):
        if number % EVERY == 0:
            yield state.clone()
        legal = game.legal_actions(state)
        game.apply(state, legal[int(rng.random() * len(legal))])
        number += 1
    yield state


@pytest.mark.parametrize("name", NAMES)
def test_every_field_of_every_games_state_says_who_may_see_it(name):
    game = GAMES.get(name)
    state = game.new_game(SEED, game.options(players=_seats(game)))
    assert undeclared(type(state)) == []


@pytest.mark.parametrize("name", NAMES)
def test_no_seats_view_shows_a_field_its_declaration_hides(name):
    game = GAMES.get(name)
    for players in _player_counts(game):
        for state in _positions(game, players):
            for seat in range(-1, players):
                where = f"{name}, {players} players: seat {seat} after {state.actions_taken}"
                assert leaks(game, state, seat) == [], where


def test_the_check_names_a_hidden_field_a_view_shows():
    """The check can fail: a view that shows the face-down pile (as Trajan's did for any
    field its deny-list forgot) is caught, the field named."""
    game = GAMES.get("trajan")
    state = next(p for i, p in enumerate(_positions(game)) if i == 10)

    def leaky(state, seat):
        view = game.view(state, seat)
        view.deck = state.deck[:]
        return view

    assert leaks(dataclasses.replace(game, view=leaky), state, 0) == ["deck"]
    assert leaks(game, state, 0) == []


# ── the core's derivation: fails closed ────────────────────────────────────────────────


class _Mat(BaseModel):
    cards: Annotated[list[int], Hidden(owner=True)]
    score: Annotated[int, PUBLIC] = 0

    def clone(self) -> _Mat:
        return _Mat(cards=self.cards[:], score=self.score)


class _State(BaseModel):
    seed: Annotated[int, Hidden(mask=blank(0))]
    viewer: Annotated[int, VIEWER] = -9
    pile: Annotated[list[int], Hidden()]
    table: Annotated[list[int], Hidden(owner=EACH)]
    mats: Annotated[list[_Mat], SEATS]
    round: Annotated[int, PUBLIC] = 1

    def clone(self) -> _State:
        return self.model_copy(
            update={
                "pile": self.pile[:],
                "table": self.table[:],
                "mats": [m.clone() for m in self.mats],
            }
        )


class _Added(_State):
    """A state with a field added and its declaration forgotten."""

    secret: int = 5

    def clone(self) -> _Added:
        return self.model_copy()


class _AddedToASeat(_Mat):
    """A seat's model with a field added and its declaration forgotten."""

    bonus: list[int] = []

    def clone(self) -> _AddedToASeat:
        return self.model_copy()


class _WithAddedToASeat(_State):
    mats: Annotated[list[_AddedToASeat], SEATS]


def _state(cls=_State, mat=_Mat) -> _State:
    mats = [mat(cards=[10 + p, 20 + p]) for p in range(3)]
    return cls(seed=99, pile=[1, 2, 3], table=[7, 8, 9], mats=mats)


def test_a_view_is_derived_from_the_declarations():
    view = derive_view(_state(), 1, {})
    assert (view.seed, view.viewer, view.pile, view.table) == (0, 1, [-1, -1, -1], [-1, 8, -1])
    assert [m.cards for m in view.mats] == [[-1, -1], [11, 21], [-1, -1]]
    onlooker = derive_view(_state(), -1, {})
    assert [m.cards for m in onlooker.mats] == [[-1, -1]] * 3 and onlooker.table == [-1] * 3
    assert onlooker.round == 1 and onlooker.mats[2].score == 0


def test_a_field_added_without_a_declaration_fails_the_contract_and_no_view_is_made():
    assert undeclared(_Added) == ["_Added.secret"]
    with pytest.raises(VisibilityError, match="secret"):
        derive_view(_state(_Added), 0, {})
    assert undeclared(_WithAddedToASeat) == ["_AddedToASeat.bonus"]
    with pytest.raises(VisibilityError, match="bonus"):
        derive_view(_state(_WithAddedToASeat, _AddedToASeat), 0, {})


def test_an_owner_field_outside_a_seats_model_is_refused():
    class _NoOwner(BaseModel):
        hand: Annotated[list[int], Hidden(owner=True)]

    assert undeclared(_NoOwner) == ["_NoOwner.hand"]


def test_a_view_rule_for_a_field_not_declared_partly_shown_is_refused():
    """A game cannot show a hidden field by a rule of its view unless the state declares
    that field partly shown (and every field so declared needs its rule)."""
    with pytest.raises(VisibilityError, match="partly shown"):
        derive_view(_state(), 0, {"pile": lambda state, seat: state.pile[:]})


def test_hide_items_keeps_the_shape_and_refuses_what_it_cannot_mask():
    assert V.hide_items([[3, 4], [5]]) == [[-1, -1], [-1]]
    assert V.hide_items_but(0)([0, 4, 0]) == [0, -1, 0]
    with pytest.raises(VisibilityError):
        V.hide_items("Livia")
