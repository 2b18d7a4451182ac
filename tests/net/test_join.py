"""``forum-trajanum join``: each person's seat in a window of its own, the game's own play
screens driven by keys (issue 30, "Proof": "a whole game of each game with two people and a
bot, each person a headless app driven by keys")."""

from __future__ import annotations

import json
import time

import pytest
from rich.console import Console

from forum_trajanum.core.game import GAMES
from forum_trajanum.net import coachmemory
from forum_trajanum.net.client import RemoteSession
from forum_trajanum.net.join import JoinApp
from forum_trajanum.tui.coach import CoachScreen
from forum_trajanum.tui.gamescreens import FlowScreen, GameScreen
from tests.net.helpers import hosting
from tests.trajan.choosing import waiting
from tests.tui.conftest import past_hold, screen_text

OVER = {"forum-trajanum": "Final ranking", "trajan": "Final ranking"}


async def wait_for(pilots, condition, timeout: float = 60.0) -> None:
    """Let the apps run until ``condition()`` holds (fails after ``timeout``: a hang)."""
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "the condition did not come true"
        for pilot in pilots:
            await pilot.pause(0.01)


def now(apps) -> list:
    """What each app shows and knows now."""
    return [
        (app.screen, getattr(app.screen, "data", None), app.session.steps, app._over_shown)
        for app in apps
    ]


@pytest.mark.long
@pytest.mark.parametrize("game", GAMES.names())
async def test_two_people_each_in_their_own_window_play_a_whole_game_with_a_bot_by_keys(
    game, quick_idle
):
    async with hosting(game, "Ann", "Bob", "easy", seed=2) as hosted:
        table = hosted.table()
        sessions = [await RemoteSession.connect(a) for a in hosted.addresses[1]]
        apps = [JoinApp(s, choice_hold=0.001) for s in sessions]
        try:
            async with (
                apps[0].run_test(size=(100, 32)) as ann,
                apps[1].run_test(size=(100, 32)) as bob,
            ):
                pilots = [ann, bob]
                presses = 0
                seen_waiting = set()
                coached = set()  # first games here: the coach explains each new kind once
                while not all(app.session.over and app._over_shown for app in apps):
                    acted = False
                    for app, pilot in zip(apps, pilots, strict=True):
                        s, screen = app.session, app.screen
                        if isinstance(screen, FlowScreen):  # a scoring: on to the game
                            await past_hold(pilot)
                            await pilot.press("enter")
                            acted = True
                        elif isinstance(screen, CoachScreen):  # read: OK
                            coached.add(s.seat)
                            await pilot.press("escape")
                            acted = True
                        elif (
                            isinstance(screen, GameScreen)
                            and s.decider == s.seat
                            and screen.data.view.legal
                            and screen.data.step == s.steps
                        ):
                            # the seat's own screen only, never another seat's view
                            assert screen.data.view.viewer == s.seat
                            await past_hold(pilot)
                            await pilot.press("1")  # a move, or a step of one on screen
                            if waiting(app.screen):  # Trajan's turn end waits for e (36.5)
                                await pilot.press("e")
                            await wait_for(pilots, lambda app=app: not app.in_flight)
                            presses += 1
                            acted = True
                        elif isinstance(screen, GameScreen) and not s.over:
                            assert screen.data.view.viewer == s.seat
                            if (
                                s.seat not in seen_waiting
                                and s.decider != s.seat
                                # who decides, said by the game's screen (once: the
                                # window's own "is choosing…" went, issue 35 point 12)
                                and any(
                                    w in screen_text(app) for w in ("is playing", "is deciding")
                                )
                            ):
                                seen_waiting.add(s.seat)
                    if not acted:  # the host's next message, or the apps' next screen
                        shown = now(apps)
                        await wait_for(pilots, lambda shown=shown: now(apps) != shown)
                    assert presses < 2000, "the game did not finish"
                assert table.session.over and presses > 40
                assert seen_waiting == {0, 1} and coached == {0, 1}
                for app in apps:
                    assert OVER[game] in screen_text(app)
        finally:
            for session in sessions:
                await session.aclose()


async def test_the_coach_explains_a_new_kind_once_and_keeps_its_memory_in_the_joiners_folder(
    save_home, quick_idle
):
    async with hosting("forum-trajanum", "Ann", "easy", seed=2) as hosted:
        address = hosted.addresses[1][0]
        memory = save_home / coachmemory.FILE
        for window in ("first", "again"):
            session = await RemoteSession.connect(address)
            app = JoinApp(session, choice_hold=0.001)
            try:
                async with app.run_test(size=(120, 40)) as pilot:

                    def shown(app=app) -> bool:
                        screen = app.screen
                        return isinstance(screen, CoachScreen) or (
                            isinstance(screen, GameScreen) and bool(screen.data.view.legal)
                        )

                    await wait_for([pilot], shown)
                    await pilot.pause()
                    if window == "first":  # Ann's first game: her first decision explained
                        assert isinstance(app.screen, CoachScreen)
                        await pilot.press("escape")
                        await wait_for([pilot], lambda app=app: isinstance(app.screen, GameScreen))
                        kept = json.loads(memory.read_text())
                        (entry,) = kept.values()
                        assert entry["on"] == [0] and entry["seen"]["0"]
                        assert address.secret not in memory.read_text()  # its digest only
                    else:  # the same decision in a new window: not explained again
                        assert isinstance(app.screen, GameScreen)
                        await pilot.press("k")  # the coach off for Ann, in her folder
                        await wait_for([pilot], lambda a=app: "Coach off" in screen_text(a))
                        (entry,) = json.loads(memory.read_text()).values()
                        assert entry["on"] == []
            finally:
                await session.aclose()


async def test_q_in_a_game_going_on_closes_the_window_and_says_how_to_come_back(
    save_home, quick_idle
):
    async with hosting("trajan", "Ann", "easy", seed=3) as hosted:
        address = hosted.addresses[1][0]
        session = await RemoteSession.connect(address)
        app = JoinApp(session, choice_hold=0.001)
        try:
            async with app.run_test(size=(80, 24)) as pilot:
                await wait_for([pilot], lambda: isinstance(app.screen, (GameScreen, CoachScreen)))
                await pilot.pause()
                if isinstance(app.screen, CoachScreen):
                    await pilot.press("escape")
                    await wait_for([pilot], lambda: isinstance(app.screen, GameScreen))
                assert app.farewell == ""
                keybar = screen_text(app).splitlines()[-1]  # q leaves: no menu here (QA)
                assert " q Leave " in f" {keybar} " and "Menu" not in keybar, keybar
                await pilot.press("question_mark")  # the help's keys say so too
                await wait_for([pilot], lambda: bool(app.screen.query("#keys Static")))
                console = Console(width=200, record=True)
                console.print(app.screen.query_one("#keys Static").content)
                keys = " ".join(console.export_text().split())
                assert "q leave the game" in keys and "back to the menu" not in keys, keys
                await pilot.press("escape")
                await wait_for([pilot], lambda: isinstance(app.screen, GameScreen))
                await pilot.press("q")
                await wait_for([pilot], lambda: bool(app.farewell))
        finally:
            await session.aclose()
        assert "it goes on on the host" in app.farewell
        assert f"forum-trajanum join {address.short()}" in app.farewell
        assert not session.over
