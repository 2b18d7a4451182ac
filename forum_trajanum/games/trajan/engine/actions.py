"""Trajan's actions: small immutable values with a short text form that round-trips
(``parse(str(a)) == a``). Words, not codes: trays, stacks, provinces and commodities are named
("take seaport", "march belgica", "ship pairs wine wine fish fish")."""

from __future__ import annotations

from typing import Any, ClassVar, Literal

from forum_trajanum.core.actions import Action as CoreAction
from forum_trajanum.core.actions import ActionSet
from forum_trajanum.games.trajan.data import (
    ACTIONS,
    BONUS_TILES,
    COLOUR_CODES,
    COMMODITIES,
    DEMANDS,
    DISPLAY_CARDS,
    DISTRICT_COLUMNS,
    DISTRICT_ROWS,
    FORUM_TILES,
    NUM_COLOURS,
    PROVINCES,
    SHIPS,
    STACKS,
)

#: Every action of Trajan, by kind.
ACTION_SET: ActionSet[Action] = ActionSet("trajan")


def _word(text: str) -> str:
    return text.lower().replace(" ", "-")


TRAY_WORDS = tuple(_word(a) for a in ACTIONS)
STACK_WORDS = STACKS
COMMODITY_WORDS = tuple(_word(c) for c in COMMODITIES)
PROVINCE_WORDS = tuple(_word(p) for p in PROVINCES)
SHIP_WORDS = SHIPS


def _forum_key_word(kind: str, value: int) -> str:
    if kind == "senate":
        return f"senate{value}"
    if kind == "demand":
        return DEMANDS[value]
    if kind == "extra":
        return f"extra-{TRAY_WORDS[value]}"
    return kind.replace("_", "-")


#: The kinds of forum-type tile a player can tell apart, as (kind, value), and their words.
#: Two tiles of one key are the same to every rule (components §2.4: a forum-back extra
#: action tile works exactly like one from the extra action pile).
FORUM_KEYS: tuple[tuple[str, int], ...] = tuple(
    dict.fromkeys((t.kind, t.value) for t in FORUM_TILES)
)
FORUM_KEY_WORDS: tuple[str, ...] = tuple(_forum_key_word(k, v) for k, v in FORUM_KEYS)
#: The key of each tile id.
TILE_KEY: tuple[int, ...] = tuple(FORUM_KEYS.index((t.kind, t.value)) for t in FORUM_TILES)


def _bonus_word(index: int) -> str:
    tile = BONUS_TILES[index]
    if tile.kind == "demand":
        return DEMANDS[tile.value]
    if tile.kind == "commodities":
        return f"{COMMODITY_WORDS[tile.value]}-{COMMODITY_WORDS[tile.value + 1]}"
    return tile.kind


BONUS_WORDS: tuple[str, ...] = tuple(_bonus_word(i) for i in range(len(BONUS_TILES)))


#: The district's rows as the action texts name them.
ROW_LETTERS = "abcdefghij"[:DISTRICT_ROWS]


def site_word(site: int) -> str:
    """A construction site as row letter and column number: "b3"."""
    row, col = divmod(site, DISTRICT_COLUMNS)
    return f"{ROW_LETTERS[row]}{col + 1}"


def _site(token: str) -> int:
    row, col = ROW_LETTERS.index(token[0].lower()), int(token[1:]) - 1
    if not 0 <= col < DISTRICT_COLUMNS or len(token) != 2:
        raise ValueError(token)
    return row * DISTRICT_COLUMNS + col


def _index(words: tuple[str, ...], token: str) -> int:
    return words.index(token.lower())


class Action(CoreAction):
    """Base class of Trajan's actions."""

    actions: ClassVar[ActionSet[Any]] = ACTION_SET


class Markers(Action):
    """Setup: fill the next tray with two markers (``pair`` = c1 * NUM_COLOURS + c2, c1 <= c2),
    or every tray left with the drawn default (``pair`` = -1)."""

    kind: Literal["markers"] = "markers"
    pair: int
    _fields = ("pair",)

    def text(self) -> str:
        if self.pair < 0:
            return "markers rest"
        a, b = divmod(self.pair, NUM_COLOURS)
        return f"markers {COLOUR_CODES[a]}{COLOUR_CODES[b]}"

    @classmethod
    def _from_tokens(cls, t):
        if t[0].lower() == "rest":
            return cls.make(-1)
        a, b = sorted(COLOUR_CODES.index(c) for c in t[0].upper())
        return cls.make(a * NUM_COLOURS + b)


class SetupCard(Action):
    """Setup: take a starting card from the face-down pile (0) or a discard pile (1, 2)."""

    kind: Literal["card"] = "card"
    pile: int
    _fields = ("pile",)

    def text(self) -> str:
        return "card deck" if self.pile == 0 else f"card {self.pile}"

    @classmethod
    def _from_tokens(cls, t):
        return cls.make(0 if t[0].lower() == "deck" else int(t[0]))


class StartTile(Action):
    """Setup: take the top tile of a Trajan stack onto the next starting slot (II, IV, VI)."""

    kind: Literal["start"] = "start"
    stack: int
    _fields = ("stack",)

    def text(self) -> str:
        return f"start {STACK_WORDS[self.stack]}"

    @classmethod
    def _from_tokens(cls, t):
        return cls.make(_index(STACK_WORDS, t[0]))


class Take(Action):
    """Take every marker of a tray (the source tray) to sow them clockwise."""

    kind: Literal["take"] = "take"
    tray: int
    _fields = ("tray",)

    def text(self) -> str:
        return f"take {TRAY_WORDS[self.tray]}"

    @classmethod
    def _from_tokens(cls, t):
        return cls.make(_index(TRAY_WORDS, t[0]))


class Sow(Action):
    """Put a marker of this colour into the next tray."""

    kind: Literal["sow"] = "sow"
    colour: int
    _fields = ("colour",)

    def text(self) -> str:
        return f"sow {COLOUR_CODES[self.colour]}"

    @classmethod
    def _from_tokens(cls, t):
        if len(t[0]) != 1:
            raise ValueError(t[0])
        return cls.make(COLOUR_CODES.index(t[0].upper()))


class Pass(Action):
    """Decline what is offered (an action, a special action, an extra action)."""

    kind: Literal["pass"] = "pass"

    def text(self) -> str:
        return "pass"

    @classmethod
    def _from_tokens(cls, t):
        if t:
            raise ValueError(t)
        return cls.make()


class Special(Action):
    """Perform the special action of the Trajan tile just accomplished."""

    kind: Literal["special"] = "special"

    def text(self) -> str:
        return "special"

    @classmethod
    def _from_tokens(cls, t):
        if t:
            raise ValueError(t)
        return cls.make()


class Plus2(Action):
    """Put the [+2] marker of the tile just accomplished on an action's extra action space."""

    kind: Literal["plus2"] = "plus2"
    action: int
    _fields = ("action",)

    def text(self) -> str:
        return f"plus2 {TRAY_WORDS[self.action]}"

    @classmethod
    def _from_tokens(cls, t):
        return cls.make(_index(TRAY_WORDS, t[0]))


class Draw(Action):
    """Seaport: draw 2 cards from the face-down pile, then discard 1."""

    kind: Literal["draw"] = "draw"

    def text(self) -> str:
        return "draw"

    @classmethod
    def _from_tokens(cls, t):
        if t:
            raise ValueError(t)
        return cls.make()


class Discard(Action):
    """Seaport: discard a card of this commodity face up onto discard pile 1 or 2."""

    kind: Literal["discard"] = "discard"
    commodity: int
    pile: int
    _fields = ("commodity", "pile")

    def text(self) -> str:
        return f"discard {COMMODITY_WORDS[self.commodity]} {self.pile}"

    @classmethod
    def _from_tokens(cls, t):
        return cls.make(_index(COMMODITY_WORDS, t[0]), int(t[1]))


class Pick(Action):
    """Seaport: take the top card of discard pile 1 or 2."""

    kind: Literal["pick"] = "pick"
    pile: int
    _fields = ("pile",)

    def text(self) -> str:
        return f"pick {self.pile}"

    @classmethod
    def _from_tokens(cls, t):
        return cls.make(int(t[0]))


assert DISPLAY_CARDS == (1, 2), "a Display action holds one card or two"


class Display(Action):
    """Seaport: play 1 or 2 cards into the personal display (``second`` -1: one card)."""

    kind: Literal["display"] = "display"
    first: int
    second: int
    _fields = ("first", "second")

    @property
    def cards(self) -> tuple[int, ...]:
        return (self.first,) if self.second < 0 else (self.first, self.second)

    def text(self) -> str:
        return "display " + " ".join(COMMODITY_WORDS[c] for c in self.cards)

    @classmethod
    def _from_tokens(cls, t):
        cards = sorted(_index(COMMODITY_WORDS, w) for w in t)
        if len(cards) not in DISPLAY_CARDS:
            raise ValueError(t)
        return cls.make(cards[0], cards[1] if len(cards) == 2 else -1)


class Ship(Action):
    """Seaport: ship cards (sorted commodities) and commodity wild cards on a ship."""

    kind: Literal["ship"] = "ship"
    ship: int
    cards: tuple[int, ...]
    wilds: int
    _fields = ("ship", "cards", "wilds")

    def text(self) -> str:
        words = [COMMODITY_WORDS[c] for c in self.cards] + ["wild"] * self.wilds
        return f"ship {SHIP_WORDS[self.ship]} " + " ".join(words)

    @classmethod
    def _from_tokens(cls, t):
        cards = tuple(sorted(_index(COMMODITY_WORDS, w) for w in t[1:] if w.lower() != "wild"))
        return cls.make(_index(SHIP_WORDS, t[0]), cards, sum(w.lower() == "wild" for w in t[1:]))


class TakeForum(Action):
    """Forum: take a tile of this kind (a key of :data:`FORUM_KEYS`) from the forum."""

    kind: Literal["forum"] = "forum"
    key: int
    _fields = ("key",)

    def text(self) -> str:
        return f"forum {FORUM_KEY_WORDS[self.key]}"

    @classmethod
    def _from_tokens(cls, t):
        return cls.make(_index(FORUM_KEY_WORDS, t[0]))


class Recruit(Action):
    """Military: a token from the supply to the military camp."""

    kind: Literal["recruit"] = "recruit"

    def text(self) -> str:
        return "recruit"

    @classmethod
    def _from_tokens(cls, t):
        if t:
            raise ValueError(t)
        return cls.make()


class March(Action):
    """Military: the leader to an adjacent province."""

    kind: Literal["march"] = "march"
    province: int
    _fields = ("province",)

    def text(self) -> str:
        return f"march {PROVINCE_WORDS[self.province]}"

    @classmethod
    def _from_tokens(cls, t):
        return cls.make(_index(PROVINCE_WORDS, t[0]))


class Deploy(Action):
    """Military: a legionnaire from the camp to the leader's province."""

    kind: Literal["deploy"] = "deploy"

    def text(self) -> str:
        return "deploy"

    @classmethod
    def _from_tokens(cls, t):
        if t:
            raise ValueError(t)
        return cls.make()


class Senate(Action):
    """Senate: the disc one space up."""

    kind: Literal["senate"] = "senate"

    def text(self) -> str:
        return "senate"

    @classmethod
    def _from_tokens(cls, t):
        if t:
            raise ValueError(t)
        return cls.make()


class TakeTrajan(Action):
    """Trajan: the top tile of a stack onto the arch's slot."""

    kind: Literal["trajan"] = "trajan"
    stack: int
    _fields = ("stack",)

    def text(self) -> str:
        return f"trajan {STACK_WORDS[self.stack]}"

    @classmethod
    def _from_tokens(cls, t):
        return cls.make(_index(STACK_WORDS, t[0]))


class Hire(Action):
    """Construction: a token from the supply to the worker camp."""

    kind: Literal["hire"] = "hire"

    def text(self) -> str:
        return "hire"

    @classmethod
    def _from_tokens(cls, t):
        if t:
            raise ValueError(t)
        return cls.make()


class Build(Action):
    """Construction: a worker from the camp to a construction site."""

    kind: Literal["build"] = "build"
    site: int
    _fields = ("site",)

    def text(self) -> str:
        return f"build {site_word(self.site)}"

    @classmethod
    def _from_tokens(cls, t):
        return cls.make(_site(t[0]))


class Extra(Action):
    """Repeat the action just performed, spending an extra action tile of it (or the extra
    action wild card, ``wild``)."""

    kind: Literal["extra"] = "extra"
    wild: bool
    _fields = ("wild",)

    def text(self) -> str:
        return "extra wild" if self.wild else "extra"

    @classmethod
    def _from_tokens(cls, t):
        if t and t != ["wild"]:
            raise ValueError(t)
        return cls.make(bool(t))


class Spend(Action):
    """Quarter end: the forum tiles spent on the demands (sorted keys)."""

    kind: Literal["spend"] = "spend"
    keys: tuple[int, ...]
    _fields = ("keys",)

    def text(self) -> str:
        return "spend " + (" ".join(FORUM_KEY_WORDS[k] for k in self.keys) or "nothing")

    @classmethod
    def _from_tokens(cls, t):
        if t == ["nothing"]:
            return cls.make(())
        return cls.make(tuple(sorted(_index(FORUM_KEY_WORDS, w) for w in t)))


class Consul(Action):
    """Quarter end: the consul's choice of bonus tile."""

    kind: Literal["consul"] = "consul"
    tile: int
    _fields = ("tile",)

    def text(self) -> str:
        return f"consul {BONUS_WORDS[self.tile]}"

    @classmethod
    def _from_tokens(cls, t):
        return cls.make(_index(BONUS_WORDS, t[0]))


PASS = Pass.make()
SPECIAL = Special.make()


def parse(text: str) -> Action:
    """The action whose text form is ``text``."""
    return ACTION_SET.parse(text)
