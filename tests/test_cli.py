"""The forum-trajanum command: version, subcommand dispatch, continue, serve's options and serve
without textual-serve."""

from __future__ import annotations

import sys
import types

from forum_trajanum import __version__, cli


def test_version(capsys):
    assert cli.main(["--version"]) == 0
    assert capsys.readouterr().out.strip() == __version__


def test_the_help_names_every_game_the_program_plays(capsys):
    """Issue 28.7: ``forum-trajanum --help`` describes both games, not Forum Trajanum alone."""
    import pytest

    from forum_trajanum.core.game import GAMES

    with pytest.raises(SystemExit):
        cli.main(["--help"])
    said = " ".join(capsys.readouterr().out.split())
    for name in GAMES.names():
        assert GAMES.title(name) in said and name in said


def test_simulate_is_dispatched_with_its_arguments(monkeypatch):
    seen = []
    module = types.ModuleType("forum_trajanum.commands.simulate")
    module.main = lambda argv, bot_delay=None: seen.append(argv) or 0
    monkeypatch.setitem(sys.modules, "forum_trajanum.commands.simulate", module)
    assert cli.main(["simulate", "--games", "3"]) == 0
    assert seen == [["--games", "3"]]


def test_serve_without_textual_serve_says_how_to_install(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "textual_serve", None)
    monkeypatch.setitem(sys.modules, "textual_serve.server", None)
    monkeypatch.setitem(sys.modules, "forum_trajanum.web", None)
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


class _FakeApp:
    started: list = []
    return_code = 0

    def __init__(self, **kwargs):
        _FakeApp.started.append(kwargs)

    def run(self):
        pass


def _two_games(monkeypatch, tmp_path):
    from forum_trajanum.core.session import GameSession
    from forum_trajanum.games.forum_trajanum.engine import GameOptions

    monkeypatch.setenv("FORUM_TRAJANUM_HOME", str(tmp_path))
    games = []
    for seed, names in ((1, ["Ann", "Bob"]), (2, ["Cai", "Dee"])):
        session = GameSession.new(seed, GameOptions(players=2), names, ["", ""])
        session.close()
        games.append(session.game.id)
    return games


def test_continue_opens_the_newest_game_or_the_one_named(monkeypatch, tmp_path):
    import forum_trajanum.tui.app as app_module

    ann, cai = _two_games(monkeypatch, tmp_path)
    monkeypatch.setattr(app_module, "ForumApp", _FakeApp)
    _FakeApp.started = []
    assert cli.main(["continue"]) == 0
    assert cli.main(["continue", "ann"]) == 0
    assert [kwargs["open_game"] for kwargs in _FakeApp.started] == [cai, ann]


def test_continue_names_the_games_when_the_name_fits_none(monkeypatch, tmp_path, capsys):
    import forum_trajanum.tui.app as app_module

    _two_games(monkeypatch, tmp_path)
    monkeypatch.setattr(app_module, "ForumApp", _FakeApp)
    _FakeApp.started = []
    assert cli.main(["continue", "Zoe"]) == 1
    err = capsys.readouterr().err
    assert "no unfinished game called 'Zoe'" in err
    assert "Ann, Bob" in err and "Cai, Dee" in err
    assert _FakeApp.started == []


def test_continue_without_any_game_says_so(monkeypatch, tmp_path, capsys):
    monkeypatch.setenv("FORUM_TRAJANUM_HOME", str(tmp_path))
    assert cli.main(["continue"]) == 1
    assert "There is no unfinished game" in capsys.readouterr().err


def test_serve_binds_to_localhost_unless_told_and_runs_the_app_without_a_shell(monkeypatch):
    web = __import__("pytest").importorskip("forum_trajanum.web")
    made = []

    class FakeServer:
        def __init__(self, host, port, max_games):
            made.append((host, port, max_games))

        def serve(self):
            pass

    monkeypatch.setattr(web, "GameServer", FakeServer)
    assert cli.main(["serve"]) == 0
    assert cli.main(["serve", "--host", "0.0.0.0", "--port", "9000", "--max-games", "3"]) == 0
    assert made == [("localhost", 8000, 8), ("0.0.0.0", 9000, 3)]


def test_the_served_app_command_is_quoted_and_needs_no_shell(monkeypatch):
    web = __import__("pytest").importorskip("forum_trajanum.web")
    monkeypatch.setattr(sys, "executable", "/opt/my games/py'thon")
    server = web.GameServer(host="127.0.0.1", port=0)
    assert server.argv == ["/opt/my games/py'thon", "-m", "forum_trajanum.cli"]
    assert server.command == """'/opt/my games/py'"'"'thon' -m forum_trajanum.cli"""


def test_replay_and_export_subcommands_parse(monkeypatch, tmp_path, capsys):
    import json
    from pathlib import Path

    import pytest

    import forum_trajanum.tui.replayapp as replay_module

    game = Path(__file__).parent / "fixtures" / "export-game.json"
    assert cli.main(["export", str(game), "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["finished"] is True
    with pytest.raises(SystemExit):
        cli.main(["export", str(game), "--format", "pdf"])
    assert "invalid choice: 'pdf'" in capsys.readouterr().err

    opened = []

    class FakeReplayApp:
        return_code = 0

        def __init__(self, replay):
            opened.append(replay)

        def run(self):
            opened.append("run")

    monkeypatch.setattr(replay_module, "ReplayApp", FakeReplayApp)
    assert cli.main(["replay", str(game)]) == 0
    replay = opened[0].replay  # the replay screen of the record
    assert opened[1] == "run" and replay.length == 181 and replay.finished
    assert cli.main(["replay", str(tmp_path / "nothing.json")]) == 1
    assert "there is no file nothing.json" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        cli.main(["replay"])


# --- forum-trajanum new ----------------------------------------------------------------------


def _started_with(monkeypatch, argv):
    """Run ``forum-trajanum new ...`` with a stand-in app; return the settings it got."""
    started = []

    class FakeApp:
        return_code = 0

        def __init__(self, **kwargs):
            started.append(kwargs)

        def run(self):
            started.append("run")

    import forum_trajanum.tui.app as app_module

    monkeypatch.setattr(app_module, "ForumApp", FakeApp)
    assert cli.main(["new", *argv]) == 0
    assert started[-1] == "run"
    return started[0]["new_game"]


def test_new_opens_the_app_with_people_and_bots_in_seat_order(monkeypatch):
    settings = _started_with(monkeypatch, ["--seats", "Ann,Bob,normal", "--seed", "7"])
    assert settings.players == 3
    assert settings.names[:2] == ["Ann", "Bob"]
    assert settings.bots == ["", "", "normal"]
    assert settings.seed == 7
    options = settings.options  # the game's own options, those not given by default
    assert (options["side"], options["introductory"], options["handicap"]) == ("A", False, ())


def test_new_takes_side_intro_and_newcomers_by_name_or_seat(monkeypatch):
    settings = _started_with(
        monkeypatch,
        ["--seats", "Ann,hard,Cai", "--side", "b", "--intro", "--newcomer", "cai",
         "--newcomer", "2"],
    )  # fmt: skip
    assert settings.bots == ["", "hard", ""]
    assert (settings.options["side"], settings.options["introductory"]) == ("B", True)
    assert settings.options["handicap"] == (1, 2)


def _refused(capsys, argv) -> str:
    assert cli.main(["new", *argv]) == 2
    return capsys.readouterr().err


def test_new_refuses_too_few_or_too_many_seats(capsys):
    assert "needs 2 to 4 players, but --seats names 1 (Ann)" in _refused(capsys, ["--seats", "Ann"])
    err = _refused(capsys, ["--seats", "a,b,c,d,easy"])
    assert "needs 2 to 4 players, but --seats names 5" in err


def test_new_refuses_an_unknown_newcomer_and_names_the_seats(capsys):
    err = _refused(capsys, ["--seats", "Ann,normal", "--newcomer", "Zed"])
    assert "--newcomer Zed: nobody of that name sits at the table" in err
    assert "Ann, Normal bot" in err  # a bot seat is named after its level


def test_new_refuses_an_empty_seat_and_a_name_used_twice(capsys):
    assert "Seat 2 is empty" in _refused(capsys, ["--seats", "Ann,,Bob"])
    assert "Two seats are called ann" in _refused(capsys, ["--seats", "Ann,ann"])


def test_new_refuses_a_seed_that_is_not_a_whole_number(capsys):
    import pytest

    with pytest.raises(SystemExit) as exit_:
        cli.main(["new", "--seats", "Ann,Bob", "--seed", "x"])
    assert exit_.value.code == 2
    assert "the seed must be a whole number, not 'x'" in capsys.readouterr().err


def test_the_help_lists_every_command_with_its_line(capsys):
    """Issue 39 point 5: ``forum-trajanum --help`` lists each command with its one line."""
    import pytest

    from forum_trajanum.commands import COMMANDS

    with pytest.raises(SystemExit):
        cli.main(["--help"])
    lines = capsys.readouterr().out.splitlines()
    for name, command in COMMANDS.items():
        (line,) = [line for line in lines if line.split()[:1] == [name]]
        assert " ".join(command.line.split()[:3]) in " ".join(line.split())


def test_a_mistyped_command_is_answered_with_the_nearest_one(capsys):
    """Issue 39 point 5: ``forum-trajanum nwe`` suggests ``new``, and starts nothing."""
    assert cli.main(["nwe", "--seats", "Ann,Bob"]) == 2
    said = capsys.readouterr().err
    assert "there is no command 'nwe'" in said and "did you mean new?" in said
    assert cli.main(["\x1b[2Jzz"]) == 2  # a typed escape reaches the terminal as text
    assert "\x1b" not in capsys.readouterr().err


def test_an_option_before_a_command_keeps_the_commands_help(capsys):
    """Issue 39 point 5: ``forum-trajanum --bot-delay 0 new --help`` is ``new``'s help."""
    import pytest

    with pytest.raises(SystemExit) as ended:
        cli.main(["--bot-delay", "0", "new", "--help"])
    assert ended.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith("usage: forum-trajanum new") and "--seats" in out


def test_the_bot_delay_before_a_command_is_the_commands_own(monkeypatch):
    settings = []

    class FakeApp:
        return_code = 0

        def __init__(self, **kwargs):
            settings.append(kwargs["bot_delay"])

        def run(self):
            pass

    import forum_trajanum.tui.app as app_module

    monkeypatch.setattr(app_module, "ForumApp", FakeApp)
    assert cli.main(["--bot-delay", "0", "new", "--seats", "Ann,Bob"]) == 0
    assert cli.main(["--bot-delay=2", "new", "--seats", "Ann,Bob", "--bot-delay", "1"]) == 0
    assert cli.main(["new", "--seats", "Ann,Bob"]) == 0
    assert settings == [0.0, 1.0, 0.5]  # the command's own wins; the default otherwise
