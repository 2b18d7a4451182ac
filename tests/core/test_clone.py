"""The core's copies (issue 37.2, ``forum_trajanum/core/clone.py``): one ``clone`` for every
game, derived from its state's declared types, sharing no mutable object with its original."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator
from typing import Annotated, Any

import pytest
from pydantic import BaseModel, ConfigDict, PrivateAttr

from forum_trajanum.core.clone import SHARED, Cloneable, CloneError, build, cloner
from forum_trajanum.core.game import Game
from forum_trajanum.games import GAMES
from tests import testonly

with testonly.registered():
    NAMES = list(GAMES)


def mutables(value: Any) -> Iterator[Any]:
    """Every mutable object reachable from ``value`` through its fields and items: lists,
    dicts, sets, models and dataclasses that are not frozen, and each pydantic model's field
    dict and field set, each state's private-attribute dict. A private attribute's value (the
    legal-action cache) is shared by design and not followed."""
    private = getattr(value, "__pydantic_private__", None)
    if isinstance(private, dict):
        yield private
    if isinstance(value, BaseModel):
        if not type(value).model_config.get("frozen"):
            yield value
            yield value.__dict__
            yield value.__pydantic_fields_set__
        for item in value.__dict__.values():
            yield from mutables(item)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        if not type(value).__dataclass_params__.frozen:
            yield value
        for f in dataclasses.fields(value):
            yield from mutables(getattr(value, f.name))
    elif isinstance(value, (list, set)):
        yield value
        for item in value:
            yield from mutables(item)
    elif isinstance(value, dict):
        yield value
        for item in value.values():
            yield from mutables(item)
    elif isinstance(value, tuple):
        for item in value:
            yield from mutables(item)


def shared(original: BaseModel, copy: BaseModel) -> list[str]:
    """The mutable objects ``copy`` shares with ``original`` (by type, for the message)."""
    mine = {id(obj) for obj in mutables(original)}
    return [type(obj).__name__ for obj in mutables(copy) if id(obj) in mine]


def states_of_random_games(game: Game, players: int, seeds: range, every: int) -> Iterator:
    """Full states of random games, one every ``every`` actions and the last one."""
    for seed in seeds:
        rng = random.Random(seed)
        state = game.new_game(seed, game.options(players=players))
        step = 0
        while not game.is_over(state):
            if step % every == 0:
                yield state
            game.apply(state, rng.choice(game.legal_actions(state)))
            step += 1
        yield state


@pytest.mark.parametrize("name", NAMES)
def test_a_clone_shares_no_mutable_object_with_its_original(name):
    with testonly.registered():
        game = GAMES.get(name)
        checked = 0
        for players in (2, 4):
            for state in states_of_random_games(game, players, range(4), every=5):
                copy = state.clone()
                assert type(copy) is type(state)
                assert copy == state
                assert copy.model_dump() == state.model_dump()
                # the legal-action cache is carried over (shared: never changed in place)
                assert copy.__pydantic_private__ == state.__pydantic_private__
                assert shared(state, copy) == []
                checked += 1
        assert checked >= 20


class _Seat(Cloneable, BaseModel):
    hand: list[int]
    points: dict[str, int]


class _Report(BaseModel):
    model_config = ConfigDict(frozen=True)
    votes: tuple[int, ...]


class _Sticky(BaseModel):
    """Frozen, but holding a list: a clone copies it."""

    model_config = ConfigDict(frozen=True)
    cards: list[int]


class _State(Cloneable, BaseModel):
    round: int
    seats: list[_Seat]
    rows: list[list[int]]
    scorings: list[list[dict[str, int]]]
    reports: list[_Report]
    sticky: _Sticky
    maybe: list[int] | None
    layout: tuple[tuple[int, int], ...]
    tasks: list[Annotated[Any, SHARED]]
    _legal: list | None = PrivateAttr(default=None)


def _state() -> _State:
    state = _State(
        round=2,
        seats=[_Seat(hand=[1, 2], points={"a": 1}), _Seat(hand=[3], points={})],
        rows=[[1, 2], [3]],
        scorings=[[{"a": 1}, {"a": 2}]],
        reports=[_Report(votes=(1, 2))],
        sticky=_Sticky(cards=[4]),
        maybe=[5],
        layout=((0, 1),),
        tasks=[(1, 2)],
    )
    state._legal = ["an action"]
    return state


def test_the_copier_copies_each_mutable_type_and_shares_the_immutable_ones():
    state = _state()
    copy = state.clone()
    assert copy == state and shared(state, copy) == []
    assert "list" in shared(state, state.model_copy())  # the walk sees what a copy shares
    assert copy.reports[0] is state.reports[0]  # a frozen model of immutable values
    assert copy.tasks[0] is state.tasks[0]  # marked SHARED
    assert copy.layout is state.layout
    assert copy.__pydantic_private__["_legal"] is state.__pydantic_private__["_legal"]
    copy.seats[0].hand.append(9)
    copy.rows[0][0] = 7
    copy.scorings[0][0]["a"] = 5
    copy.sticky.cards.append(8)
    assert state == _state()


class _Added(_State):
    """A state with a field added: nobody wrote a line for it in any copier."""

    extra: list[list[int]] = [[1]]


def test_a_field_added_to_a_state_is_copied_without_a_line_written_for_it():
    state = _Added(**_state().__dict__, extra=[[1, 2]])
    copy = state.clone()
    assert type(copy) is _Added
    assert copy == state and shared(state, copy) == []


def test_a_field_the_core_cannot_copy_is_refused_naming_it():
    class _Opaque(Cloneable, BaseModel):
        fine: int
        anything: Any

    class _TupleOfLists(Cloneable, BaseModel):
        rows: tuple[list[int], ...]

    with pytest.raises(CloneError, match=r"_Opaque\.anything"):
        cloner(_Opaque)
    with pytest.raises(CloneError, match=r"_TupleOfLists\.rows"):
        _TupleOfLists(rows=([1],)).clone()


def test_build_makes_what_model_construct_makes_without_validating():
    data = {"hand": [1, 2], "points": {"a": 1}}
    made = build(_Seat, data)
    expected = _Seat.model_construct(hand=[1, 2], points={"a": 1})
    assert made == expected and made.model_fields_set == expected.model_fields_set
    assert made.hand is data["hand"]  # taken as it is
    state = build(_State, _state().__dict__.copy(), {"_legal": None})
    assert state._legal is None and state.round == 2
