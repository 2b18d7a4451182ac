"""Tiny's actions: "play 17" (a card face down), "draw" (the deck's top card) and "keep" (no
card): small immutable values whose text round-trips (``parse(str(a)) == a``)."""

from __future__ import annotations

from typing import Any, ClassVar, Literal

from forum_trajanum.core.actions import Action as CoreAction
from forum_trajanum.core.actions import ActionSet
from tests.tinygame.data import CARDS

#: Every action of Tiny, by kind.
ACTION_SET: ActionSet[Action] = ActionSet("tiny")


class Action(CoreAction):
    """Base class of Tiny's actions."""

    actions: ClassVar[ActionSet[Any]] = ACTION_SET


class Play(Action):
    """Play a card of one's hand face down."""

    kind: Literal["play"] = "play"
    card: int
    _fields = ("card",)

    def text(self) -> str:
        return f"play {self.card}"

    @classmethod
    def _from_tokens(cls, t):
        card = int(t[0])
        if card not in CARDS:
            raise ValueError(t[0])
        return cls.make(card)


class Draw(Action):
    """Take the deck's top card into one's hand (seen by oneself alone)."""

    kind: Literal["draw"] = "draw"

    def text(self) -> str:
        return "draw"

    @classmethod
    def _from_tokens(cls, t):
        if t:
            raise ValueError(t)
        return cls.make()


class Keep(Action):
    """Draw nothing: the turn ends."""

    kind: Literal["keep"] = "keep"

    def text(self) -> str:
        return "keep"

    @classmethod
    def _from_tokens(cls, t):
        if t:
            raise ValueError(t)
        return cls.make()


DRAW = Draw.make()
KEEP = Keep.make()
parse = ACTION_SET.parse
