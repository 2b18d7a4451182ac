"""Start-up: the start screen is painted before the engine is loaded (the engine, the bots
and the play screens load right after the first frame). Speed itself is measured by
``python -m forum_trajanum.tui.bench``; this checks what is imported before the first frame."""

from __future__ import annotations

import subprocess
import sys


def _modules_after(code: str) -> set[str]:
    out = subprocess.run(
        [sys.executable, "-c", code + "\nimport sys\nprint('\\n'.join(sys.modules))"],
        capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip
    return set(out.split())


def test_importing_the_app_loads_neither_the_engine_rules_nor_pydantic():
    loaded = _modules_after("import forum_trajanum.tui.app")
    assert "forum_trajanum.tui.app" in loaded
    ft = "forum_trajanum.games.forum_trajanum"
    heavy = {"pydantic", f"{ft}.engine.rules", f"{ft}.engine.state", f"{ft}.ui.play", f"{ft}.bots"}
    assert not heavy & loaded


def test_importing_the_app_leaves_the_form_the_table_the_play_screens_and_logs_for_later():
    loaded = _modules_after("import forum_trajanum.tui.app")
    assert "forum_trajanum.tui.startscreen" in loaded
    later = {"forum_trajanum.tui.screens", "forum_trajanum.core.table",
             "forum_trajanum.core.conductor", "forum_trajanum.core.seeds",
             "forum_trajanum.tui.contract", "forum_trajanum.tui.gamescreens",
             "forum_trajanum.core.saves.store", "concurrent.futures.thread",
             "logging.handlers"}  # fmt: skip
    assert not later & loaded


def test_the_engine_package_exports_its_functions_even_after_their_modules_load():
    loaded = _modules_after(
        "import forum_trajanum.games.forum_trajanum.engine.view\n"
        "import forum_trajanum.games.forum_trajanum.engine.preview\n"
        "from forum_trajanum.games.forum_trajanum.engine import view, preview, GameError\n"
        "assert callable(view) and callable(preview), (view, preview)\n"
        "assert view.__module__ == 'forum_trajanum.games.forum_trajanum.engine.view'\n"
        "assert preview.__module__ == 'forum_trajanum.games.forum_trajanum.engine.preview'\n"
        "assert issubclass(GameError, ValueError)"
    )
    assert (
        "forum_trajanum.games.forum_trajanum.engine.rules" in loaded
    )  # the view needs the rules: loaded on use


CHILD = """
import asyncio, sys
from textual.screen import Screen
from forum_trajanum.tui.app import ForumApp
from forum_trajanum.tui.compat import on_paint
from forum_trajanum.tui.startscreen import StartScreen

app = ForumApp(bot_delay=0)
first = []

def refreshed(screen):
    if not first and isinstance(screen, StartScreen) and screen is app.screen:
        first.append("forum_trajanum.games.forum_trajanum.engine.rules" in sys.modules)

on_paint(Screen, refreshed)

async def main():
    async with app.run_test(size=(80, 24)) as pilot:
        while not first or "forum_trajanum.games.forum_trajanum.ui.play" not in sys.modules:
            await pilot.pause(0.01)
        print("engine at first frame:", first[0])
        print("start screen after loading:", isinstance(app.screen, StartScreen))
        while "forum_trajanum.core.table" not in sys.modules:  # warmed up after the form
            await pilot.pause(0.01)
        print("form warmed up:", "forum_trajanum.tui.screens" in sys.modules)

asyncio.run(main())
"""


def test_the_start_screens_first_frame_comes_before_the_engine_which_loads_after_it(save_home):
    out = subprocess.run(
        [sys.executable, "-c", CHILD], capture_output=True, text=True, check=True, timeout=60
    ).stdout
    assert "engine at first frame: False" in out
    assert "start screen after loading: True" in out
    assert "form warmed up: True" in out
