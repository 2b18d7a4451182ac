"""One timeline (issue 15): the session, the replay and the saves' check read a record through
``core.timeline.Timeline``; opening a save replays it once; the undo barrier fails closed and
every per-kind table is checked complete."""

from __future__ import annotations

import dataclasses
import random
from typing import ClassVar, Literal

import pytest

from forum_trajanum.core.actions import Action, ActionSet, LogSpec, check_complete, reveals
from forum_trajanum.core.game import GAMES
from forum_trajanum.core.session import GameSession
from forum_trajanum.core.timeline import Timeline
from forum_trajanum.games.forum_trajanum.engine import GameOptions
from forum_trajanum.games.forum_trajanum.engine.replay import GameReplay


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("FORUM_TRAJANUM_HOME", str(tmp_path))
    return tmp_path


def _played(actions: int, seed: int = 3) -> GameSession:
    session = GameSession.new(seed, GameOptions(players=2), ["Ann", "Bob"], ["", ""])
    rng = random.Random(seed)
    rules = session.rules
    for _ in range(actions):
        session.play(rng.choice(rules.legal_actions(session.state)))
    return session


def test_the_timeline_gives_each_action_with_its_player_its_states_and_its_log_lines():
    session = _played(60)
    timeline = Timeline(session.record, session.rules)
    steps = list(timeline)
    assert [s.text for s in steps] == session.record.actions
    assert timeline.good == 60 and timeline.problem == ""
    # the log a session keeps is the timeline's public lines, in order
    assert [line for s in steps for line in s.lines] == [(e.seat, e.text) for e in session.log]
    assert timeline.state.model_dump() == session.state.model_dump()
    for step in steps:
        assert step.before is not step.after  # a copy of its own


def test_a_record_that_stops_replaying_keeps_its_steps_before_and_says_where():
    record = _played(20).record
    record.actions[12] = "build B Z9"  # no such cell: this action cannot replay
    timeline = Timeline(record, GAMES.get(record.game)).run()
    assert timeline.good == 12
    assert timeline.problem.startswith("action 13 ('build B Z9') cannot be replayed")


def test_opening_a_saved_game_replays_its_record_once(monkeypatch):
    session = _played(40)
    session.wait_saved()
    game_id = session.game.id
    session.game.close()
    rules = GAMES.get("forum-trajanum")
    calls = []

    def counting_apply(state, action, player=None):
        calls.append(str(action))
        return rules.apply(state, action, player)

    monkeypatch.setitem(
        GAMES._loaded, "forum-trajanum", dataclasses.replace(rules, apply=counting_apply)
    )
    reopened, opened = GameSession.open(game_id)
    try:
        assert calls == session.record.actions  # each action applied exactly once
        assert reopened.record.actions == session.record.actions
        assert [(e.seat, e.text) for e in reopened.log] == [(e.seat, e.text) for e in session.log]
    finally:
        opened.game.close()


def test_the_replay_screen_reads_the_same_timeline_as_the_session():
    session = _played(80)
    replay = GameReplay.of(session.record)
    shown = [line for step in replay.steps for line in step.lines]
    assert shown == [(e.seat, e.text) for e in session.log]


class _Demo(Action):
    actions: ClassVar[ActionSet] = ActionSet("demo")


class _Wave(_Demo):
    kind: Literal["wave"] = "wave"

    def text(self) -> str:
        return "wave"


class _Peek(_Demo):
    kind: Literal["peek"] = "peek"

    def text(self) -> str:
        return "peek"


def test_a_table_per_action_kind_that_misses_a_kind_or_names_an_unknown_one_is_refused():
    said = lambda *_: "did"  # noqa: E731
    with pytest.raises(TypeError, match=r"misses the action kinds \['peek'\]"):
        check_complete(_Demo.actions, {"wave": LogSpec(said, False)}, "action spec")
    with pytest.raises(TypeError, match=r"names unknown kinds \['dance'\]"):
        check_complete(
            _Demo.actions,
            {"wave": 1, "peek": 2, "dance": 3},
            "choice words",
        )
    table = {"wave": LogSpec(said, False), "peek": LogSpec(said, True)}
    assert check_complete(_Demo.actions, table, "action spec") is table


def test_the_undo_barrier_fails_closed_an_action_without_a_spec_reveals():
    specs = {"wave": LogSpec(lambda *_: "waved", False)}
    assert not reveals(_Demo.actions, specs, None, _Wave())
    assert reveals(_Demo.actions, specs, None, _Peek())  # no spec: undo must stop here
    assert reveals(_Demo.actions, specs, None, object())  # not even an action

    class _Other(Action):  # another game with a "wave" of its own
        actions: ClassVar[ActionSet] = ActionSet("other")

    class _OtherWave(_Other):
        kind: Literal["wave"] = "wave"

        def text(self) -> str:
            return "wave"

    assert _OtherWave().kind == "wave" and not _Demo.actions.owns(_OtherWave())
    assert reveals(_Demo.actions, specs, None, _OtherWave())  # not this game's wave


def test_a_log_spec_says_what_an_action_kind_reveals_and_every_game_spec_is_one():
    from forum_trajanum.games.forum_trajanum.engine.specs import SPECS, ActionSpec

    peeked = LogSpec(lambda *_: "peeked", lambda before, action: action.kind == "peek")
    assert peeked.reveals_in(None, _Peek()) and not peeked.reveals_in(None, _Wave())
    with pytest.raises(TypeError, match="log is not a function"):
        LogSpec("waved", False)
    with pytest.raises(TypeError, match="reveals is True, False or a function"):
        LogSpec(lambda *_: "waved", "yes")
    # Forum Trajanum's spec of an action kind is the core's, saying more
    assert issubclass(ActionSpec, LogSpec)
    assert all(isinstance(spec, LogSpec) for spec in SPECS.values())


def test_every_forum_trajanum_action_kind_has_its_spec_and_its_choice_words():
    from forum_trajanum.games.forum_trajanum.engine.actions import ACTION_KINDS
    from forum_trajanum.games.forum_trajanum.engine.specs import SPECS

    assert set(SPECS) == set(ACTION_KINDS)
    assert all(callable(spec.words) and callable(spec.cells) for spec in SPECS.values())
