"""Trajan as a game on the core: its records and its :class:`~forum_trajanum.core.game.Game`
value (registered as ``"trajan"`` in :mod:`forum_trajanum.games`)."""

from __future__ import annotations

from typing import Literal

from forum_trajanum.core import record as core
from forum_trajanum.core.game import Game
from forum_trajanum.core.numerals import roman
from forum_trajanum.games.trajan import data as D
from forum_trajanum.games.trajan.engine.actions import parse
from forum_trajanum.games.trajan.engine.foresight import preview
from forum_trajanum.games.trajan.engine.record import MIGRATIONS
from forum_trajanum.games.trajan.engine.rules import (
    apply,
    current_player,
    decision_kind,
    is_over,
    legal_actions,
    new_game,
)
from forum_trajanum.games.trajan.engine.scoring import TIE_BREAKS, rank_key
from forum_trajanum.games.trajan.engine.state import POINT_SOURCES, GameState, TrajanOptions
from forum_trajanum.games.trajan.engine.view import (
    determinize,
    played_alone,
    public_lines,
    reveals_information,
    secret_lines,
    view,
)


class TrajanRecord(core.GameRecordBase):
    """A game of Trajan: seed, options and actions in order (with the seats and the app's
    data)."""

    game: Literal["trajan"] = "trajan"
    options: TrajanOptions


#: The steps of a quarter's end: while one is pending, its scoring is not complete.
QUARTER_END_STEPS = frozenset({"demands", "spend", "senate_vote", "consul", "quarter_close"})


def complete_scorings(state: GameState) -> int:
    """The quarter-end scorings that are complete: a scoring is shown (and exported) only
    after its demands, the senate vote, the consul's choice and, after the fourth quarter,
    the final scoring."""
    pending = any(task.kind in QUARTER_END_STEPS for task in state.tasks)
    return len(state.scorings) - pending


def period(state: GameState) -> tuple[int, int]:
    """(quarter, round); (0, 0) during the setup."""
    return (state.quarter, state.round)


def period_name(when: tuple[int, int]) -> str:
    quarter, round_ = when
    if quarter <= 0:
        return "Setup"
    return f"Quarter {roman(quarter, D.QUARTERS)}, round {round_}"


def scoring_name(n: int) -> str:
    """The ``n``-th scoring in words: quarter ``n``'s, the fourth with the final scoring."""
    name = f"the scoring of Quarter {roman(n, D.QUARTERS)}"
    return name + (" and the final scoring" if n == D.QUARTERS else "")


def summary(state: GameState) -> str:
    if is_over(state):
        return "finished"
    if state.quarter <= 0:
        return "setting up"
    return f"quarter {roman(state.quarter, D.QUARTERS)}, round {state.round}"


CATEGORIES = (
    ("trajan", "trj"), ("ships", "shp"), ("provinces", "prv"), ("senate", "sen"),
    ("buildings", "bld"), ("demands", "dem"), ("leftovers", "1vp"), ("sets", "set"),
    ("bonus", "bon"),
)  # fmt: skip
assert tuple(k for k, _ in CATEGORIES) == POINT_SOURCES

GAME = Game(
    name="trajan",
    title="Trajan",
    options=TrajanOptions,
    new_game=new_game,
    legal_actions=legal_actions,
    apply=apply,
    view=view,
    is_over=is_over,
    parse=parse,
    current_player=current_player,
    decision_kind=decision_kind,
    rank_keys=lambda state: [rank_key(state, p) for p in range(state.options.players)],
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
    scoring_name=scoring_name,
    scorings=complete_scorings,
    migrations=MIGRATIONS,
    categories=CATEGORIES,
    record=TrajanRecord,
    modules={
        "bots": "forum_trajanum.games.trajan.bots",
        "ui": "forum_trajanum.games.trajan.ui",
    },
)
