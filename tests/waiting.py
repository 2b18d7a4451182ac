"""The one way tests wait: on a condition, with a deadline that only stops a test that would
hang (never a number of tries or a fixed sleep)."""

from __future__ import annotations

import time

import pytest

#: How long a condition may take before the test fails (a hang, not a slow machine).
DEADLINE = 60.0


def wait_until(condition, timeout: float = DEADLINE, what: str = "a condition"):
    """Wait until ``condition()`` is true (checked every 20 ms); fail after ``timeout``."""
    deadline = time.monotonic() + timeout
    while not (value := condition()):
        if time.monotonic() > deadline:
            pytest.fail(f"timed out waiting for {what}")
        time.sleep(0.02)
    return value


async def wait_for(pilot, condition, timeout: float = DEADLINE) -> bool:
    """In a Textual test: let the app run until ``condition()`` holds (checked each time the
    app is idle); returns whether it does (the deadline only stops a test that would hang:
    the caller asserts)."""
    deadline = time.monotonic() + timeout
    while not condition() and time.monotonic() < deadline:
        await pilot.pause()  # until the app is idle (a slice of Textual's wait at least)
    return bool(condition())


def _busy(app) -> str:
    """What the app still has to do before its screen is final (``""``: nothing): a resize
    not yet passed on (Textual waits a moment for the next one), a message waiting in the app
    or in a widget of its screen, a callback due after a refresh, a refresh or a layout asked
    for. Private names of Textual's: an upgrade that drops one fails each test that waits so,
    with an AttributeError that names it."""
    if app._exit or app._closing or not app.is_running or not app.screen_stack:
        return ""  # closing (or closed): no screen to wait for
    if app._resize_event is not None:
        return "a resize"
    screen = app.screen
    for pump in (app, *screen.walk_children(with_self=True)):
        if not pump._message_queue.empty() or pump._next_callbacks:
            return f"a message for {pump!r}"
        if pump is not app and (
            pump._layout_required or pump._repaint_required or pump._scroll_required
        ):
            return f"a refresh of {pump!r}"
    if screen._callbacks:
        return "a callback after the refresh"
    if screen._dirty_widgets or screen._layout_required or screen._scroll_required:
        return "the screen's update"
    return ""


async def settled(pilot, timeout: float = DEADLINE, pause: bool = True) -> None:
    """In a Textual test: let the app run until its screen is final (nothing left to do for
    it: no message, no callback due after a refresh, no refresh asked for), as a player
    would see it once it stops changing; fails after ``timeout`` (a screen that never
    settles). What ``pilot.pause()`` alone does not promise: its last refresh may ask for
    more (a panel scrolled to its end after the refresh that gave it its new lines).
    ``pause`` False: no idle wait first when nothing is left to do (right after a
    ``pilot.press``, which has waited for one)."""
    from textual._context import active_app
    from textual._wait import wait_for_idle

    deadline = time.monotonic() + timeout
    if pause:
        await pilot.pause()
    while busy := _busy(pilot.app):
        if time.monotonic() > deadline:
            pytest.fail(f"the screen never settled: still {busy} after {timeout} s")
        # what pilot.pause() does but for asking every widget for a round trip (``_busy``
        # looks at their queues): an idle app, then the screen's update at once
        await wait_for_idle(0)
        # as the app's own message loop would: with the app as the active one (two apps in
        # one test, two join windows, each reads ``self.app`` through Textual's context)
        token = active_app.set(pilot.app)
        try:
            pilot.app.screen._on_timer_update()
        finally:
            active_app.reset(token)
