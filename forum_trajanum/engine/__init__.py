"""The pure Forum Trajanum rules engine: no UI, no printing, no files.

Typical use::

    state = new_game(seed=7, players=3)
    while not is_over(state):
        action = choose(legal_actions(state))   # a UI, a bot, a test
        apply(state, action)
"""

from forum_trajanum.engine.actions import Action, parse
from forum_trajanum.engine.errors import (
    ActionParseError,
    GameError,
    GameOverError,
    IllegalActionError,
    NotYourDecisionError,
    RecordError,
)
from forum_trajanum.engine.preview import Preview, preview
from forum_trajanum.engine.record import GameRecord
from forum_trajanum.engine.rules import (
    apply,
    current_player,
    decision_kind,
    describe_decision,
    is_over,
    legal_actions,
)
from forum_trajanum.engine.scoring import ranking
from forum_trajanum.engine.setup import new_game
from forum_trajanum.engine.state import GameOptions, GameState
from forum_trajanum.engine.view import (
    PlayerView,
    public_description,
    public_lines,
    reveals_information,
    view,
)

__all__ = [
    "Action",
    "ActionParseError",
    "GameError",
    "GameOptions",
    "GameOverError",
    "GameRecord",
    "GameState",
    "IllegalActionError",
    "NotYourDecisionError",
    "PlayerView",
    "Preview",
    "RecordError",
    "apply",
    "current_player",
    "decision_kind",
    "describe_decision",
    "is_over",
    "legal_actions",
    "new_game",
    "parse",
    "preview",
    "public_description",
    "public_lines",
    "ranking",
    "reveals_information",
    "view",
]
