"""The conductor says what comes next, as data, without Textual (issue 15: "the app holds no
turn flow"): tested on real sessions of Forum Trajanum played by their first legal actions."""

from __future__ import annotations

import itertools
import sys

import pytest

from forum_trajanum.core.conductor import Conductor, Step
from forum_trajanum.core.session import GameSession
from forum_trajanum.games.forum_trajanum.engine import GameOptions


def _session(bots=("", ""), seed=3) -> GameSession:
    return GameSession.new(
        seed, GameOptions(players=len(bots)), [f"P{i}" for i in range(len(bots))], list(bots),
        autosave=False,
    )  # fmt: skip


def _follow(conductor: Conductor, session: GameSession, steps: int) -> list[Step]:
    """Do what the conductor says (first legal choice for people and bots alike)."""
    return list(_steps(conductor, session, steps))


def _steps(conductor: Conductor, session: GameSession, steps: int):
    """Each step the conductor says, done once the caller asks for the next one."""
    for _ in range(steps):
        step = conductor.next_step()
        yield step
        if step.kind == "over":
            break
        if step.kind == "auto":
            session.play(step.action, step.seat)
        elif step.kind in ("bot", "decide"):
            if step.kind == "decide":
                conductor.shown(step)
            session.play(session.view_of(step.seat).legal[0], step.seat)
        else:
            conductor.shown(step)


def test_two_people_get_a_hand_over_before_each_change_of_seat_and_none_within_a_turn():
    session = _session()
    conductor = Conductor(session)
    first = conductor.next_step()
    assert first == Step("handover", 0, what=session.view_of(0).title)
    conductor.shown(first)
    assert conductor.next_step() == Step("decide", 0)
    steps = _follow(conductor, session, 200)
    shown = 0  # whose screen the table sees (a one-answer step of another seat shows none)
    for before, after in itertools.pairwise(steps):
        if after.kind == "decide":
            assert after.seat == shown  # a change of seat came with a hand-over
            if before.kind == "decide":
                assert after.seat == before.seat  # the same player goes on: no hand-over
        if after.kind == "handover":
            assert before.kind != "handover" and after.seat != shown
            shown = after.seat


def test_a_bot_seat_plays_and_one_person_against_bots_never_gets_a_hand_over():
    session = _session(bots=("", "easy"))
    conductor = Conductor(session)
    steps = _follow(conductor, session, 400)
    kinds = {s.kind for s in steps}
    assert "handover" not in kinds and "bot" in kinds and "decide" in kinds
    assert all(s.seat == 1 for s in steps if s.kind == "bot")
    assert all(s.seat == 0 for s in steps if s.kind == "decide")
    # the one person at the table keeps their own view while the bot plays
    assert all(s.watcher == 0 for s in steps if s.kind == "bot")


def test_with_two_people_at_the_table_a_bots_turn_shows_only_the_public_view():
    session = _session(bots=("", "easy", ""))
    steps = _follow(Conductor(session), session, 400)
    bots = [s for s in steps if s.kind == "bot"]
    assert bots and all(s.watcher == -1 for s in bots)


def test_a_scoring_is_announced_once_and_the_game_ends_with_over():
    session = _session(bots=("easy", "easy"))
    conductor = Conductor(session)
    steps = _follow(conductor, session, 5000)
    scorings = [s.scoring for s in steps if s.kind == "scoring"]
    assert scorings == [1, 2, 3]  # cycle I, II, III: each once, in order
    assert steps[-1] == Step("over")
    assert session.over


def _two_people(game: str) -> GameSession:
    if game == "forum-trajanum":
        return _session()
    from forum_trajanum.games.trajan.engine.game import TrajanOptions

    return GameSession.new(
        5, TrajanOptions(players=2), ["Ann", "Bob"], ["", ""], autosave=False, game="trajan"
    )


@pytest.mark.parametrize("game", ["forum-trajanum", "trajan"])
def test_in_a_hot_seat_game_each_person_sees_the_first_scoring_on_their_own_screen(game):
    # the person who ends the cycle (the quarter) sees its scoring at once; the other was not
    # at the keyboard then: they see it right after their own hand-over, before deciding
    session = _two_people(game)
    conductor = Conductor(session)
    seen: dict[int, list[int]] = {0: [], 1: []}
    on_screen, before = None, None
    for step in _steps(conductor, session, 3000):
        if step.kind in ("handover", "decide"):
            on_screen = step.seat
        if step.kind == "scoring":
            assert step.seat == on_screen  # shown to the person at the keyboard
            seen[step.seat].append(step.scoring)
            if len(seen[step.seat]) == 1 and seen[1 - step.seat]:  # the second to see it
                assert before.kind == "handover" and before.seat == step.seat
        if seen[0] and seen[1]:
            break
        before = step
    assert seen == {0: [1], 1: [1]}
    assert session.rules.scorings(session.state) == 1


class _Table:
    """A session stand-in whose deciding person has exactly the given legal actions."""

    def __init__(self, legal: list[str], can_undo: bool) -> None:
        self.legal, self.undo = legal, can_undo
        self.players, self.decider, self.over, self.state = 2, 0, False, None
        self.rules = self

    # the session's side
    def is_bot(self, seat: int) -> bool:
        return seat == 1

    def can_undo(self) -> bool:
        return self.undo

    # the game's side
    turn_ends = frozenset({"end"})

    def scorings(self, state) -> int:
        return 0

    def legal_actions(self, state) -> list[str]:
        return self.legal


def test_a_single_answer_plays_itself_but_ending_a_turn_waits_while_it_can_be_undone():
    assert Conductor(_Table(["step 1"], can_undo=True)).next_step() == Step(
        "auto", 0, action="step 1"
    )
    assert Conductor(_Table(["end"], can_undo=False)).next_step() == Step("auto", 0, action="end")
    assert Conductor(_Table(["end"], can_undo=True)).next_step() == Step("decide", 0)
    assert Conductor(_Table(["end", "build L A1"], can_undo=False)).next_step() == Step("decide", 0)


def test_a_loaded_game_does_not_show_its_old_scorings_again_and_the_conductor_needs_no_textual():
    session = _session(bots=("easy", "easy"))
    _follow(Conductor(session), session, 1200)
    done = session.rules.scorings(session.state)
    assert done >= 1
    again = Conductor(session)
    assert again.next_step().kind != "scoring"
    assert not any(name == "textual" or name.startswith("textual.") for name in _imports())


def _imports() -> set[str]:
    import ast
    from pathlib import Path

    import forum_trajanum.core.conductor as module

    tree = ast.parse(Path(module.__file__).read_text())
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
        elif isinstance(node, ast.Import):
            names |= {a.name for a in node.names}
    assert "forum_trajanum.core.conductor" in sys.modules
    return names
