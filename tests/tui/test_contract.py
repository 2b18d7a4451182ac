"""The UI contract (tui/contract.py): each registered game gives the shell its screens as one
typed value, named lazily, and the shell reaches them only through it (issue 29)."""

from __future__ import annotations

import dataclasses
import subprocess
import sys

import pytest

from forum_trajanum.core.game import GAMES
from forum_trajanum.tui.contract import GameUI, game_ui, lazy


@pytest.mark.parametrize("name", GAMES.names())
def test_every_registered_game_gives_a_ui_contract_whose_screens_all_exist(name):
    ui = game_ui(GAMES.get(name))
    assert isinstance(ui, GameUI)
    for item in dataclasses.fields(GameUI):
        value = getattr(ui, item.name)
        if isinstance(value, lazy):
            assert callable(value.resolve()), value.target
    for module in ui.warm_up:
        __import__(module)


def test_a_game_without_screens_has_no_contract():
    game = dataclasses.replace(GAMES.get(GAMES.names()[0]), modules={})
    assert game_ui(game) is None


def test_a_lazy_function_is_imported_on_its_first_call_only():
    joined = lazy("os.path:join")
    assert joined._found is None
    assert joined("a", "b") == __import__("os").path.join("a", "b")
    assert joined._found is not None
    with pytest.raises(ValueError, match=r"package\.module:function"):
        lazy("os.path.join")


def test_reading_a_games_contract_loads_none_of_its_screens():
    code = (
        "import sys\n"
        "from forum_trajanum.core.game import GAMES\n"
        "before = set(sys.modules)\n"
        "for name in GAMES.names():\n"
        "    GAMES.get(name).load('ui').UI\n"
        "print('\\n'.join(sorted(set(sys.modules) - before)))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.split()  # fmt: skip
    ui_modules = [m for m in out if ".ui." in m]
    assert ui_modules == [], ui_modules
    assert not [m for m in out if m.startswith("textual.widgets")]
