"""A game's task kinds: the typed records on its flow stack, and how each kind is played.

A game keeps its flow as a stack of small task records (``state.tasks``, the top one is the
next thing to happen). A *decision* is a task a player answers: its options (the legal actions)
and its handler are registered once, by the module that rules it, with
:meth:`TaskRegistry.decides`. Every other task is *automatic* and runs by itself
(:meth:`TaskRegistry.automatic`). Each record names its fields, so nothing reads a task by
position, and each decision record carries its title, phase and a newcomer's explanation.

Records are ``NamedTuple`` classes: as cheap to build and copy as tuples (search clones the
stack thousands of times a second), immutable, with named fields. Every game has its own
:class:`TaskRegistry` object, so two games' task kinds can never collide, and a registry
refuses a kind declared or ruled twice.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated, Any, TypeVar

from pydantic import PlainSerializer, PlainValidator, TypeAdapter

from forum_trajanum.core.clone import SHARED

#: A handler's answer: the decision stays open after this action.
AGAIN = "again"
#: A task record class (a NamedTuple class; its kind, title, phase are set on declaring it).
_R = TypeVar("_R", bound=type)


@dataclass(frozen=True, slots=True)
class DecisionRule:
    """How one kind of decision is played: its legal actions, applying one, and what
    happens when it has no legal action (``skipped``, optional)."""

    record: type[Any]
    options: Callable[[Any, Any], list[Any]]
    handle: Callable[[Any, Any, Any], str | None]
    skipped: Callable[[Any, Any], None] | None = None


class TaskRegistry:
    """Every task kind of one game: its record class, and its rule (a decision's options and
    handler, or an automatic task's run)."""

    def __init__(self, game: str) -> None:
        self.game = game
        #: Every task record class by its kind.
        self.types: dict[str, type[Any]] = {}
        #: Decision rules by task kind.
        self.decisions: dict[str, DecisionRule] = {}
        #: Automatic tasks by task kind: the function that runs one.
        self.runs: dict[str, Callable[[Any, Any], None]] = {}
        self._adapters: dict[type[Any], TypeAdapter[Any]] = {}
        #: A task record as a pydantic field: kept as the record, dumped as
        #: ``{"kind": ..., field: value, ...}``; immutable, so a clone shares it.
        self.field = Annotated[
            Any, PlainValidator(self.from_data), PlainSerializer(to_data), SHARED
        ]

    def __repr__(self) -> str:
        return f"TaskRegistry({self.game!r}, {len(self.types)} kinds)"

    def record(
        self, kind: str, title: str = "", phase: str | None = None, explain: str = ""
    ) -> Callable[[_R], _R]:
        """Declare a task record class under ``kind``; ``title`` (decisions only) says in
        words what the player decides, ``phase`` is the game phase the decision belongs to
        (None: it keeps the phase it interrupts), ``explain`` tells a newcomer in two or three
        sentences what the decision is and what its options do (for the first-game coach)."""

        def register(declared: _R) -> _R:
            if kind in self.types:
                raise ValueError(f"{self.game}: task kind {kind!r} is declared twice")
            cls: Any = declared  # its class attributes are set here
            cls.kind = kind
            cls.title = title
            cls.phase = phase
            cls.explain = explain
            cls.public = getattr(cls, "public", _same)
            self.types[kind] = cls
            return declared

        return register

    def decides(
        self,
        record: type[Any],
        *,
        options: Callable[[Any, Any], list[Any]],
        handle: Callable[[Any, Any, Any], str | None],
        skipped: Callable[[Any, Any], None] | None = None,
    ) -> None:
        """Rule the decision of task record ``record``; refuses a kind ruled twice."""
        self._check_new(record)
        self.decisions[record.kind] = DecisionRule(record, options, handle, skipped)

    def automatic(self, record: type[Any], run: Callable[[Any, Any], None]) -> None:
        """Rule the automatic task of ``record``; refuses a kind ruled twice."""
        self._check_new(record)
        self.runs[record.kind] = run

    def check_complete(self) -> None:
        """Raise when a declared task kind has no rule (a programming error, found at
        import)."""
        missing = set(self.types) - set(self.decisions) - set(self.runs)
        if missing:
            raise RuntimeError(f"{self.game}: task kinds without a rule: {sorted(missing)}")

    def titles(self) -> dict[str, str]:
        """The title of every decision kind, in words."""
        return {kind: rule.record.title for kind, rule in self.decisions.items()}

    def from_data(self, value: Any) -> Any:
        """A task record from itself or from its JSON form ``{"kind": ..., **fields}``."""
        kind = getattr(value, "kind", None)
        if (
            isinstance(value, tuple)
            and isinstance(kind, str)
            and self.types.get(kind) is type(value)
        ):
            return value
        if isinstance(value, dict):
            data = dict(value)
            kind = data.pop("kind", None)
            cls = self.types.get(kind) if isinstance(kind, str) else None
            if cls is not None:
                return self._adapter(cls).validate_python(data)
        raise ValueError(f"not a {self.game} task record: {value!r}")

    def _adapter(self, cls: type[Any]) -> TypeAdapter[Any]:
        """The validator of a record class from its JSON form: each field back to its type
        (a tuple from a JSON list, an enum from its value), so a record read back equals
        the one written (a view sent to another machine: :mod:`forum_trajanum.net`)."""
        adapter = self._adapters.get(cls)
        if adapter is None:
            adapter = self._adapters[cls] = TypeAdapter(cls)
        return adapter

    def _check_new(self, record: type[Any]) -> None:
        kind = getattr(record, "kind", "")
        if self.types.get(kind) is not record:
            raise ValueError(f"{record.__name__} is not a task record of {self.game}")
        if kind in self.decisions or kind in self.runs:
            raise ValueError(f"{self.game}: task kind {kind!r} is registered twice")


def to_data(task: Any) -> dict[str, Any]:
    """The JSON form of a task record."""
    return {"kind": task.kind, **task._asdict()}


def _same(task: Any) -> Any:
    return task
