"""The UI contract: what a game's screens give the shell, as one typed value.

A game's ``ui`` package (named ``"ui"`` in its :class:`~forum_trajanum.core.game.Game`'s
``modules``) exposes ``UI``, a :class:`GameUI`. The shell (the app, the games list, the
command line, ``serve``) reaches a game's screens only through it::

    GAMES.get(name).load("ui").UI      # or game_ui(GAMES.get(name))

and names no game itself. The contract is light to import: a game's ``ui/__init__.py`` names
its screens with :func:`lazy` (``"package.module:function"``), so that nothing of them loads
before they are used (the start screen is painted before any game's code is loaded;
``tests/tui/test_startup.py``).

The app shows a game's screens as the conductor says (:mod:`forum_trajanum.core.conductor`):
it holds no turn flow and computes no rule of any game.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from textual.screen import Screen

    from forum_trajanum.core.game import Game
    from forum_trajanum.core.record import ReadRecord
    from forum_trajanum.tui.gamescreens import FlowScreen, GameScreen
    from forum_trajanum.tui.glossary import Glossary


class lazy:  # lower case: used as a function, lazy("package.module:function")
    """A function imported on its first call: ``lazy("package.module:function")``. A game's
    contract names its screens with it, so that they load when first shown, not when the
    contract is read."""

    __slots__ = ("_found", "target")

    def __init__(self, target: str) -> None:
        module, colon, name = target.partition(":")
        if not (module and colon and name):
            raise ValueError(f"a lazy target is 'package.module:function', not {target!r}")
        #: where the function lives, "package.module:function"
        self.target = target
        self._found: Callable[..., Any] | None = None

    def resolve(self) -> Callable[..., Any]:
        """The function itself (imported now, once)."""
        if self._found is None:
            module, _, name = self.target.partition(":")
            self._found = getattr(importlib.import_module(module), name)
        return self._found

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self.resolve()(*args, **kwargs)

    def __repr__(self) -> str:
        return f"lazy({self.target!r})"


@dataclass(frozen=True)
class GameUI:
    """Everything the shell needs of one game's screens.

    ``view`` below is what the game's ``Game.view`` returns (``view.viewer`` -1: the public
    view, shown while a bot plays or before a scoring); ``names`` the players' names by seat;
    ``history`` every seat's score after each finished round.
    """

    #: ``play_data(session, view, *, names, bots, message, hold, home)``: what a play screen
    #: draws for one view (``home``: whose board a public view shows, -1 for the decider's;
    #: ``hold``: seconds for which the decision list ignores being chosen). Its ``view``
    #: attribute is the view.
    play_data: Callable[..., Any]
    #: ``screen_class(view)``: the :class:`~forum_trajanum.tui.gamescreens.GameScreen` class
    #: for that view (one per mode of play; the app makes each once and reuses it).
    screen_class: Callable[[Any], type[GameScreen]]
    #: ``scoring_screen(view, scoring, names, history, hold)``: the
    #: :class:`~forum_trajanum.tui.gamescreens.FlowScreen` that shows a scoring (a cycle's,
    #: a quarter's); the flow goes on when it is closed.
    scoring_screen: Callable[..., FlowScreen]
    #: ``game_over_screen(view, names, history)``: the final ranking.
    game_over_screen: Callable[..., Screen[Any]]
    #: ``help_screen(tab)``: the game's help (tabs "keys", "legend", "rules", ...).
    help_screen: Callable[[str], Screen[Any]]
    #: ``replay_screen(found)``: the replay viewer of a game read from a file (``found``: the
    #: core's :class:`~forum_trajanum.core.record.ReadRecord`, the record and what of the
    #: file was damaged); None: the game cannot be replayed in the app yet.
    replay_screen: Callable[[ReadRecord], Screen[Any]] | None = None
    #: ``handover_words(view, names)``: the next decision in words for the hand-over screen,
    #: the players named; None: the conductor's words.
    handover_words: Callable[[Any, list[str]], str] | None = None
    #: The hand-over names the player alone, no "(seat 2)" (a game that marks no one by a
    #: seat number).
    names_only: bool = False
    #: ``glossary()``: the game's words that the first-game coach explains the first time
    #: each appears on a player's screen (:class:`~forum_trajanum.tui.glossary.Glossary`);
    #: None: the coach explains the decisions alone.
    glossary: Callable[[], Glossary] | None = None
    #: Modules the app imports right after the start screen's first frame when this is the
    #: default game (its play screens, results, bots), one per turn of the message loop.
    warm_up: tuple[str, ...] = ()
    #: ``bench(width, height, samples)``: the game's scenario of the responsiveness benchmark
    #: (:mod:`forum_trajanum.tui.bench`), a coroutine giving the key-to-repaint seconds of
    #: its cursor moves and of its whole-board updates and the CPU seconds of each; None: none.
    bench: Callable[[int, int, int], Any] | None = None


def game_ui(game: Game) -> GameUI | None:
    """A game's UI contract; None for a game the app has no screens for (yet)."""
    if not game.has("ui"):
        return None
    made = game.load("ui").UI
    if not isinstance(made, GameUI):
        raise TypeError(f"{game.title}'s ui package gives no GameUI as UI")
    return made


__all__ = ["GameUI", "game_ui", "lazy"]
