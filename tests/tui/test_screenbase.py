"""Every screen of the program is built on :mod:`forum_trajanum.tui.screenbase` (issue 39
point 4: the late-dismiss fix is a class of the program's own, not a patch of Textual's
``Screen`` for the whole process), and Textual's own screens are left as they are."""

from __future__ import annotations

import importlib
import pkgutil

from textual.screen import ModalScreen, Screen

import forum_trajanum
from forum_trajanum.tui.screenbase import OwnModalScreen, OwnScreen


def _screens() -> list[type]:
    found = []
    for module in pkgutil.walk_packages(forum_trajanum.__path__, "forum_trajanum."):
        name = module.name
        if ".web" in name or name.endswith("__main__"):
            continue  # textual-serve is optional; __main__ runs the program
        loaded = importlib.import_module(name)
        for value in vars(loaded).values():
            if isinstance(value, type) and issubclass(value, Screen) and value.__module__ == name:
                found.append(value)
    return found


def test_every_screen_of_the_program_dismisses_only_while_on_top():
    screens = _screens()
    assert len(screens) >= 19  # the start menu, the form, the dialogs, both games' screens
    for screen in screens:
        if screen in (OwnScreen, OwnModalScreen):
            continue
        own = OwnModalScreen if issubclass(screen, ModalScreen) else OwnScreen
        assert issubclass(screen, own), f"{screen.__module__}.{screen.__qualname__}"


def test_textuals_own_screen_is_not_patched():
    assert "dismiss" not in vars(Screen) or not hasattr(Screen.dismiss, "__wrapped__")
    from forum_trajanum.tui.compat import install_fixes

    install_fixes()
    assert not hasattr(Screen.dismiss, "__wrapped__")


async def test_a_change_asked_for_a_frame_after_the_last_paint_is_painted_at_once(monkeypatch):
    """Issue 39 point 6 (repaint within a frame): a change asked for when the screen's last
    frame is more than a frame's time ago is painted at once, not at the next time of a grid
    of frames (Textual's own timer waited up to two frames' time after a frame painted late
    on its grid: after any pause); two changes within a frame's time are still painted one
    frame apart. A frame of half a second here, so that a wait for a timer is plain."""
    import asyncio

    import textual.screen
    from textual.app import App
    from textual.widgets import Static

    from forum_trajanum.tui.compat import event_clock, on_paint

    frame = 0.5
    monkeypatch.setattr(textual.screen, "UPDATE_PERIOD", frame)

    class Counted(OwnScreen):
        def compose(self):
            yield Static("0", id="n")

    class One(App):
        def on_mount(self) -> None:
            self.push_screen(Counted())

    app = One()
    async with app.run_test(size=(20, 3)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, Counted)
        painted: list[float] = []
        fresh = asyncio.Event()

        def paint(_screen) -> None:
            painted.append(event_clock())
            fresh.set()

        on_paint(screen, paint)
        number = screen.query_one("#n", Static)

        async def change(n: int) -> float:
            """Change the number; the seconds until the frame that shows it."""
            fresh.clear()
            asked = event_clock()
            number.update(str(n))
            await asyncio.wait_for(fresh.wait(), 10)
            return painted[-1] - asked

        await change(1)
        for n in range(2, 6):
            # the condition: a frame's time has passed since the last frame (one a change
            # asks for after its own, a layout's, included)
            while event_clock() < painted[-1] + 1.1 * frame:
                await asyncio.sleep(0.01)
            assert await change(n) < 0.2 * frame, f"change {n} waited for a timer"
        # a change right after a frame waits for the next one: frames stay a frame apart
        first = painted[-1]
        await change(9)
        assert painted[-1] - first >= 0.99 * frame
