"""The core is game-agnostic (architecture.md "The shape"): it imports no game, and each game's
task kinds and action words live in that game's own registry objects, so two games cannot
collide and a registry refuses duplicates."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path
from typing import ClassVar, Literal, NamedTuple

import pytest

import forum_trajanum.core
from forum_trajanum.core.actions import Action, ActionSet
from forum_trajanum.core.errors import ActionParseError, IllegalActionError
from forum_trajanum.core.flow import Flow
from forum_trajanum.core.game import Game, GameRegistry
from forum_trajanum.core.tasks import TaskRegistry
from forum_trajanum.games import GAMES

CORE = Path(forum_trajanum.core.__file__).parent


def _imports(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
    return found


def test_no_module_of_the_core_imports_anything_of_the_program_outside_the_core():
    modules = sorted(CORE.rglob("*.py"))
    assert len(modules) >= 5
    for path in modules:
        outside = {
            name
            for name in _imports(path)
            if name.startswith("forum_trajanum") and not name.startswith("forum_trajanum.core")
        }
        assert not outside, f"{path.name} imports {sorted(outside)}"


def test_importing_the_whole_core_loads_no_game():
    code = (
        "import sys, pkgutil, importlib, forum_trajanum.core as c\n"
        "for m in pkgutil.iter_modules(c.__path__):\n"
        "    importlib.import_module('forum_trajanum.core.' + m.name)\n"
        "print(sorted(n for n in sys.modules if n.startswith('forum_trajanum')))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    loaded = eval(out.stdout)
    assert "forum_trajanum.core.flow" in loaded
    # the package itself and its list of games (names and module paths only) load with it
    outside = [n for n in loaded if not n.startswith("forum_trajanum.core")]
    assert outside == ["forum_trajanum", "forum_trajanum.games"]


def _toy_game(name: str):
    """A one-decision game on the core: say a number, then it is over."""
    tasks = TaskRegistry(name)

    class Base(Action):
        actions: ClassVar[ActionSet] = ActionSet(name)

    class Say(Base):
        kind: Literal["say"] = "say"
        number: int
        _fields = ("number",)

        def text(self) -> str:
            return f"say {self.number}"

        @classmethod
        def _from_tokens(cls, t):
            return cls.make(int(t[0]))

    @tasks.record("ask", "say a number", "play", explain="Say a number.")
    class Ask(NamedTuple):
        player: int

    tasks.decides(Ask, options=lambda s, t: [Say.make(1), Say.make(2)], handle=lambda s, t, a: None)
    return tasks, Base, Say, Ask


def test_two_games_may_use_the_same_task_kinds_and_action_words_without_colliding():
    tasks_a, base_a, say_a, ask_a = _toy_game("a")
    tasks_b, base_b, say_b, ask_b = _toy_game("b")
    assert tasks_a.types["ask"] is ask_a and tasks_b.types["ask"] is ask_b
    assert base_a.actions.parse("say 2") == say_a.make(2)
    assert type(base_b.actions.parse("say 2")) is say_b
    assert say_a.make(2) != say_b.make(2)  # same words, different games
    # a record of one game is not a record of the other
    with pytest.raises(ValueError, match="not a b task record"):
        tasks_b.from_data(ask_a(0))


def test_a_registry_refuses_a_task_kind_or_action_kind_or_game_declared_twice():
    tasks, base, _, ask = _toy_game("c")
    with pytest.raises(ValueError, match="declared twice"):

        @tasks.record("ask")
        class Again(NamedTuple):
            player: int

    with pytest.raises(ValueError, match="registered twice"):
        tasks.decides(ask, options=lambda s, t: [], handle=lambda s, t, a: None)
    with pytest.raises(TypeError, match="defined twice"):

        class Say2(base):
            kind: Literal["say"] = "say"

    registry = GameRegistry()
    registry.register("toy", "Toy", "forum_trajanum.games.forum_trajanum.engine.game:GAME")
    with pytest.raises(ValueError, match="registered twice"):
        registry.register("toy", "Toy", "x:y")
    with pytest.raises(TypeError, match="not the Game 'toy'"):
        registry.get("toy")  # the target is Forum Trajanum, registered under another name
    with pytest.raises(LookupError, match="no game called 'chess'"):
        registry.get("chess")


def test_a_flow_refuses_a_task_kind_without_a_rule():
    tasks = TaskRegistry("d")

    @tasks.record("lost")
    class Lost(NamedTuple):
        player: int

    with pytest.raises(RuntimeError, match=r"without a rule: \['lost'\]"):
        Flow(tasks, str)


def test_an_action_outside_any_game_set_is_refused_and_bad_text_does_not_parse():
    with pytest.raises(TypeError, match="no game's ActionSet"):

        class Stray(Action):
            kind: Literal["stray"] = "stray"

    _, base, _, _ = _toy_game("e")
    for text in ("", "shout 3", "say", "say three", "say 3 4"):
        with pytest.raises(ActionParseError):
            base.actions.parse(text)


def test_the_games_registry_names_forum_trajanum_and_loads_it_on_first_use():
    assert "forum-trajanum" in GAMES and GAMES.title("forum-trajanum") == "Forum Trajanum"
    game = GAMES.get("forum-trajanum")
    assert isinstance(game, Game) and GAMES.get("forum-trajanum") is game
    state = game.new_game(5, game.options(players=3))
    assert game.players(state) == 3 and game.summary(state) == "setting up"
    legal = game.legal_actions(state)
    assert game.parse(str(legal[0])) == legal[0]
    wrong = game.parse("end")
    with pytest.raises(IllegalActionError, match="end is not possible now"):
        game.apply(state, wrong)


def _first_actions(game, seeds=range(3)) -> list:
    """Some legal actions of ``game``: the first decisions of a few short random walks."""
    import random

    found = []
    for seed in seeds:
        rng = random.Random(seed)
        state = game.new_game(seed, game.options(players=2))
        for _ in range(60):
            if game.is_over(state):
                break
            legal = game.legal_actions(state)
            found += legal[:5]
            game.apply(state, rng.choice(legal))
    return found


def test_every_game_refuses_every_other_games_actions_and_says_they_reveal():
    names = GAMES.names()
    assert len(names) >= 2
    for name in names:
        game = GAMES.get(name)
        state = game.new_game(1, game.options(players=2))
        before = game.view(state, -1)
        for other in (GAMES.get(n) for n in names if n != name):
            foreign = _first_actions(other)
            assert foreign
            for action in foreign:
                # the contract: an action the game does not know reveals (undo stops there)
                assert game.reveals_information(state, action) is True, (name, str(action))
                with pytest.raises(IllegalActionError, match=f"an action of {other.name}"):
                    game.apply(state, action)
                # its text is refused cleanly, with the project's parse error
                with pytest.raises(ActionParseError):
                    game.parse(str(action))
        assert game.view(state, -1) == before


def test_forum_trajanum_says_trajans_build_d3_reveals_though_both_games_have_a_build():
    forum, trajan = GAMES.get("forum-trajanum"), GAMES.get("trajan")
    build = trajan.parse("build d3")
    assert build.kind == "build" and "build" in type(forum.parse("build L A1")).actions.kinds
    state = forum.new_game(2, forum.options(players=2))
    assert forum.reveals_information(state, build) is True
    with pytest.raises(ActionParseError):
        forum.parse("build d3")
    with pytest.raises(IllegalActionError, match="build d3 is an action of trajan"):
        forum.apply(state, build)


@pytest.mark.parametrize("thing", [None, 5, "end", b"end", object(), ["build"]])
def test_apply_refuses_what_is_not_an_action_as_illegal_and_changes_nothing(thing):
    for name in GAMES.names():
        game = GAMES.get(name)
        state = game.new_game(3, game.options(players=2))
        before = game.view(state, -1)
        with pytest.raises(IllegalActionError, match="is not an action"):
            game.apply(state, thing)
        assert game.view(state, -1) == before


@pytest.mark.parametrize(
    "text", ["\ud800", "build \ud800", "x" * 100_000, "take \x1b]52;c;cm0=\x07", "pick", 5, None]
)
def test_every_games_parser_refuses_garbage_with_a_short_message_in_plain_characters(text):
    for name in GAMES.names():
        with pytest.raises(ActionParseError) as caught:
            GAMES.get(name).parse(text)
        message = str(caught.value)
        assert len(message) < 400 and message.isprintable()
