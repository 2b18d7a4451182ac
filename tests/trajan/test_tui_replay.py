"""Trajan's replay viewer (issue 17: "Replay and export of Trajan games"): steps through a
saved game both ways; an unfinished game shows no hand, a finished one every hand; it opens
from the games list and from ``forum-trajanum replay``."""

from __future__ import annotations

import pytest

from forum_trajanum.core import saves
from forum_trajanum.core.session import GameSession
from forum_trajanum.games.trajan import data as D
from forum_trajanum.games.trajan.engine.state import TrajanOptions
from forum_trajanum.games.trajan.ui.replayscreen import TrajanReplayScreen
from forum_trajanum.tui.replayapp import ReplayApp, replay_screen_for
from tests.tui.conftest import screen_text
from tests.waiting import wait_for


@pytest.fixture(autouse=True)
def save_home(tmp_path, monkeypatch):
    monkeypatch.setenv("FORUM_TRAJANUM_HOME", str(tmp_path / "home"))


def _saved(actions: int | None) -> GameSession:
    session = GameSession.new(3, TrajanOptions(players=2), ["Ann", "Bob"], ["", ""], game="trajan")
    while not session.over and (actions is None or len(session.record.actions) < actions):
        session.play(session.view_of(session.decider).legal[0])
    session.save()
    return session


def _path(session: GameSession):
    return saves.save_dir() / "games" / f"{session.game.id}.json"


async def test_an_unfinished_game_replays_without_any_hand():
    session = _saved(80)
    screen = replay_screen_for(_path(session))
    assert isinstance(screen, TrajanReplayScreen)
    app = ReplayApp(screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "Action 0 of 80" in screen_text(app)
        await pilot.press("end")
        text = screen_text(app)
        assert "Action 80 of 80" in text and "hands are not shown" in text
        hand = session.state.players[0].hand
        assert "unseen" in text  # the hand as a count
        assert not any(f"Hand: {D.COMMODITIES[c]}" in text for c in hand)
        await pilot.press("left", "left")
        assert "Action 78 of 80" in screen_text(app)
        await pilot.press("pageup")
        assert "Action 78 of 80" not in screen_text(app)


async def test_at_80x24_the_key_bar_shows_every_key_and_how_to_close():
    """QA at 80x24: the replay's key bar ended at "c b m d p l", "panels · q close" cut off,
    so a first-timer did not see how to leave the replay."""
    session = _saved(20)
    app = ReplayApp(replay_screen_for(_path(session)))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        bar = screen_text(app).splitlines()[-1]
        for keys in ("←→ action", "[ ] turn", "PgUp/Dn round", "Home/End", "Tab seat", "q close"):
            assert keys in bar, bar
        assert "c b m d p l" in bar and "…" not in bar


async def test_a_finished_game_replays_every_hand_and_the_log():
    session = _saved(None)
    app = ReplayApp(replay_screen_for(_path(session)))
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        await pilot.press("home", "pagedown", "pagedown")
        # the screen follows a key on a later frame: wait for it (a busy machine lags)
        assert await wait_for(
            pilot,
            lambda: (
                "Quarter I, round 2" in screen_text(app) or "Quarter I, round 3" in screen_text(app)
            ),
        )
        assert "hands are not shown" not in screen_text(app)
        await pilot.press("end", "l")
        assert await wait_for(pilot, lambda: "final scoring" in screen_text(app).lower())
        await pilot.press("2", "c")
        assert await wait_for(pilot, lambda: "Bob's action circle" in screen_text(app))


async def test_the_replays_last_action_names_each_seats_final_scoring_after_that_seat():
    """Issue 28.6 (a bug): the line above the panels named every line of the last action
    after the seat that played it ("Bob: … 19 for bonus tiles" was Ann's 19). Each line
    is named after its own seat, with that seat's figures."""
    session = _saved(None)
    final = session.state.scorings[-1]
    app = ReplayApp(replay_screen_for(_path(session)))
    async with app.run_test(size=(160, 45)) as pilot:
        await pilot.pause()
        await pilot.press("end")
        await pilot.pause()
        where = str(app.screen.query_one("#r-where").render())
        for p, name in enumerate(["Ann", "Bob"]):
            told = f"{name} final scoring: {final[p]['bonus']} VP for bonus tiles"
            assert told in " ".join(where.split()), told
        app.screen.action_panel("log")
        await pilot.pause()
        log = " ".join(str(app.screen.query_one("#r-panel").render()).split())
        assert all(f"{name} final scoring: " in log for name in ("Ann", "Bob"))


async def test_at_80x24_the_last_actions_words_are_never_cut_without_saying_where_the_rest_is():
    """QA at 80x24: at the End of a finished game the 3-line action area stopped at
    "…grey side up (2", mid-sentence and with no "…". It grows as the words need, up to a
    limit, and then ends with "…" and the key of the log, which has them all."""
    session = _saved(None)
    app = ReplayApp(replay_screen_for(_path(session)))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("end")
        await pilot.pause()
        screen = app.screen
        said = "; ".join(screen.replay.said(screen.replay.steps[-1], screen.replay.names()))
        where = screen.query_one("#r-where")
        lines = str(where.render()).splitlines()
        assert where.region.height > 3 and len(lines) == where.region.height, lines
        assert lines[-1].rstrip().endswith("… l: the log has it all"), lines[-1]
        shown = " ".join(" ".join(lines[1:])[: -len("… l: the log has it all")].split())
        assert " ".join(said.split()).startswith(shown), shown  # its start, in order
        await pilot.press("home", "right")  # the first action: whole, no "…"
        await pilot.pause()
        first = "; ".join(screen.replay.said(screen.replay.steps[0], screen.replay.names()))
        assert " ".join(first.split()) in " ".join(str(where.render()).split())
        assert "the log has it all" not in str(where.render())


async def test_at_the_games_end_the_status_line_names_the_last_quarters_demands():
    """QA: at the End of a finished game the replay's status line said "demands none yet",
    although quarter IV's demands had been shown: they leave the game at the quarter's end
    (R12), and the status line read the state after it. It names the demands scored on."""
    session = _saved(None)
    last = session.state.reports[-1].demands
    app = ReplayApp(replay_screen_for(_path(session)))
    async with app.run_test(size=(160, 45)) as pilot:
        await pilot.pause()
        await pilot.press("end")
        await pilot.pause()
        status = " ".join(str(app.screen.query_one("#r-status").render()).split())
        assert "none yet" not in status, status
        assert "demands " + ", ".join(D.DEMANDS[d] for d in last) in status, status
