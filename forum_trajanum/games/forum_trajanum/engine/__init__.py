"""The pure Forum Trajanum rules engine: no UI, no printing, no files.

Typical use::

    state = new_game(seed=7, players=3)
    while not is_over(state):
        action = choose(legal_actions(state))   # a UI, a bot, a test
        apply(state, action)
"""

from __future__ import annotations

# Plain imports: whoever imports the engine plays the game (the app's start screen, the saves'
# list and the command line's help import no game, tests/tui/test_startup.py keeps it so). The
# submodules ``view`` and ``preview`` are imported before the functions of the same names are
# bound here, so the package's ``view`` and ``preview`` stay the functions.
from forum_trajanum.core.errors import (
    ActionParseError,
    GameError,
    GameOverError,
    IllegalActionError,
    NotYourDecisionError,
    RecordError,
)
from forum_trajanum.games.forum_trajanum.engine.actions import END_TURN, Action, parse
from forum_trajanum.games.forum_trajanum.engine.cells import (
    CellKind,
    built_cell,
    parse_cell,
    tile_cell,
)
from forum_trajanum.games.forum_trajanum.engine.log import (
    public_description,
    public_lines,
    reveals_information,
)
from forum_trajanum.games.forum_trajanum.engine.preview import Preview, preview
from forum_trajanum.games.forum_trajanum.engine.record import GameRecord
from forum_trajanum.games.forum_trajanum.engine.rules import (
    apply,
    current_player,
    decision_kind,
    describe_decision,
    is_over,
    legal_actions,
)
from forum_trajanum.games.forum_trajanum.engine.scoring import ranking
from forum_trajanum.games.forum_trajanum.engine.setup import new_game
from forum_trajanum.games.forum_trajanum.engine.specs import SPECS, ActionSpec
from forum_trajanum.games.forum_trajanum.engine.state import GameOptions, GameState
from forum_trajanum.games.forum_trajanum.engine.tasks import Decision, Phase, decision_phase
from forum_trajanum.games.forum_trajanum.engine.view import PlayerView, view

__all__ = [
    "END_TURN",
    "SPECS",
    "Action",
    "ActionParseError",
    "ActionSpec",
    "CellKind",
    "Decision",
    "GameError",
    "GameOptions",
    "GameOverError",
    "GameRecord",
    "GameState",
    "IllegalActionError",
    "NotYourDecisionError",
    "Phase",
    "PlayerView",
    "Preview",
    "RecordError",
    "apply",
    "built_cell",
    "current_player",
    "decision_kind",
    "decision_phase",
    "describe_decision",
    "is_over",
    "legal_actions",
    "new_game",
    "parse",
    "parse_cell",
    "preview",
    "public_description",
    "public_lines",
    "ranking",
    "reveals_information",
    "tile_cell",
    "view",
]
