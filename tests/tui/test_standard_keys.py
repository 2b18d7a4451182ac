"""The standard keys of a play screen are declared once, by the shell's game screen (issue 39,
point 3): u, q, ?, Escape, e, h, k, the legend's key, PgUp/PgDn and the list's 1-9/A-Z. A
game's play screen adds its own keys only, and says which keys its key bar shows; ? goes to
the app in both games (Forum Trajanum's opened its help itself)."""

from __future__ import annotations

from textual.binding import Binding

from forum_trajanum.tui.gamescreens import GameScreen
from tests.tui.test_screenbase import _screens

STANDARD = {b.key for b in GameScreen.BINDINGS if isinstance(b, Binding)}


def _play_screens() -> list[type[GameScreen]]:
    return [s for s in _screens() if issubclass(s, GameScreen) and s is not GameScreen]


def test_the_standard_keys_are_every_play_screens_and_declared_by_none_of_them():
    screens = _play_screens()
    games = {s.__module__.split(".")[2] for s in screens}
    assert games == {"forum_trajanum", "trajan"}
    assert {"u", "q", "question_mark,f1", "escape", "e", "h", "k", "1", "Z"} <= STANDARD
    for screen in screens:
        own = {
            b.key
            for cls in screen.__mro__
            if issubclass(cls, GameScreen) and cls is not GameScreen
            for b in vars(cls).get("BINDINGS", [])
            if isinstance(b, Binding)
        }
        assert not own & STANDARD, f"{screen.__qualname__} declares {sorted(own & STANDARD)}"
        # the key bar shows keys the screen has
        keys = {
            b.key.split(",")[0] for cls in screen.__mro__ for b in vars(cls).get("BINDINGS", [])
        }
        assert set(screen.KEYBAR) <= keys, screen.__qualname__


def test_question_mark_asks_the_app_for_the_games_help_in_both_games():
    from forum_trajanum.tui.messages import HelpRequested

    for screen in _play_screens():  # no game's own path to its help
        assert screen.action_help is GameScreen.action_help, screen.__qualname__

    class Stub:
        posted: list = []

        def post_message(self, message) -> bool:
            self.posted.append(message)
            return True

    stub = Stub()
    GameScreen.action_help(stub)  # type: ignore[arg-type]
    assert len(stub.posted) == 1 and isinstance(stub.posted[0], HelpRequested)


def test_every_play_screens_key_bar_shows_the_standard_keys_first_in_one_order():
    """The same keys in the same places whichever game is on (issue 39, point 3): Trajan's bar
    began "h Hint q Menu ? Help" and left out k, Forum Trajanum's ended with them."""
    standard = GameScreen.STANDARD_KEYBAR
    assert {"u", "h", "k", "question_mark", "q"} <= set(standard)
    for screen in _play_screens():
        assert screen.KEYBAR[: len(standard)] == standard, screen.__qualname__
        # a game lists its own keys only; the standard ones are never shown twice
        assert not set(screen.KEYBAR_OWN) & set(standard), screen.__qualname__
        assert len(set(screen.KEYBAR)) == len(screen.KEYBAR), screen.__qualname__
        # a key the bar may leave out at a narrow width is the game's own, never a standard one
        assert not set(getattr(screen, "KEYBAR_SPARE", ())) & set(standard), screen.__qualname__
