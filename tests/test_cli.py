"""The forum-trajanum command: version, subcommand dispatch, serve without textual-serve."""

from __future__ import annotations

import sys
import types

from forum_trajanum import __version__, cli


def test_version(capsys):
    assert cli.main(["--version"]) == 0
    assert capsys.readouterr().out.strip() == __version__


def test_simulate_is_dispatched_with_its_arguments(monkeypatch):
    seen = []
    module = types.ModuleType("forum_trajanum.simulate")
    module.main = lambda argv: seen.append(argv) or 0
    monkeypatch.setitem(sys.modules, "forum_trajanum.simulate", module)
    assert cli.main(["simulate", "--games", "3"]) == 0
    assert seen == [["--games", "3"]]


def test_serve_without_textual_serve_says_how_to_install(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "textual_serve", None)
    monkeypatch.setitem(sys.modules, "textual_serve.server", None)
    assert cli.main(["serve"]) == 2
    assert "pip install 'forum-trajanum[web]'" in capsys.readouterr().err


def test_the_app_starts_without_arguments(monkeypatch):
    started = []

    class FakeApp:
        return_code = 0

        def __init__(self, **kwargs):
            started.append(kwargs)

        def run(self):
            started.append("run")

    import forum_trajanum.tui.app as app_module

    monkeypatch.setattr(app_module, "ForumApp", FakeApp)
    assert cli.main([]) == 0
    assert started == [{"bot_delay": 0.5}, "run"]
