"""A seat's view as it travels, and back: the host sends ``Game.view(state, seat)`` as JSON
with the seat's legal actions as texts; the client rebuilds the same view (equal to the
host's: the tests compare them along whole games of every game).

A view is a pydantic model of its game (Forum Trajanum's ``PlayerView``, Trajan's
``GameState`` with its hidden parts blanked). Its class is found from the game itself: the
view of a new game of the same options. A view model that keeps the viewer's legal actions
in a private cache (Trajan's ``_legal``) gets them back parsed from their texts.
"""

from __future__ import annotations

import json
from typing import Any

from pydantic import BaseModel

from forum_trajanum.core.game import Game

_CLASSES: dict[tuple[str, str], type[BaseModel]] = {}


def view_data(view) -> dict[str, Any]:
    """A view as JSON data."""
    return view.model_dump(mode="json")


def legal_texts(view) -> list[str]:
    """The texts of the view's legal actions (none when the decision is another seat's)."""
    return [str(action) for action in view.legal]


def view_class(rules: Game, options) -> type[BaseModel]:
    """The class of the game's views (found once per game and options)."""
    key = (rules.name, options.model_dump_json())
    found = _CLASSES.get(key)
    if found is None:
        found = _CLASSES[key] = type(rules.view(rules.new_game(1, options), -1))
    return found


def rebuilt_view(rules: Game, options, data: dict[str, Any], legal: list[str]):
    """The view that :func:`view_data` made ``data`` of, its legal actions from ``legal``.
    Raises ``ValueError`` (a pydantic error, an action that does not parse) for data that
    is no view of this game."""
    view = view_class(rules, options).model_validate(data)
    private = view.__pydantic_private__
    if private is not None and "_legal" in private:
        private["_legal"] = [rules.parse(text) for text in legal] if legal else None
    return view


def options_data(options) -> dict[str, Any]:
    """A game's options as JSON data."""
    return json.loads(options.model_dump_json())
