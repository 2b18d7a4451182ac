"""Actions: small immutable values with a short text form that round-trips.

Every game defines its own action base class, a subclass of :class:`Action` holding the game's
:class:`ActionSet`::

    class TrajanAction(Action):
        actions: ClassVar[ActionSet[Any]] = ActionSet("trajan")

and then one subclass per action kind, each fixing ``kind`` (the first word of its text) and
defining ``text`` and ``_from_tokens``. Defining the class registers it in its game's set, so
the parser and the JSON union are derived from the classes. ``parse(str(action)) == action``
for every action.

Kind words are a game's own: two games may use one word for different actions (``build``,
``pick`` and ``take`` are in both Forum Trajanum and Trajan). An action belongs to exactly one
game (:meth:`ActionSet.owns`); a game's parser refuses another game's text with
:class:`ActionParseError` (or reads it as one of its own actions, which its ``apply`` judges
like any other), its ``apply`` refuses another game's action as illegal, and
:func:`reveals` says an action of another game reveals (fails closed).

Actions are interned: ``Cls.make(...)`` returns one shared instance per value, so legal-action
lists are cheap to build and a membership test usually succeeds by identity.

What a game's log and undo need of each action kind (its words, whether it reveals hidden
information, its secret lines) is a :class:`LogSpec` per kind, checked complete at import
(:func:`check_complete`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Annotated, Any, ClassVar, Generic, TypeVar, Union, cast

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter
from pydantic_core import PydanticUndefined

from forum_trajanum.core.errors import ActionParseError

_CACHE: dict[tuple[Any, ...], Action] = {}
#: An action class's own type (``Take.make(3)`` is a ``Take``).
_A = TypeVar("_A", bound="Action")
#: A per-kind table (any mapping by kind word).
_T = TypeVar("_T", bound=Mapping[str, Any])

#: The longest text an action parser reads (a record's action lines are at most 200).
MAX_ACTION_TEXT = 200


class ActionSet(Generic[_A]):
    """Every action class of one game by its kind: parsing, and validating the JSON form
    (``ActionSet[GameAction]``: of the game's own action base class)."""

    def __init__(self, game: str) -> None:
        self.game = game
        #: Every action class by its ``kind``, in the order they are defined.
        self.kinds: dict[str, type[_A]] = {}
        self._adapter: TypeAdapter[_A] | None = None

    def __repr__(self) -> str:
        return f"ActionSet({self.game!r}, {len(self.kinds)} kinds)"

    def add(self, cls: type[_A]) -> None:
        """Register an action class under its kind; refuses a kind defined twice."""
        kind = cls.model_fields["kind"].default
        if kind in self.kinds:
            raise TypeError(f"{self.game}: action kind {kind!r} is defined twice")
        self.kinds[kind] = cls
        self._adapter = None

    @property
    def types(self) -> tuple[type[_A], ...]:
        """Every action class, in the order they were defined."""
        return tuple(self.kinds.values())

    def adapter(self) -> TypeAdapter[_A]:
        """A pydantic adapter that validates any action of this game from its JSON/dict form
        (``kind`` tags)."""
        if self._adapter is None:
            # a union of this game's action classes, built at run time (mypy cannot see it)
            union = Annotated[Union[self.types], Field(discriminator="kind")]  # type: ignore[name-defined]  # noqa: UP007
            self._adapter = cast("TypeAdapter[_A]", TypeAdapter(union))
        return self._adapter

    def owns(self, action: object) -> bool:
        """Whether ``action`` is an action of this game (not merely one of the same kind word:
        another game's ``build`` is not this game's)."""
        kind = getattr(action, "kind", None)
        return isinstance(kind, str) and type(action) is self.kinds.get(kind)

    def parse(self, text: str) -> _A:
        """The action of this game whose text form is ``text`` (case-insensitive where the
        action's own parser allows); raises :class:`ActionParseError` for anything else: not
        text, another game's action text, garbage of any length."""
        if not isinstance(text, str):
            raise ActionParseError(f"an action is text, not {type(text).__name__}")
        if len(text) > MAX_ACTION_TEXT:
            raise ActionParseError(f"an action text of {len(text)} characters is far too long")
        tokens = text.split()
        if not tokens:
            raise ActionParseError("empty action text")
        cls = self.kinds.get(tokens[0].lower())
        if cls is None:
            kinds = ", ".join(sorted(self.kinds))
            raise ActionParseError(
                f"unknown action {_shown(tokens[0])} in {_shown(text)}; known: {kinds}"
            )
        try:
            action = cast(_A, cls._from_tokens(tokens[1:]))  # of the class of its kind
            # the text must be exactly the action's own text form: no extra or altered words
            same = str(action).lower().split() == [t.lower() for t in tokens]
        except (ValueError, IndexError, TypeError, KeyError, AttributeError) as exc:
            # pydantic's errors are ValueErrors; the others are a token of the wrong shape
            raise ActionParseError(f"malformed {_shown(tokens[0])} action: {_shown(text)}") from exc
        if not same:
            raise ActionParseError(f"malformed {_shown(tokens[0])} action: {_shown(text)}")
        return action


def _shown(text: str) -> str:
    """A text for an error message: quoted with every control character escaped, cut short."""
    shown = repr(text)
    return shown if len(shown) <= 60 else shown[:57] + "..."


class Action(BaseModel):
    """Base class of every action of every game. A game's own base class sets ``actions``;
    each concrete subclass fixes ``kind`` and defines ``text``/``_from_tokens``."""

    # defer_build: the validators are built on first use, not at import (start-up time)
    model_config = ConfigDict(frozen=True, defer_build=True)
    kind: str
    #: The game's action set (set on the game's base class).
    actions: ClassVar[ActionSet[Any] | None] = None
    #: The field names in ``make``'s argument order.
    _fields: ClassVar[tuple[str, ...]] = ()

    @classmethod
    def __pydantic_init_subclass__(cls, **kwargs: Any) -> None:
        super().__pydantic_init_subclass__(**kwargs)
        if cls.model_fields["kind"].default is PydanticUndefined:
            return  # a game's base class: no kind of its own
        if cls.actions is None:
            raise TypeError(f"{cls.__name__} belongs to no game's ActionSet")
        cls.actions.add(cls)

    @classmethod
    def make(cls: type[_A], *args: Any) -> _A:
        """The shared instance with these field values (in ``_fields`` order)."""
        key = (cls, *args)
        found = _CACHE.get(key)
        if found is None:
            found = cls(**dict(zip(cls._fields, args, strict=True)))
            _CACHE[key] = found
        return cast(_A, found)  # the key starts with its class

    def __eq__(self, other: object) -> bool:
        return type(self) is type(other) and self.__dict__ == other.__dict__

    def __hash__(self) -> int:
        return hash((type(self), *self.__dict__.values()))

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return f"Action({self.text()!r})"

    def text(self) -> str:  # pragma: no cover - every subclass overrides
        raise NotImplementedError

    @classmethod
    def _from_tokens(cls, tokens: list[str]) -> Action:  # pragma: no cover
        raise NotImplementedError


class Made(dict[Any, Any]):
    """The shared instances of one action class by their field values, at the cost of a dict
    look-up: ``TAKES = Made(Take)``, then ``TAKES[3] is Take.make(3)`` (a class of several
    fields is looked up by the tuple of their values: ``ENVOYS[row, col]``). For the options
    computed at every decision (issue 37.5); filled as values are asked for, so that
    importing a game builds no action."""

    __slots__ = ("_make", "_one")

    def __init__(self, cls: type[Action]) -> None:
        super().__init__()
        self._make = cls.make
        self._one = len(cls._fields) == 1

    def __missing__(self, key: Any) -> Action:
        found = self[key] = self._make(key) if self._one else self._make(*key)
        return found


@dataclass(frozen=True, slots=True)
class LogSpec:
    """What every game says about one action kind for its log and its undo: its public log
    words, whether it reveals hidden information (undo never goes back across it) and the lines
    only its player knew then (shown when a finished game is replayed). A game's own spec of
    an action kind may say more (Forum Trajanum's ``engine.specs.ActionSpec`` is a LogSpec);
    :func:`reveals` reads any of them.

    ``log(before, action, player) -> str`` gets the state before the action; ``reveals`` is a
    bool or ``reveals(before, action) -> bool``; ``secret(before, action, after, seat)`` gives
    (seat, text) lines; ``final`` says, in its player's words, why an action that reveals
    cannot be taken back ("a draft pick cannot be taken back"; "" when it does not say)."""

    log: Callable[..., str]
    reveals: bool | Callable[..., bool]
    secret: Callable[..., list[tuple[int, str]]] | None = None
    final: str = ""

    def __post_init__(self) -> None:
        if not callable(self.log):
            raise TypeError("a log spec's log is not a function")
        if self.secret is not None and not callable(self.secret):
            raise TypeError("a log spec's secret is not a function")
        if not (isinstance(self.reveals, bool) or callable(self.reveals)):
            raise TypeError("a log spec's reveals is True, False or a function")

    def reveals_in(self, before: Any, action: Any) -> bool:
        """Whether ``action`` (of this kind, played from ``before``) reveals hidden
        information."""
        reveals = self.reveals
        return bool(reveals(before, action) if callable(reveals) else reveals)


def check_complete(actions: ActionSet[Any], table: _T, what: str) -> _T:
    """Refuse a per-kind table (specs, choice words, board cells) that misses a kind of
    ``actions`` or names a kind it does not have: called at import, so a new action kind
    without its words fails at once, not silently on a player's screen. Returns ``table``."""
    missing = [kind for kind in actions.kinds if kind not in table]
    unknown = [kind for kind in table if kind not in actions.kinds]
    if missing or unknown:
        raise TypeError(
            f"{actions.game}: the {what} table "
            + (f"misses the action kinds {missing}" if missing else "")
            + (" and " if missing and unknown else "")
            + (f"names unknown kinds {unknown}" if unknown else "")
        )
    return table


def final_words(actions: ActionSet[Any], specs: Mapping[str, LogSpec], action: Any) -> str:
    """Why ``action`` cannot be taken back, in its player's words, from its kind's spec in
    ``specs`` ("" when the spec does not say, or the action is not of this game)."""
    if not actions.owns(action):
        return ""
    spec = specs.get(action.kind)
    return "" if spec is None else spec.final


def reveals(
    actions: ActionSet[Any], specs: Mapping[str, LogSpec], before: Any, action: Any
) -> bool:
    """Whether ``action`` reveals hidden information, from its kind's spec in ``specs`` (the
    specs of the game whose actions are ``actions``). Fails closed (undo stops there): an
    action of another game (even of a kind word this game uses too), or of a kind without a
    spec, reveals."""
    if not actions.owns(action):
        return True
    spec = specs.get(action.kind)
    return True if spec is None else spec.reveals_in(before, action)
