"""The app's modules import each other without a circle (issue 15: decisions → playscreen →
dialogs → play went round), counting the imports made inside functions too."""

from __future__ import annotations

import ast
from pathlib import Path

import forum_trajanum

PACKAGE = Path(forum_trajanum.__file__).parent


def _graph() -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {}
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        module = ".".join(parts).removesuffix(".__init__")
        found = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module:
                found.add(node.module)
                # "from package import module" imports the module too
                found |= {f"{node.module}.{alias.name}" for alias in node.names}
            elif isinstance(node, ast.Import):
                found |= {alias.name for alias in node.names}
        graph[module] = {name for name in found if name.startswith("forum_trajanum.")}
    return {module: {name for name in found if name in graph} for module, found in graph.items()}


def _is_app(module: str) -> bool:
    # the shell's modules and every game's screens (forum_trajanum.games.<game>.ui.<module>)
    parts = module.split(".")
    return module.startswith("forum_trajanum.tui.") or (
        parts[:2] == ["forum_trajanum", "games"] and parts[3:4] == ["ui"] and len(parts) > 4
    )


def _reachable(graph: dict[str, set[str]], start: str, within) -> set[str]:
    seen: set[str] = set()
    stack = [start]
    while stack:
        for name in graph.get(stack.pop(), ()):
            if within(name) and name not in seen:
                seen.add(name)
                stack.append(name)
    return seen


def test_no_module_of_the_app_imports_itself_round_a_circle():
    graph = _graph()
    app = [m for m in graph if _is_app(m)]
    assert len(app) > 20
    games = {m.split(".")[2] for m in app if m.startswith("forum_trajanum.games.")}
    assert {"forum_trajanum", "trajan"} <= games  # each game's ui is checked too
    circles = sorted(m for m in app if m in _reachable(graph, m, _is_app))
    assert not circles, f"import circles through {circles}"


def test_no_module_of_the_app_re_exports_a_name_it_did_not_define():
    # a re-export shim: a module's __all__ naming something imported from elsewhere
    shims = []
    for path in [*(PACKAGE / "tui").glob("*.py"), *(PACKAGE / "games").glob("*/ui/*.py")]:
        tree = ast.parse(path.read_text())
        imported = {
            alias.asname or alias.name
            for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("forum_trajanum")
            for alias in node.names
        }
        for node in tree.body:
            if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets
            ):
                names = {e.value for e in node.value.elts}
                shims += [f"{path.name}: {n}" for n in sorted(names & imported)]
    assert not shims, shims


def test_no_screen_calls_a_method_of_the_app():
    # issue 15: "screens post messages up (tui/messages.py) and never call the app's
    # methods"; Textual's own (push_screen, call_from_thread, ...) are not the app's
    from forum_trajanum.tui.app import ForumApp
    from forum_trajanum.tui.coach import CoachApp
    from forum_trajanum.tui.tableflow import TableScreens

    own = {
        name
        for cls in (ForumApp, CoachApp, TableScreens)
        for name, value in vars(cls).items()
        if callable(value) and not name.startswith("__")
    }
    assert {"to_menu", "resume_play", "continue_game", "play_action", "undo"} <= own
    screens = [p for p in (PACKAGE / "tui").glob("*.py") if p.name not in ("app.py", "bench.py")]
    screens += list((PACKAGE / "games").glob("*/ui/*.py"))
    calls = []
    for path in screens:
        for node in ast.walk(ast.parse(path.read_text())):
            if (
                isinstance(node, ast.Attribute)
                and node.attr in own
                and isinstance(node.value, ast.Attribute)
                and node.value.attr == "app"
            ):
                calls.append(f"{path.name}:{node.lineno} app.{node.attr}")
    assert len(screens) > 20
    assert not calls, f"screens calling the app: {calls}"
