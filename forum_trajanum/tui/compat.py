"""Every private Textual API the app leans on, in one place.

Textual's public API does not cover a few things the app needs (knowing that the app is
shutting down, bringing a scroll view's bars up to date without a layout, routing a crash to
the log). Each is reached only through a function here, and ``tests/tui/test_compat.py`` checks
that the installed Textual still has every name this module uses, so an upgrade that removes
one fails a test instead of a player's game. The Textual version range is pinned in
``pyproject.toml``.
"""

from __future__ import annotations

from textual.app import App
from textual.geometry import Size
from textual.screen import Screen
from textual.widget import Widget

#: (class, private attribute) pairs this module and the app rely on.
PRIVATE_NAMES: tuple[tuple[type, str], ...] = (
    (App, "_handle_exception"),  # overridden by the app: a crash goes to crash.log
    (Widget, "_scroll_update"),
    (Screen, "_compositor_refresh"),  # only the start-up benchmark (tui/bench.py)
)

#: Attributes set on an App instance (checked on a live app by the test).
PRIVATE_APP_ATTRIBUTES = ("_running", "_driver")


def app_closing(app: App) -> bool:
    """Whether the app is shutting down (or not running yet): a worker finishing now must not
    touch the screens, whose widgets are being removed."""
    return not getattr(app, "_running", False) or not app.screen_stack


def scroll_update(widget: Widget, size: Size) -> None:
    """Bring a scroll view's scroll bars up to date for a new virtual size (what Textual's own
    size update calls) without asking for a layout of the whole screen."""
    widget._scroll_update(size)
