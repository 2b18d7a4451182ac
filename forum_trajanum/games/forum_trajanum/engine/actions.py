"""Actions: small immutable values with a short text form that round-trips.

``parse(str(action)) == action`` for every action. Actions are interned: ``Cls.make(...)``
returns one shared instance per value, so legal-action lists are cheap to build and a
membership test usually succeeds by identity.
"""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal

from pydantic import Field, TypeAdapter, field_validator, model_validator

from forum_trajanum.core.actions import Action as CoreAction
from forum_trajanum.core.actions import ActionSet
from forum_trajanum.core.errors import ActionParseError
from forum_trajanum.games.forum_trajanum.data import (
    AREA_BONUSES,
    CITIZEN_KINDS,
    COLOURS,
    TILE_GAINS,
)

#: Forum Trajanum's action kinds: the parser and the JSON union are derived from it.
ACTIONS: ActionSet[Action] = ActionSet("forum-trajanum")
#: Every action class by its ``kind`` (the first word of its text).
ACTION_KINDS = ACTIONS.kinds

# Field types: pydantic checks the values, so a parsed action names real cells and codes.
Cell = Annotated[str, Field(pattern=r"^[A-F][1-6]$")]
Colour = Literal["B", "G", "Y", "R"]
Code = Literal["L", "S", "M", "C", "B", "G", "Y", "R"]
Simple = Literal["$", "T", "A"]
CitizenKind = Literal["PAT", "MER", "CRA"]


class Action(CoreAction):
    """Base class of every Forum Trajanum action."""

    actions: ClassVar[ActionSet[Any]] = ACTIONS


class SetupCranes(Action):
    """Setup: crane colours for the corners A1, F1, A6, F6 (a permutation of BGYR)."""

    kind: Literal["cranes"] = "cranes"
    colours: str
    _fields = ("colours",)

    @field_validator("colours")
    @classmethod
    def _a_permutation(cls, value: str) -> str:
        if sorted(value) != sorted(COLOURS):
            raise ValueError("crane colours must be B, G, Y and R in some order")
        return value

    def text(self) -> str:
        return f"cranes {self.colours}"

    @classmethod
    def _from_tokens(cls, t):
        return cls.make(t[0].upper())


class SetupDiagonal(Action):
    """Setup: the diagonal for the two other female-back citizens ("main" = A1 + F6, "anti" =
    F1 + A6), with the citizen kind on its first corner (A1 / F1) and on its second (F6 / A6)."""

    kind: Literal["diagonal"] = "diagonal"
    diagonal: Literal["main", "anti"]
    first: CitizenKind
    second: CitizenKind
    _fields = ("diagonal", "first", "second")

    @model_validator(mode="after")
    def _two_citizens(self):
        if self.first == self.second:
            raise ValueError("the two corners hold two different citizens")
        return self

    def text(self) -> str:
        return f"diagonal {self.diagonal} {self.first} {self.second}"

    @classmethod
    def _from_tokens(cls, t):
        return cls.make(t[0], t[1].upper(), t[2].upper())


class ChooseRow(Action):
    """Put a citizen into citizen row 1-6 (setup, handicap, or using a citizen tile)."""

    kind: Literal["row"] = "row"
    row: int = Field(ge=1, le=6)
    _fields = ("row",)

    def text(self) -> str:
        return f"row {self.row}"

    @classmethod
    def _from_tokens(cls, t):
        return cls.make(int(t[0]))


#: The handicap's choice of taking no second citizen (DE "darf": the newcomer may take one).
NO_CORNER = "none"


class HandicapCorner(Action):
    """Mixed-groups handicap: take the citizen lying face up on this corner, or none
    (``cell`` = :data:`NO_CORNER`)."""

    kind: Literal["handicap"] = "handicap"
    cell: Annotated[str, Field(pattern=r"^([A-F][1-6]|none)$")]
    _fields = ("cell",)

    def text(self) -> str:
        return f"handicap {self.cell}"

    @classmethod
    def _from_tokens(cls, t):
        if t[0].lower() == NO_CORNER:
            return cls.make(NO_CORNER)
        return cls.make(t[0].upper())


class TakeTile(Action):
    """Draft: take the tile at ``cell`` for street card 1 or 2; with ``tribune`` pay 1 tribune
    to ignore that card and take from anywhere."""

    kind: Literal["take"] = "take"
    cell: Cell
    card: Literal[1, 2]
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
    card: Literal[1, 2]
    _fields = ("card",)

    def text(self) -> str:
        return f"skip {self.card}"

    @classmethod
    def _from_tokens(cls, t):
        return cls.make(int(t[0]))


class KeepTile(Action):
    """Draft: keep the tile taken from ``cell``; the other is passed to the right neighbour."""

    kind: Literal["keep"] = "keep"
    cell: Cell
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

    @model_validator(mode="after")
    def _tile_from_reserve_only(self):
        kind_named = self.tile in TILE_GAINS or self.tile in CITIZEN_KINDS
        if (self.source == "reserve") != kind_named:
            raise ValueError("a tile kind is named for the reserve, and only there")
        return self

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

    @model_validator(mode="after")
    def _what_each_method_names(self):
        colours, simple = _COLOUR_SET, frozenset("$TA")
        give, get = {
            "pair": (colours, {""}),
            "recolour": (colours, colours),
            "craftsman1": ({""}, colours),
            "craftsman2": ({""}, {""}),
            "merchant2": (simple, simple),
        }[self.method]
        if self.give not in give or self.get not in get or (self.give and self.give == self.get):
            raise ValueError(f"{self.method} cannot give {self.give!r} for {self.get!r}")
        return self

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
    a: Code
    cell_a: Cell
    b: Code | Literal[""] = ""
    cell_b: Cell | Literal[""] = ""
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
    row: int = Field(ge=0)
    col: int = Field(ge=0)
    _fields = ("row", "col")

    @model_validator(mode="after")
    def _a_cell_or_none(self):
        if (self.row == 0) != (self.col == 0):
            raise ValueError("row and column are both 0 (no envoy) or both 1 and more")
        return self

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
    n: int = Field(ge=1, le=4)
    _fields = ("n",)

    def text(self) -> str:
        return f"step {self.n}"

    @classmethod
    def _from_tokens(cls, t):
        return cls.make(int(t[0]))


class ChooseWorker(Action):
    """Take 1 worker of the chosen colour (Library 1, Craftsman I second citizen)."""

    kind: Literal["worker"] = "worker"
    colour: Colour
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

    @field_validator("bonuses")
    @classmethod
    def _one_or_two_different(cls, value: str) -> str:
        if len(value) not in (1, 2) or not set(value) <= set(AREA_BONUSES):
            raise ValueError(f"one or two of {''.join(AREA_BONUSES)}")
        if len(set(value)) != len(value):
            raise ValueError("two area bonuses must differ")
        return value

    def text(self) -> str:
        return f"bonus {self.bonuses}"

    @classmethod
    def _from_tokens(cls, t):
        return cls.make(t[0].upper())


class ChooseGain(Action):
    """Second-citizen bonus of Merchant I/II: a coin ($), a tribune (T) or an assistant (A)."""

    kind: Literal["gain"] = "gain"
    resource: Simple
    _fields = ("resource",)

    def text(self) -> str:
        return f"gain {self.resource}"

    @classmethod
    def _from_tokens(cls, t):
        return cls.make(t[0].upper())


class PickTile(Action):
    """Library 4 / Market 4: take the Colonia tile at ``cell`` and use it now."""

    kind: Literal["pick"] = "pick"
    cell: Cell
    _fields = ("cell",)

    def text(self) -> str:
        return f"pick {self.cell}"

    @classmethod
    def _from_tokens(cls, t):
        return cls.make(t[0].upper())


class PayCitizens(Action):
    """Cycle end: pay 1 coin for each listed citizen row (1-6); the others turn inactive."""

    kind: Literal["pay"] = "pay"
    rows: tuple[Annotated[int, Field(ge=1, le=6)], ...]
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


_COLOUR_SET = frozenset(COLOURS)

#: Every action class, in the order they are defined.
ACTION_TYPES: tuple[type[Action], ...] = ACTIONS.types


#: The text of the action that ends a player's turn.
END_TURN = EndTurn.make().text()


def crane_colours(text: str) -> str:
    """The colours of a crane arrangement's action text, corner by corner ("BGYR"); "" for
    any other action."""
    try:
        action = parse(text)
    except ActionParseError:
        return ""
    return action.colours if isinstance(action, SetupCranes) else ""


def uses_reserve(action: Action | str) -> bool:
    """Whether an action (or an action's text) uses a tile from the player's reserve."""
    if isinstance(action, str):
        try:
            action = parse(action)
        except ActionParseError:
            return False
    return isinstance(action, UseTile) and action.source == "reserve"


def action_adapter() -> TypeAdapter[Action]:
    """A pydantic adapter that validates any action from its JSON/dict form (``kind`` tags)."""
    return ACTIONS.adapter()


#: The action whose text form is the given text; :class:`ActionParseError` for anything else.
parse = ACTIONS.parse
