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
