"""Who may see each field of a game's state: the declaration is part of the state (issue 37).

Every field of a game's state model says, in its annotation, who may see it::

    score: Annotated[int, PUBLIC]                         # every seat and onlooker
    deck: Annotated[list[int], Hidden()]                  # nobody (its shape: the count, shown)
    seed: Annotated[int, Hidden(mask=blank(0))]           # nobody; a view holds 0
    hand: Annotated[list[int], Hidden(owner=True, partly="the cards seen entering it")]
    table: Annotated[list[int], Hidden(owner=EACH)]       # item i: seat i's alone
    players: Annotated[list[PlayerState], SEATS]          # one model per seat, see below
    viewer: Annotated[int, VIEWER]                        # in a view: the seat looking

- :data:`PUBLIC`: everyone sees it as it is (the whole value, models in it included).
- :func:`Hidden`: nobody sees it (``owner=False``), its owner alone (``owner=True``: in a
  model of a :data:`SEATS` list, the seat whose model it is) or, for a list with one item per
  seat (``owner=EACH``), each seat its own item. The others get ``mask(value)``
  (:func:`hide_items` unless told: every card or tile ``-1``, the shape, so the counts, kept).
  ``partly`` (a rule in words) says the game's view shows part of it to more seats by that
  rule: its view module gives that rule as a function (see :func:`derive_view`).
- :data:`SEATS`: a list of models, one per seat; each of their fields declares its own
  visibility, its owner being the seat whose model it is.
- :data:`VIEWER`: the seat a view is for (``-1``: an onlooker).

A view of the state's own type (Trajan's, the test-only game's) is derived from the
declarations by :func:`derive_view`, which fails closed: a field without a declaration is an
error, and a hidden one reaches a seat only masked, or by the game's rule for a field it
declares ``partly`` shown. A view of its own shape (Forum Trajanum's ``PlayerView``, an
allow-list) is checked against the declarations by the contract tests
(``tests/core/test_visibility.py``): for every field a seat may not see and that is not
``partly`` shown, the seat's view is the same whatever that field holds.
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from forum_trajanum.core.clone import declared

#: A card or tile a seat may not know, in a derived view.
UNKNOWN = -1
#: ``Hidden(owner=EACH)``: a list with one item per seat, each its seat's own.
EACH = "each"


class VisibilityError(TypeError):
    """A state's fields are not all declared, or a game's view rules do not match them."""


def hide_items(value: Any, keep: tuple[Any, ...] = ()) -> Any:
    """``value`` with every int in it (a card, a tile) :data:`UNKNOWN` but those in ``keep``,
    lists and tuples kept in shape: a seat that may not see the cards still sees how many."""
    if isinstance(value, list):
        if not keep and (not value or type(value[0]) is int):  # a list[int]: its declared type
            return [UNKNOWN] * len(value)
        return [hide_items(item, keep) for item in value]
    if isinstance(value, tuple):
        return tuple(hide_items(item, keep) for item in value)
    if isinstance(value, int) and not isinstance(value, bool):
        return value if value in keep else UNKNOWN
    raise VisibilityError(f"no mask given for a hidden value of type {type(value).__name__}")


def hide_items_but(*keep: Any) -> Callable[[Any], Any]:
    """A mask: :func:`hide_items` keeping the values ``keep`` (e.g. "no card" stays seen)."""
    return lambda value: hide_items(value, keep)


def blank(constant: Any) -> Callable[[Any], Any]:
    """A mask: the value replaced by ``constant`` (e.g. a seed by 0)."""
    return lambda value: constant


@dataclass(frozen=True)
class Seen:
    """Who may see one field (see the module's words); made by :data:`PUBLIC`,
    :func:`Hidden`, :data:`SEATS` and :data:`VIEWER`."""

    who: str  # "everyone", "owner", EACH, "nobody", "seats" or "viewer"
    mask: Callable[[Any], Any] | None = None
    partly: str = ""

    def hides(self, seat: int, owner: int | None) -> bool:
        """Whether the declaration hides the whole field from ``seat`` (the model's
        ``owner`` for a seat's model; ``EACH`` fields are hidden item by item)."""
        if self.who == "nobody":
            return True
        if self.who == "owner":
            return owner != seat
        return False


PUBLIC = Seen("everyone")
SEATS = Seen("seats")
VIEWER = Seen("viewer")


def Hidden(  # read as a declaration, like pydantic's Field
    owner: bool | str = False,
    mask: Callable[[Any], Any] = hide_items,
    partly: str = "",
) -> Seen:
    """A field nobody sees (``owner=False``), its owner alone (``owner=True``) or each seat
    its own item (``owner=EACH``); the others get ``mask(value)``; ``partly``: the rule, in
    words, by which the game's view shows part of it to more seats."""
    who = EACH if owner == EACH else "owner" if owner else "nobody"
    return Seen(who, mask, partly)


def declaration(model: type, name: str) -> Seen | None:
    """The visibility the field ``name`` of ``model`` (a pydantic model or a dataclass)
    declares (None: none)."""
    found = [m for m in getattr(declared(model)[name], "__metadata__", ()) if isinstance(m, Seen)]
    return found[0] if len(found) == 1 else None


def _seat_model(model: type, name: str) -> type | None:
    """The model of the items of a ``SEATS`` field (``list[PlayerState]``)."""
    tp = declared(model)[name]
    if typing.get_origin(tp) is typing.Annotated:
        tp = typing.get_args(tp)[0]
    for arg in typing.get_args(tp):
        if isinstance(arg, type) and (issubclass(arg, BaseModel) or dataclasses.is_dataclass(arg)):
            return arg
    return None


def undeclared(model: type, *, seat_model: bool = False) -> list[str]:
    """Every field of ``model`` (and of its seats' models) that does not say who may see it,
    or says it wrongly ("owner" outside a seat's model, ``SEATS`` or ``EACH`` inside one,
    ``SEATS`` on no list of models), as ``Model.field``; empty when every field is
    declared."""
    wrong = []
    for name in declared(model):
        seen = declaration(model, name)
        where = f"{model.__name__}.{name}"
        misplaced = seen is not None and (
            (seen.who == "owner" and not seat_model) or (seen.who in ("seats", EACH) and seat_model)
        )
        if seen is None or misplaced:
            wrong.append(where)
        elif seen.who == "seats":
            sub = _seat_model(model, name)
            wrong += [where] if sub is None else undeclared(sub, seat_model=True)
        elif seen.who in ("owner", EACH, "nobody") and seen.mask is None:
            wrong.append(where)
    return wrong


@dataclass(frozen=True)
class _Field:
    name: str
    seen: Seen
    seats: tuple[_Field, ...] = ()  # a SEATS field: its items' fields


_PLANS: dict[type, tuple[_Field, ...]] = {}


def _plan(model: type) -> tuple[_Field, ...]:
    """Every field of ``model`` with its declaration, found once per model; raises
    :class:`VisibilityError` for a field without one (fails closed)."""
    plan = _PLANS.get(model)
    if plan is None:
        wrong = undeclared(model)
        if wrong:
            raise VisibilityError(f"these fields do not say who may see them: {wrong}")
        fields = []
        for name in declared(model):
            seen = declaration(model, name)
            assert seen is not None
            sub = _seat_model(model, name) if seen.who == "seats" else None
            seats = tuple(_Field(n, declaration(sub, n)) for n in declared(sub)) if sub else ()  # type: ignore[arg-type]
            fields.append(_Field(name, seen, seats))
        plan = _PLANS[model] = tuple(fields)
    return plan


_PARTLY: dict[type, frozenset[str]] = {}


def partly_shown(model: type) -> frozenset[str]:
    """The fields of ``model`` declared ``partly`` shown (``players.hand`` for a seat's
    model's field): each needs its rule in the game's view."""
    found = _PARTLY.get(model)
    if found is None:
        paths = set()
        for f in _plan(model):
            if f.seen.partly:
                paths.add(f.name)
            paths.update(f"{f.name}.{s.name}" for s in f.seats if s.seen.partly)
        found = _PARTLY[model] = frozenset(paths)
    return found


def hidden_from(state: Any, seat: int) -> Iterator[tuple[str, Any, _Field, int | None]]:
    """Every field of ``state`` its declaration hides from ``seat`` (wholly, or some items of
    an ``EACH`` field): (path, the model holding it, the field, its owner)."""
    for f in _plan(type(state)):
        if f.seats:
            for owner, sub in enumerate(getattr(state, f.name)):
                for s in f.seats:
                    if s.seen.hides(seat, owner) or s.seen.who == EACH:
                        yield f"{f.name}[{owner}].{s.name}", sub, s, owner
        elif f.seen.hides(seat, None) or f.seen.who == EACH:
            yield f.name, state, f, None


def masked(f: _Field, value: Any, seat: int) -> Any:
    """``value`` of the field ``f`` as its declaration lets ``seat`` see it, for a field
    :func:`hidden_from` gave (an ``EACH`` field: the seat's own item kept)."""
    mask = f.seen.mask
    assert mask is not None
    if f.seen.who == EACH:
        return [item if i == seat else mask(item) for i, item in enumerate(value)]
    return mask(value)


#: A game's rule for a field it declares ``partly`` shown: ``rule(state, seat)`` for a state's
#: field, ``rule(state, seat, owner)`` for a seat's model's; what ``seat`` sees of it.
Rule = Callable[..., Any]


_DERIVE: dict[type, tuple[tuple[Any, ...], tuple[Any, ...]]] = {}


def _derivation(model: type) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
    """What :func:`derive_view` does to a state of ``model``, found once: the state's fields
    it sets (name, who, mask), and per ``SEATS`` field its seats' hidden fields (name, path,
    mask); public fields are left as the clone has them."""
    found = _DERIVE.get(model)
    if found is None:
        top, seats = [], []
        for f in _plan(model):
            if f.seats:
                hidden = tuple(
                    (s.name, f"{f.name}.{s.name}", s.seen.mask, s.seen.who)
                    for s in f.seats
                    if s.seen.who in ("owner", "nobody")
                )
                seats.append((f.name, hidden))
            elif f.seen.who in ("viewer", "nobody", EACH):
                top.append((f.name, f.seen.who, f.seen.mask))
        found = _DERIVE[model] = (tuple(top), tuple(seats))
    return found


def derive_view(state: Any, seat: int, rules: Mapping[str, Rule]) -> Any:
    """What ``seat`` may know of ``state`` (``-1``: an onlooker), as a state of its type:
    a clone whose fields the declarations hide from ``seat`` are masked, but for those
    declared ``partly`` shown, which ``rules`` (by path, as :func:`partly_shown` names them)
    give. Fails closed: a field without a declaration, or ``rules`` that are not exactly the
    fields declared ``partly`` shown, raise :class:`VisibilityError`."""
    model = type(state)
    if rules.keys() != partly_shown(model):
        raise VisibilityError(
            f"{model.__name__}: the view's rules {sorted(rules)} are not the fields declared "
            f"partly shown {sorted(partly_shown(model))}"
        )
    top, seats = _derivation(model)
    view = state.clone()
    put = object.__setattr__  # a field written as it is (a pydantic model, or slots)
    for name, who, mask in top:
        if who == "viewer":
            put(view, name, seat)
            continue
        rule = rules.get(name)
        if rule is not None:
            put(view, name, rule(state, seat))
        elif who == EACH:
            value = getattr(view, name)
            put(view, name, [v if i == seat else mask(v) for i, v in enumerate(value)])
        else:
            put(view, name, mask(getattr(view, name)))
    for field, hidden in seats:
        for owner, sub in enumerate(getattr(view, field)):
            mine = owner == seat
            for name, path, mask, who in hidden:
                if mine and who == "owner":
                    continue
                rule = rules.get(path)
                put(sub, name, rule(state, seat, owner) if rule else mask(getattr(sub, name)))
    return view
