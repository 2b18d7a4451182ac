"""The pure Forum Trajanum rules engine: no UI, no printing, no files.

Typical use::

    state = new_game(seed=7, players=3)
    while not is_over(state):
        action = choose(legal_actions(state))   # a UI, a bot, a test
        apply(state, action)
"""

from __future__ import annotations

import importlib
import sys
import types
from typing import TYPE_CHECKING

# The names below load on first use (PEP 562), each from its own module: a program that needs
# only the errors (the app's start screen, the saves' list) does not pay for importing the
# whole engine (pydantic models, rules) before it can show anything.
_HOMES = {
    "Action": "actions",
    "CellKind": "cells",
    "built_cell": "cells",
    "parse_cell": "cells",
    "tile_cell": "cells",
    "ActionSpec": "specs",
    "SPECS": "specs",
    "END_TURN": "actions",
    "parse": "actions",
    "ActionParseError": "forum_trajanum.core.errors",
    "GameError": "forum_trajanum.core.errors",
    "GameOverError": "forum_trajanum.core.errors",
    "IllegalActionError": "forum_trajanum.core.errors",
    "NotYourDecisionError": "forum_trajanum.core.errors",
    "RecordError": "forum_trajanum.core.errors",
    "Preview": "preview",
    "preview": "preview",
    "GameRecord": "record",
    "apply": "rules",
    "current_player": "rules",
    "decision_kind": "rules",
    "describe_decision": "rules",
    "is_over": "rules",
    "legal_actions": "rules",
    "ranking": "scoring",
    "new_game": "setup",
    "GameOptions": "state",
    "GameState": "state",
    "Decision": "tasks",
    "Phase": "tasks",
    "decision_phase": "tasks",
    "PlayerView": "view",
    "public_description": "view",
    "public_lines": "view",
    "reveals_information": "view",
    "view": "view",
}


def __getattr__(name: str):
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    module = home if "." in home else f"{__name__}.{home}"
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


class _Package(types.ModuleType):
    """``view`` and ``preview`` name both a submodule and the function the package exports:
    importing the submodule must not replace the function (as the import system does by
    setting the package's attribute)."""

    def __setattr__(self, name: str, value) -> None:
        if name in ("view", "preview") and isinstance(value, types.ModuleType):
            return
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_HOMES))


if TYPE_CHECKING:
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
    from forum_trajanum.games.forum_trajanum.engine.view import (
        PlayerView,
        public_description,
        public_lines,
        reveals_information,
        view,
    )

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
