"""The engine API every game on the core provides, as a typed Protocol.

A game's rules engine is these eight functions over its own state, view and action types;
everything else the program asks of a game (:class:`~forum_trajanum.core.game.Game`) either
has a default the core derives from conventions, or is the game's own words and screens.
A :class:`~forum_trajanum.core.game.Game` is an :class:`Engine` (checked by the type checker
in :mod:`forum_trajanum.core.game`), so a function of the core that needs only the rules names
``Engine`` and works for any game.
"""

from __future__ import annotations

from typing import Any, Protocol, TypeVar

#: A game's state (its engine's own model).
StateT = TypeVar("StateT")
#: What one seat may know (only ever returned by the engine).
ViewT_co = TypeVar("ViewT_co", covariant=True)
#: A game's action type.
ActionT = TypeVar("ActionT")

#: What ranks a seat: its points first, then the game's tie-breaks (larger is better).
RankKey = tuple[Any, ...]


class Engine(Protocol[StateT, ViewT_co, ActionT]):
    """The rules of one game: the five functions of play (``new_game``, ``legal_actions``,
    ``apply``, ``view``, ``is_over``), an action's text read back (``parse``), and what the
    seats have scored and how they rank (``scores``, ``rank_keys``).

    Every function is pure but ``apply``, which changes the state in place and refuses an
    illegal action (of another game, or not an action at all) with an
    :class:`~forum_trajanum.core.errors.IllegalActionError` that changes nothing.
    """

    def new_game(self, seed: int, options: Any, /) -> StateT:
        """The state before the first decision: all randomness is drawn here."""
        ...

    def legal_actions(self, state: StateT, /) -> list[ActionT]:
        """Every legal action of the current decision (the only truth); empty when over."""
        ...

    def apply(self, state: StateT, action: Any, player: int | None = None, /) -> StateT:
        """Apply a legal action in place and return the state (``player``: who tries it)."""
        ...

    def view(self, state: StateT, seat: int, /) -> ViewT_co:
        """Everything ``seat`` may know, with the current decision (-1: an onlooker)."""
        ...

    def is_over(self, state: StateT, /) -> bool:
        """Whether the game has ended."""
        ...

    def parse(self, text: str, /) -> ActionT:
        """The action whose text is ``text`` (the inverse of ``str(action)``); any other text
        raises :class:`~forum_trajanum.core.errors.ActionParseError`."""
        ...

    def scores(self, state: StateT, /) -> list[int]:
        """Every seat's points now."""
        ...

    def rank_keys(self, state: StateT, /) -> list[RankKey]:
        """Per seat, what ranks it: points first, then the game's tie-breaks."""
        ...
