"""The shell and the core name no game (issue 29: "the shell (tui/, web/, cli.py) and core/
import no game, and a test proves it for every module"): a game is reached through the
registry (:mod:`forum_trajanum.games`, the one module allowed to name games) and, for its
screens, its UI contract (``GAMES.get(name).load("ui").UI``).

Checked for every module of ``tui/``, ``web/``, ``net/``, ``core/`` and ``cli.py``, ``bench.py``,
``simulate.py``: no import of a game's package (at module level or inside a function), and no
text naming one (a module path in a string or a docstring: ``importlib`` with a name, a
comment's reference for a reader); and importing them all loads no game's module.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

import forum_trajanum

PACKAGE = Path(forum_trajanum.__file__).parent
ROOT = PACKAGE.parent
GAMES_PACKAGE = "forum_trajanum.games"
#: The shell and the core: every module below these.
SHELL = ["tui", "web", "net", "core", "commands", "cli.py", "bench.py"]

#: Modules not done yet, each with why; the list only shrinks, and is empty when issue 29 is
#: done.
NOT_YET: dict[str, str] = {}


def shell_modules() -> list[Path]:
    found: list[Path] = []
    for part in SHELL:
        path = PACKAGE / part
        found += sorted(path.rglob("*.py")) if path.is_dir() else [path]
    return found


def _name(path: Path) -> str:
    return str(path.relative_to(ROOT)).replace("\\", "/")


def _game_packages() -> set[str]:
    """The packages under forum_trajanum/games/ (one per game)."""
    return {p.name for p in (PACKAGE / "games").iterdir() if (p / "__init__.py").exists()}


def naming_a_game(path: Path) -> list[str]:
    """What of a module names a game: its imports of a game's package and the texts that
    name one's module path (``forum_trajanum.games.x`` or ``forum_trajanum/games/x``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    games = _game_packages()
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [
                f"line {node.lineno}: import {a.name}"
                for a in node.names
                if a.name.startswith(GAMES_PACKAGE + ".")
            ]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            if node.module.startswith(GAMES_PACKAGE + "."):
                found.append(f"line {node.lineno}: from {node.module} import ...")
            elif node.module == GAMES_PACKAGE:
                found += [
                    f"line {node.lineno}: from {node.module} import {a.name}"
                    for a in node.names
                    if a.name in games
                ]
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            text = node.value.replace("/", ".")
            if GAMES_PACKAGE + "." in text:
                found.append(f"line {node.lineno}: a text naming {GAMES_PACKAGE}.…")
    return found


@pytest.mark.parametrize("path", shell_modules(), ids=_name)
def test_no_module_of_the_shell_or_the_core_names_a_game(path):
    found = naming_a_game(path)
    if _name(path) in NOT_YET:
        assert found, f"{_name(path)} names no game any more: take it off NOT_YET"
        return
    assert found == [], f"{_name(path)} names a game: {found}"


def test_the_check_finds_a_games_import_inside_a_function_and_in_a_text(tmp_path):
    module = tmp_path / "shell.py"
    module.write_text(
        '"""See :mod:`forum_trajanum.games.trajan.engine`."""\n'
        "def f():\n"
        "    from forum_trajanum.games.forum_trajanum.engine import view\n"
        "    import forum_trajanum.games.trajan.ui\n"
        "    from forum_trajanum.games import trajan, GAMES\n"
        "    return GAMES\n",
        encoding="utf-8",
    )
    found = naming_a_game(module)
    assert [line.split(":")[0] for line in found] == ["line 1", "line 3", "line 4", "line 5"]
    assert "import trajan" in found[-1]  # GAMES, the registry, is allowed


def test_not_yet_names_only_modules_that_exist():
    names = {_name(path) for path in shell_modules()}
    assert set(NOT_YET) <= names


def test_importing_every_module_of_the_shell_and_the_core_loads_no_game():
    modules = []
    for path in shell_modules():
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        modules.append(".".join(parts))
    code = (
        "import importlib, sys\n"
        f"for name in {modules!r}:\n"
        "    try:\n"
        "        importlib.import_module(name)\n"
        "    except ImportError as exc:\n"  # an optional extra (serve's textual-serve)
        "        if 'forum_trajanum' in str(exc.name or ''):\n"
        "            raise\n"
        "print('\\n'.join(sorted(sys.modules)))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    ).stdout.split()
    assert "forum_trajanum.tui.app" in out and "forum_trajanum.core.session" in out
    loaded = [m for m in out if m.startswith(GAMES_PACKAGE + ".")]
    assert loaded == [], loaded
