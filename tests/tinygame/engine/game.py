"""Tiny as a game on the core: its record and its :class:`~forum_trajanum.core.game.Game`
value (registered as ``"tiny"`` by :mod:`tests.testonly`, for the tests alone)."""

from __future__ import annotations

from typing import Literal

from forum_trajanum.core import record as core
from forum_trajanum.core.game import Game
from tests.tinygame import data as D
from tests.tinygame.engine.actions import parse
from tests.tinygame.engine.rules import (
    TIE_BREAKS,
    apply,
    current_player,
    decision_kind,
    is_over,
    legal_actions,
    new_game,
    rank_key,
)
from tests.tinygame.engine.state import POINT_SOURCES, TinyOptions, TinyState
from tests.tinygame.engine.view import (
    determinize,
    played_alone,
    preview,
    public_lines,
    reveals_information,
    secret_lines,
    view,
)


class TinyRecord(core.GameRecordBase):
    """A game of Tiny: seed, options and actions in order (with the seats and the app's
    data)."""

    game: Literal["tiny"] = "tiny"
    options: TinyOptions


def rank_keys(state: TinyState) -> list[tuple]:
    return [rank_key(state, seat) for seat in range(state.options.players)]


def period(state: TinyState) -> tuple[int, int]:
    """(1, round): a game is one run of rounds; (0, 0) before the first."""
    return (1, state.round) if state.round else (0, 0)


def period_name(when: tuple[int, int]) -> str:
    return f"Round {when[1]}" if when[1] else "Setup"


def summary(state: TinyState) -> str:
    return "finished" if is_over(state) else f"round {state.round} of {D.ROUNDS}"


CATEGORIES = (("prizes", "prz"), ("hand", "hnd"))
assert tuple(key for key, _ in CATEGORIES) == POINT_SOURCES

GAME = Game(
    name="tiny",
    title="Tiny",
    options=TinyOptions,
    new_game=new_game,
    legal_actions=legal_actions,
    apply=apply,
    view=view,
    is_over=is_over,
    parse=parse,
    current_player=current_player,
    decision_kind=decision_kind,
    scores=lambda state: [s.score for s in state.seats],
    rank_keys=rank_keys,
    tie_breaks=TIE_BREAKS,
    public_lines=public_lines,
    reveals_information=reveals_information,
    secret_lines=secret_lines,
    played_alone=played_alone,
    determinize=determinize,
    preview=preview,
    summary=summary,
    period=period,
    period_name=period_name,
    categories=CATEGORIES,
    points=lambda state: [dict(s.points) for s in state.seats],
    record=TinyRecord,
    turn_ends=frozenset({"keep"}),
    modules={"bots": "tests.tinygame.bots", "ui": "tests.tinygame.ui"},
)
