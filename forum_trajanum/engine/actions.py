"""Actions: small immutable values with a short text form that round-trips.

``parse(str(action)) == action`` for every action. Actions are interned: ``Cls.make(...)``
returns one shared instance per value, so legal-action lists are cheap to build and a
membership test usually succeeds by identity.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Annotated, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from forum_trajanum.data import AREA_BONUSES, CITIZEN_KINDS, COLOURS, GRAYS, TILE_GAINS
from forum_trajanum.engine.errors import ActionParseError

_CACHE: dict[tuple, Action] = {}


class Action(BaseModel):
    """Base class of every action; subclasses fix ``kind`` and define ``text``/``_from_tokens``."""

    # defer_build: the validators are built on first use, not at import (start-up time)
    model_config = ConfigDict(frozen=True, defer_build=True)
    kind: str
    _fields: ClassVar[tuple[str, ...]] = ()

    @classmethod
    def make(cls, *args):
        """The shared instance with these field values (in ``_fields`` order)."""
        key = (cls, *args)
        found = _CACHE.get(key)
        if found is None:
            found = cls(**dict(zip(cls._fields, args, strict=True)))
            _CACHE[key] = found
        return found

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


class SetupCranes(Action):
    """Setup: crane colours for the corners A1, F1, A6, F6 (a permutation of BGYR)."""

    kind: Literal["cranes"] = "cranes"
    colours: str
    _fields = ("colours",)

    def text(self) -> str:
        return f"cranes {self.colours}"

    @classmethod
    def _from_tokens(cls, t):
        return cls.make(t[0].upper())


class SetupDiagonal(Action):
    """Setup: the diagonal for the two other female-back citizens ("main" = A1+F6)."""

    kind: Literal["diagonal"] = "diagonal"
    diagonal: Literal["main", "anti"]
    _fields = ("diagonal",)

    def text(self) -> str:
        return f"diagonal {self.diagonal}"

    @classmethod
    def _from_tokens(cls, t):
        return cls.make(t[0])


class ChooseRow(Action):
    """Put a citizen into citizen row 1-6 (setup, handicap, or using a citizen tile)."""

    kind: Literal["row"] = "row"
    row: int
    _fields = ("row",)

    def text(self) -> str:
        return f"row {self.row}"

    @classmethod
    def _from_tokens(cls, t):
        return cls.make(int(t[0]))


class HandicapCorner(Action):
    """Mixed-groups handicap: take the citizen lying face up on this corner."""

    kind: Literal["handicap"] = "handicap"
    cell: str
    _fields = ("cell",)

    def text(self) -> str:
        return f"handicap {self.cell}"

    @classmethod
    def _from_tokens(cls, t):
        return cls.make(t[0].upper())


class TakeTile(Action):
    """Draft: take the tile at ``cell`` for street card 1 or 2; with ``tribune`` pay 1 tribune
    to ignore that card and take from anywhere."""

    kind: Literal["take"] = "take"
    cell: str
    card: int
    tribune: bool = False
    _fields = ("cell", "card", "tribune")

    def text(self) -> str:
        return f"take {self.cell} {self.card}" + (" tribune" if self.tribune else "")

    @classmethod
    def _from_tokens(cls, t):
        if len(t) == 3 and t[2] != "tribune":
            raise ValueError(t[2])
        return cls.make(t[0].upper(), int(t[1]), len(t) == 3)


class SkipCard(Action):
    """Draft: take no tile for street card 1 or 2 (only when its street is empty)."""

    kind: Literal["skip"] = "skip"
    card: int
    _fields = ("card",)

    def text(self) -> str:
        return f"skip {self.card}"

    @classmethod
    def _from_tokens(cls, t):
        return cls.make(int(t[0]))


class KeepTile(Action):
    """Draft: keep the tile taken from ``cell``; the other is passed to the right neighbour."""

    kind: Literal["keep"] = "keep"
    cell: str
    _fields = ("cell",)

    def text(self) -> str:
        return f"keep {self.cell}"

    @classmethod
    def _from_tokens(cls, t):
        return cls.make(t[0].upper())


class UseTile(Action):
    """Turn: use the own kept tile, the received tile, or (when nothing was received) a tile of
    kind ``tile`` from the reserve."""

    kind: Literal["use"] = "use"
    source: Literal["own", "received", "reserve"]
    tile: str = ""
    _fields = ("source", "tile")

    def text(self) -> str:
        return f"use {self.source}" + (f" {self.tile}" if self.tile else "")

    @classmethod
    def _from_tokens(cls, t):
        return cls.make(t[0], t[1].upper() if len(t) > 1 else "")


class UseBoth(Action):
    """Turn: pay 2 tribunes to use both tiles."""

    kind: Literal["both"] = "both"

    def text(self) -> str:
        return "both"

    @classmethod
    def _from_tokens(cls, t):
        return cls.make()


class Convert(Action):
    """Building step conversions.

    ``pair X``: 2 workers of colour X -> 1 builder. ``recolour X Y``: 1 assistant turns an X
    worker into a Y worker. ``craftsman1 Y``: 1 assistant -> 1 Y worker. ``craftsman2``:
    1 assistant -> 1 builder. ``merchant2 a b``: 1 of coin/tribune/assistant ($/T/A) -> 1 other.
    """

    kind: Literal["convert"] = "convert"
    method: Literal["pair", "recolour", "craftsman1", "craftsman2", "merchant2"]
    give: str = ""
    get: str = ""
    _fields = ("method", "give", "get")

    def text(self) -> str:
        return " ".join(p for p in ("convert", self.method, self.give, self.get) if p)

    @classmethod
    def _from_tokens(cls, t):
        method, rest = t[0], [x.upper() for x in t[1:]]
        if method == "pair":
            return cls.make(method, rest[0], "")
        if method == "craftsman1":
            return cls.make(method, "", rest[0])
        if method == "craftsman2":
            if rest:
                raise ValueError(rest)
            return cls.make(method, "", "")
        return cls.make(method, rest[0], rest[1])


class Build(Action):
    """Building action: a single tile (``b`` empty) or a double tile on two adjacent cells.

    Codes are gray letters L S M C or colour letters B G Y R. A double tile is gray+coloured
    (either order of cells) or two structures of one colour.
    """

    kind: Literal["build"] = "build"
    a: str
    cell_a: str
    b: str = ""
    cell_b: str = ""
    _fields = ("a", "cell_a", "b", "cell_b")

    def text(self) -> str:
        double = f" {self.b} {self.cell_b}" if self.b else ""
        return f"build {self.a} {self.cell_a}{double}"

    @classmethod
    def _from_tokens(cls, t):
        t = [x.upper() for x in t]
        if len(t) == 2:
            return cls.make(t[0], t[1], "", "")
        if len(t) != 4:
            raise ValueError(t)
        return cls.make(*t)

    @property
    def is_double(self) -> bool:
        return bool(self.b)


class EndTurn(Action):
    """End the building step and the turn."""

    kind: Literal["end"] = "end"

    def text(self) -> str:
        return "end"

    @classmethod
    def _from_tokens(cls, t):
        return cls.make()


class ChooseFirst(Action):
    """After a gray+coloured double tile: resolve the gray or the coloured benefit first."""

    kind: Literal["first"] = "first"
    which: Literal["gray", "colour"]
    _fields = ("which",)

    def text(self) -> str:
        return f"first {self.which}"

    @classmethod
    def _from_tokens(cls, t):
        return cls.make(t[0])


class PlaceEnvoy(Action):
    """Place an envoy from the ship on Forum cell (row, col), 1-based; row 0 declines."""

    kind: Literal["envoy"] = "envoy"
    row: int
    col: int
    _fields = ("row", "col")

    def text(self) -> str:
        return "envoy none" if self.row == 0 else f"envoy {self.row}:{self.col}"

    @classmethod
    def _from_tokens(cls, t):
        if t[0] == "none":
            return cls.make(0, 0)
        r, c = t[0].split(":")
        return cls.make(int(r), int(c))

    @property
    def declined(self) -> bool:
        return self.row == 0


class ChooseStep(Action):
    """Benefit track: take the benefit of step 1..n (n = the step just reached)."""

    kind: Literal["step"] = "step"
    n: int
    _fields = ("n",)

    def text(self) -> str:
        return f"step {self.n}"

    @classmethod
    def _from_tokens(cls, t):
        return cls.make(int(t[0]))


class ChooseWorker(Action):
    """Take 1 worker of the chosen colour (Library 1, Craftsman I second citizen)."""

    kind: Literal["worker"] = "worker"
    colour: str
    _fields = ("colour",)

    def text(self) -> str:
        return f"worker {self.colour}"

    @classmethod
    def _from_tokens(cls, t):
        return cls.make(t[0].upper())


class ChooseBonus(Action):
    """Area bonus: one or two different codes of T (tribune), A (assistant), $ (coin),
    U (upgrade), V (2 VP)."""

    kind: Literal["bonus"] = "bonus"
    bonuses: str
    _fields = ("bonuses",)

    def text(self) -> str:
        return f"bonus {self.bonuses}"

    @classmethod
    def _from_tokens(cls, t):
        return cls.make(t[0].upper())


class ChooseGain(Action):
    """Second-citizen bonus of Merchant I/II: a coin ($), a tribune (T) or an assistant (A)."""

    kind: Literal["gain"] = "gain"
    resource: str
    _fields = ("resource",)

    def text(self) -> str:
        return f"gain {self.resource}"

    @classmethod
    def _from_tokens(cls, t):
        return cls.make(t[0].upper())


class PickTile(Action):
    """Library 4 / Market 4: take the Colonia tile at ``cell`` and use it now."""

    kind: Literal["pick"] = "pick"
    cell: str
    _fields = ("cell",)

    def text(self) -> str:
        return f"pick {self.cell}"

    @classmethod
    def _from_tokens(cls, t):
        return cls.make(t[0].upper())


class PayCitizens(Action):
    """Cycle end: pay 1 coin for each listed citizen row (1-6); the others turn inactive."""

    kind: Literal["pay"] = "pay"
    rows: tuple[int, ...]
    _fields = ("rows",)

    def text(self) -> str:
        return "pay " + (" ".join(map(str, self.rows)) if self.rows else "none")

    @classmethod
    def _from_tokens(cls, t):
        if t == ["none"]:
            return cls.make(())
        rows = tuple(int(x) for x in t)
        if list(rows) != sorted(set(rows)):
            raise ValueError(rows)
        return cls.make(rows)


ACTION_TYPES: tuple[type[Action], ...] = (
    SetupCranes, SetupDiagonal, ChooseRow, HandicapCorner, TakeTile, SkipCard, KeepTile,
    UseTile, UseBoth, Convert, Build, EndTurn, ChooseFirst, PlaceEnvoy, ChooseStep,
    ChooseWorker, ChooseBonus, ChooseGain, PickTile, PayCitizens,
)  # fmt: skip
_BY_KIND: dict[str, type[Action]] = {cls.model_fields["kind"].default: cls for cls in ACTION_TYPES}

AnyAction = Annotated[
    SetupCranes
    | SetupDiagonal
    | ChooseRow
    | HandicapCorner
    | TakeTile
    | SkipCard
    | KeepTile
    | UseTile
    | UseBoth
    | Convert
    | Build
    | EndTurn
    | ChooseFirst
    | PlaceEnvoy
    | ChooseStep
    | ChooseWorker
    | ChooseBonus
    | ChooseGain
    | PickTile
    | PayCitizens,
    Field(discriminator="kind"),
]


@lru_cache(maxsize=1)
def action_adapter() -> TypeAdapter[Action]:
    """A pydantic adapter that validates any action from its JSON/dict form (``kind`` tags)."""
    return TypeAdapter(AnyAction)


_CELLS = frozenset(f"{c}{r}" for c in "ABCDEF" for r in range(1, 7))
_COLOUR_SET = frozenset(COLOURS)
_CODES = frozenset(GRAYS) | _COLOUR_SET
_SIMPLE = frozenset("$TA")


def _valid(action: Action) -> bool:
    """Whether the fields of a parsed action name real cells, codes and numbers."""
    if isinstance(action, (KeepTile, HandicapCorner, PickTile)):
        return action.cell in _CELLS
    if isinstance(action, TakeTile):
        return action.cell in _CELLS and action.card in (1, 2)
    if isinstance(action, SkipCard):
        return action.card in (1, 2)
    if isinstance(action, SetupCranes):
        return sorted(action.colours) == sorted(COLOURS)
    if isinstance(action, ChooseRow):
        return 1 <= action.row <= 6
    if isinstance(action, ChooseStep):
        return 1 <= action.n <= 4
    if isinstance(action, ChooseWorker):
        return action.colour in _COLOUR_SET
    if isinstance(action, ChooseGain):
        return action.resource in _SIMPLE
    if isinstance(action, ChooseBonus):
        b = action.bonuses
        return len(b) in (1, 2) and set(b) <= set(AREA_BONUSES) and len(set(b)) == len(b)
    if isinstance(action, PlaceEnvoy):
        return (action.row, action.col) == (0, 0) or (action.row >= 1 and action.col >= 1)
    if isinstance(action, UseTile):
        return (action.source == "reserve") == (
            action.tile in TILE_GAINS or action.tile in CITIZEN_KINDS
        )
    if isinstance(action, Build):
        cells_ok = action.cell_a in _CELLS and (not action.b or action.cell_b in _CELLS)
        return cells_ok and action.a in _CODES and (not action.b or action.b in _CODES)
    if isinstance(action, Convert):
        if action.method in ("pair", "recolour"):
            return action.give in _COLOUR_SET and (
                action.method == "pair" or action.get in _COLOUR_SET
            )
        if action.method == "craftsman1":
            return action.get in _COLOUR_SET
        if action.method == "merchant2":
            return action.give in _SIMPLE and action.get in _SIMPLE and action.give != action.get
        return True
    if isinstance(action, PayCitizens):
        return all(1 <= r <= 6 for r in action.rows)
    return True


def parse(text: str) -> Action:
    """The action whose text form is ``text`` (case-insensitive for cells and codes);
    raises :class:`ActionParseError` for anything else."""
    tokens = text.strip().split()
    if not tokens:
        raise ActionParseError("empty action text")
    cls = _BY_KIND.get(tokens[0].lower())
    if cls is None:
        kinds = ", ".join(sorted(_BY_KIND))
        raise ActionParseError(f"unknown action {tokens[0]!r} in {text!r}; known: {kinds}")
    try:
        action = cls._from_tokens(tokens[1:])
    except (ValueError, IndexError, TypeError) as exc:
        raise ActionParseError(f"malformed {tokens[0]!r} action: {text!r}") from exc
    # the text must be exactly the action's own text form: no extra or altered words
    if str(action).lower().split() != [t.lower() for t in tokens] or not _valid(action):
        raise ActionParseError(f"malformed {tokens[0]!r} action: {text!r}")
    return action
