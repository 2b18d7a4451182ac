"""Forum Trajanum as a game on the core: the :class:`~forum_trajanum.core.game.Game` value the
session, the saves, the bots' search, simulate and the app use (registered as
"forum-trajanum" in :mod:`forum_trajanum.games`)."""

from __future__ import annotations

from forum_trajanum.core.game import Game
from forum_trajanum.core.numerals import roman
from forum_trajanum.games.forum_trajanum.data import CYCLES
from forum_trajanum.games.forum_trajanum.engine.actions import END_TURN, parse
from forum_trajanum.games.forum_trajanum.engine.determinize import determinize
from forum_trajanum.games.forum_trajanum.engine.log import (
    public_lines,
    reveals_information,
    secret_lines,
    undo_stop,
)
from forum_trajanum.games.forum_trajanum.engine.preview import preview
from forum_trajanum.games.forum_trajanum.engine.record import MIGRATIONS, GameRecord
from forum_trajanum.games.forum_trajanum.engine.rules import (
    apply,
    current_player,
    decision_kind,
    is_over,
    legal_actions,
)
from forum_trajanum.games.forum_trajanum.engine.scoring import TIE_BREAKS, rank_key
from forum_trajanum.games.forum_trajanum.engine.setup import new_game
from forum_trajanum.games.forum_trajanum.engine.state import (
    POINT_SOURCES,
    TRAJAN_CARDS_KEY,
    GameOptions,
    GameState,
)
from forum_trajanum.games.forum_trajanum.engine.view import view


def period(state: GameState) -> tuple[int, int]:
    """(cycle, round); (0, 0) during the setup."""
    return (state.cycle, state.round)


def period_name(when: tuple[int, int]) -> str:
    """ "Cycle II, round 3"; "Setup" before the first round."""
    cycle, round_ = when
    if cycle <= 0:
        return "Setup"
    return f"Cycle {roman(cycle, CYCLES)}, round {round_}"


#: Short headings of the scoring categories (simulate's table).
_SHORT = {
    "column": "col", "tracks": "trk", "bonus": "bon", "cranes": "crn", "colonia": "colo",
    "eagles": "eagl", "area": "area", TRAJAN_CARDS_KEY: "traj",
}  # fmt: skip
#: Scoring categories (the engine's point sources, in its order) and their short headings.
CATEGORIES = tuple((key, _SHORT[key]) for key in POINT_SOURCES)


def summary(state: GameState) -> str:
    """Where the game stands, in words: "setting up", "cycle II, round 3", "finished"."""
    if is_over(state):
        return "finished"
    if state.cycle <= 0:
        return "setting up"
    return f"cycle {roman(state.cycle, CYCLES)}, round {state.round}"


GAME = Game(
    name="forum-trajanum",
    title="Forum Trajanum",
    options=GameOptions,
    new_game=new_game,
    legal_actions=legal_actions,
    apply=apply,
    view=view,
    is_over=is_over,
    parse=parse,
    current_player=current_player,
    decision_kind=decision_kind,
    rank_keys=lambda state: [rank_key(pl) for pl in state.players],
    tie_breaks=TIE_BREAKS,
    public_lines=public_lines,
    reveals_information=reveals_information,
    undo_stop=undo_stop,
    secret_lines=secret_lines,
    determinize=determinize,
    preview=preview,
    summary=summary,
    period=period,
    period_name=period_name,
    scoring_name=lambda n: f"the scoring of Cycle {roman(n, CYCLES)}",
    categories=CATEGORIES,
    record=GameRecord,
    turn_ends=frozenset({END_TURN}),
    migrations=MIGRATIONS,
    modules={
        "bots": "forum_trajanum.games.forum_trajanum.bots.factory",
        "ui": "forum_trajanum.games.forum_trajanum.ui",
        "replay": "forum_trajanum.games.forum_trajanum.engine.replay",
        "export": "forum_trajanum.games.forum_trajanum.ui.export",
    },
)
