"""Saved games: a file per game, atomic writes, one window per game (an OS lock), damaged saves
resumed at their last good action, saves of release 0.1.0 picked up as games."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from forum_trajanum.core import saves
from forum_trajanum.core import timeline as replaying
from forum_trajanum.core.session import GameSession
from forum_trajanum.games.forum_trajanum.engine import (
    GameOptions,
    GameRecord,
    apply,
    is_over,
    legal_actions,
    reveals_information,
)

FIXTURES = Path(__file__).parent / "fixtures"


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("FORUM_TRAJANUM_HOME", str(tmp_path))
    return tmp_path


def _session(names=("Ann", "Bob"), bots=("", ""), actions=0, seed=3) -> GameSession:
    session = GameSession.new(seed, GameOptions(players=len(names)), list(names), list(bots))
    for _ in range(actions):
        session.play(legal_actions(session.state)[0])
    return session


def test_save_dir_follows_the_environment(home):
    assert saves.save_dir() == home
    assert saves.games_dir() == home / "games"


def test_two_games_started_one_after_the_other_are_both_listed_and_resumable():
    first = _session(("Ann", "Bob"), actions=5)
    second = _session(("Cai", "Dee"), bots=("", "easy"), actions=8, seed=4)
    assert first.game.id != second.game.id
    first.play(legal_actions(first.state)[0])  # the first game is now the most recent
    first.close()
    second.close()
    games = saves.list_games()
    assert [g.id for g in games] == [first.game.id, second.game.id]
    assert games[0].seats() == "Ann, Bob"
    assert games[1].seats() == "Cai, Dee (easy bot)"
    assert games[0].actions == 6 and games[1].actions == 8
    for game, seed, count in ((games[0], 3, 6), (games[1], 4, 8)):
        session, opened = GameSession.open(game.id)
        assert session.record.seed == seed
        assert len(session.record.actions) == count
        assert opened.lost == 0
        session.close()


def test_the_list_says_cycle_round_and_when_and_keeps_finished_games_apart():
    session = _session(actions=0)
    while session.state.cycle < 1:
        session.play(legal_actions(session.state)[0])
    session.close()
    (info,) = saves.list_games()
    assert info.stage() == "cycle I, round 1"
    assert info.when()
    finished = GameRecord(seed=5, options=GameOptions(players=2), names=["X", "Y"])
    state = replaying.start(finished)
    while not is_over(state):
        action = legal_actions(state)[0]
        apply(state, action)
        finished.append(action)
    saves.create_game(finished, state).close()
    assert [g.stage() for g in saves.list_games(finished=True)] == ["finished"]
    assert [g.id for g in saves.list_games()] == [info.id]
    assert len(saves.list_games(finished=None)) == 2


def test_a_second_process_cannot_open_a_game_that_is_open_and_overwrites_nothing(home):
    session = _session(actions=4)
    before = session.game.path.read_bytes()
    script = textwrap.dedent(
        f"""
        from forum_trajanum.core import saves
        try:
            saves.open_game({session.game.id!r})
        except saves.GameLockedError as exc:
            print("refused:", exc)
        else:
            print("opened")
        print("locked in list:", saves.list_games()[0].locked)
        """
    )
    env = {**os.environ, "FORUM_TRAJANUM_HOME": str(home)}
    run = subprocess.run(
        [sys.executable, "-c", script], env=env, capture_output=True, text=True, timeout=60
    )
    assert "refused: This game is open in another window" in run.stdout, run.stderr
    assert "locked in list: True" in run.stdout
    assert session.game.path.read_bytes() == before
    session.close()  # released: now another process may open it
    run = subprocess.run(
        [sys.executable, "-c", script], env=env, capture_output=True, text=True, timeout=60
    )
    assert "opened" in run.stdout and "locked in list: False" in run.stdout


def test_the_lock_of_a_process_that_ended_is_gone(home):
    env = {**os.environ, "FORUM_TRAJANUM_HOME": str(home)}
    script = (
        "from forum_trajanum.core.session import GameSession; "
        "from forum_trajanum.games.forum_trajanum.engine "
    )
    script += "import GameOptions; s = GameSession.new(1, GameOptions(), ['A','B'], ['',''])"
    script += "; import os; os._exit(0)"  # ends without releasing anything itself
    subprocess.run([sys.executable, "-c", script], env=env, check=True, timeout=60)
    (game,) = saves.list_games()
    assert not game.locked
    session, _ = GameSession.open(game.id)
    assert session.game.is_open


def test_within_one_process_a_game_opens_once(monkeypatch):
    # a refusal waits out a listing's probe of the lock (0.3 s) first: no listing here
    monkeypatch.setattr("forum_trajanum.core.saves.lock._LOCK_PATIENCE", 0.02)
    session = _session(actions=2)
    with pytest.raises(saves.GameLockedError, match="another window"):
        saves.open_game(session.game.id)
    with pytest.raises(saves.GameLockedError):
        saves.delete_game(session.game.id)
    session.close()
    saves.delete_game(session.game.id)
    assert saves.list_games() == []


def test_a_save_cut_anywhere_in_its_last_action_resumes_at_the_action_before(home):
    session = _session(actions=12)
    game_id, path = session.game.id, session.game.path
    session.close()
    text = path.read_bytes()
    last_line = text.rstrip(b"\n").rsplit(b"\n", 1)[1]
    start = len(text.rstrip(b"\n")) - len(last_line)
    expected = GameRecord.from_json(text).actions[:-1]
    for cut in range(start, start + len(last_line)):
        path.write_bytes(text[:cut])
        session, opened = GameSession.open(game_id)
        assert session.record.actions == expected, cut
        # cut inside the line: that line is lost; cut before it: the file ends early
        assert (opened.lost, opened.claimed) == ((0, 12) if cut == start else (1, 0)), cut
        assert opened.damaged_copy.read_bytes() == text[:cut]
        # the repaired save is whole again
        assert saves.list_games()[0].actions == 11
        session.close()
        for copy in path.parent.glob("*.damaged*"):
            copy.unlink()


def test_a_damaged_action_in_the_middle_keeps_the_actions_before_it(home):
    session = _session(actions=20)
    game_id, path = session.game.id, session.game.path
    session.close()
    lines = path.read_text().splitlines()
    lines[8] = '"take Z9 7"'  # action 8 cannot be replayed
    path.write_text("\n".join(lines) + "\n")
    session, opened = GameSession.open(game_id)
    assert len(session.record.actions) == 7
    assert opened.lost == 13
    assert opened.damaged_copy.name == f"{game_id}.json.damaged"
    assert "action 8" in (home / saves.LOG).read_text()


@pytest.mark.parametrize("content", [b"", b"{not json", b'{"format": "something else"}\n"end"'])
def test_a_save_that_cannot_be_read_at_all_says_so_in_player_words(home, content):
    (saves.games_dir() / "broken.json").write_bytes(content)
    (info,) = saves.list_games()
    assert not info.readable and info.stage() == "damaged save"
    with pytest.raises(saves.SaveError) as caught:
        saves.open_game("broken")
    message = str(caught.value)
    assert message == saves.UNREADABLE
    assert "JSON" not in message and "char" not in message
    assert "broken.json" in (home / saves.LOG).read_text()
    saves.delete_game("broken")  # it can still be deleted
    assert saves.list_games() == []


def test_a_version_1_autosave_appears_as_one_game(home):
    shutil.copy(FIXTURES / "v1-autosave.json", home / "autosave.json")
    (info,) = saves.list_games()
    assert info.seats() == "Livia, Marcus (normal bot)"
    assert info.stage() == "cycle II, round 1"
    assert info.actions == 72 and info.title == ""
    assert (home / "autosave.json.v1").read_bytes() == (FIXTURES / "v1-autosave.json").read_bytes()
    assert not (home / "autosave.json").exists()
    assert len(saves.list_games()) == 1  # imported once
    session, opened = GameSession.open(info.id)
    assert len(session.record.actions) == 72 and opened.lost == 0


def test_named_saves_of_release_0_1_0_keep_their_name(home):
    text = json.loads((FIXTURES / "v1-autosave.json").read_text())
    (home / "roman holiday.json").write_text(json.dumps(text))
    (info,) = saves.list_games()
    assert info.title == "roman holiday" and info.label() == "roman holiday"


def test_undo_survives_continue():
    # Undo goes back within a turn until something hidden is revealed: rebuilt on Continue.
    session = _session(actions=0)
    while True:
        state = session.state
        action = next((a for a in legal_actions(state) if not reveals_information(state, a)), None)
        if action is not None and session.state.phase == "turn" and session.can_undo():
            break
        session.play(legal_actions(state)[0])
    session.play(action)
    steps = len(session._undo)
    assert steps >= 1
    game_id, count = session.game.id, len(session.record.actions)
    session.close()
    again, _ = GameSession.open(game_id)
    assert again.can_undo() and len(again._undo) == steps
    assert again.undo()
    assert len(again.record.actions) == count - 1
    assert saves.list_games()[0].actions == count - 1  # the save follows the undo


def test_a_copy_under_a_name_is_a_separate_game():
    session = _session(actions=6)
    copy = session.save_as("before the big build")
    session.play(legal_actions(session.state)[0])
    session.close()
    games = {g.id: g for g in saves.list_games()}
    assert games[copy.id].title == "before the big build"
    assert games[copy.id].actions == 6
    assert games[session.game.id].actions == 7


def test_find_game_by_name_or_the_newest():
    ann = _session(("Ann", "Bob"), actions=1)
    cai = _session(("Cai", "Dee"), actions=2)
    ann.close()
    cai.close()
    assert saves.find_game(None).id == cai.game.id
    assert saves.find_game("ann").id == ann.game.id
    assert saves.find_game(ann.game.id).id == ann.game.id
    with pytest.raises(saves.SaveError, match="no unfinished game called 'Zoe'"):
        saves.find_game("Zoe")


def test_a_failed_write_keeps_the_old_save(home, monkeypatch):
    session = _session(actions=2)
    before = session.game.path.read_bytes()

    def broken_replace(src, dst):
        raise OSError(28, "No space left on device")

    with monkeypatch.context() as patch:
        patch.setattr(os, "replace", broken_replace)
        session.play(legal_actions(session.state)[0])
    assert "No space left" in session.save_error
    assert session.game.path.read_bytes() == before
    assert sorted(p.name for p in saves.games_dir().iterdir() if not p.name.startswith(".")) == [
        session.game.path.name
    ]


def test_the_store_names_load_on_first_use_and_an_unknown_name_is_refused():
    """``saves`` gives the store's names on first use (not imported before the start screen's
    first frame): they are the store's own, and a name the package lacks fails as usual."""
    from forum_trajanum.core import saves
    from forum_trajanum.core.saves import store

    for name in ("GameFile", "OpenedGame", "create_game", "delete_game", "open_game", "read_game"):
        assert getattr(saves, name) is getattr(store, name)
    from forum_trajanum.core.saves import open_game

    assert open_game is store.open_game
    with pytest.raises(AttributeError, match="no_such_name"):
        saves.no_such_name  # noqa: B018
