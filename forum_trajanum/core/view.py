"""The View protocol: what every game's ``view(state, seat)`` gives, whatever else it holds.

A view is everything one seat may know (``seat = -1``: an onlooker, public information only).
Its shape beyond this protocol is the game's own (Forum Trajanum's ``PlayerView``, Trajan's
state with its hidden parts blanked), but the program's shared parts (the session, the
conductor, the app, the bots' driver) read only these fields:

- ``viewer``: whose view it is (-1: an onlooker);
- ``decider``: the seat who decides now (-1 once the game is over);
- ``decision``: the current decision's kind (a task kind; "over" at the end);
- ``title``: the current decision in words ("game over" at the end);
- ``legal``: the viewer's legal actions, as action values in the engine's order, when the
  decision is the viewer's; empty otherwise. They are the very actions
  ``legal_actions(state)`` lists: a screen or a bot hands one back to ``apply`` as it is
  (no text to parse, nothing to look up).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from forum_trajanum.core.actions import Action


@runtime_checkable
class View(Protocol):
    """What one seat may know now, with the current decision (see the module's words)."""

    @property
    def viewer(self) -> int: ...

    @property
    def decider(self) -> int: ...

    @property
    def decision(self) -> str: ...

    @property
    def title(self) -> str: ...

    @property
    def legal(self) -> Sequence[Action]: ...
