"""A 3-seat Forum Trajanum game of two people and a bot at one keyboard: the bot's quick
move is followed by the hand-over to the next person while the watching screen the app had
just switched to is still being composed (the race that stopped Trajan's game with
``NoMatches '#t-panel'``). Forum Trajanum's screen did not stop, but it was covered before
it had anything to hide, then drew the board on mounting: the board stood uncovered under
the hand-over. Now the screen covers itself as soon as it is drawn, and shows the game again
the next time a bot plays."""

from __future__ import annotations

import threading
import time

import pytest

from forum_trajanum.core.session import GameSession
from forum_trajanum.games.forum_trajanum.engine import GameOptions
from forum_trajanum.games.forum_trajanum.ui.play import WatchScreen
from forum_trajanum.games.forum_trajanum.ui.playscreen import PlayScreen
from forum_trajanum.tui.app import ForumApp
from forum_trajanum.tui.screens import HandOverScreen
from tests.waiting import DEADLINE, settled


class HeldBot:
    """Chooses the first legal action at once (the stand-in bot's speed: its move is back
    before a new screen is composed) until ``hold`` is set; then waits for ``go``."""

    level = "normal"

    def __init__(self) -> None:
        self.hold, self.go = threading.Event(), threading.Event()

    def choose(self, view):
        if self.hold.is_set():
            self.go.wait(DEADLINE)
        return view.legal[0]


def _watch_under_hand_over(app) -> WatchScreen | None:
    """The watching screen under the hand-over on top, if that is what the app shows."""
    stack = app.screen_stack
    under = stack[-2] if len(stack) > 1 and isinstance(stack[-1], HandOverScreen) else None
    return under if isinstance(under, WatchScreen) else None


def _hidden(screen) -> list[str]:
    """The parts of the screen a hand-over hides that are hidden now."""
    return [
        part.id
        for part in screen.query("#board, #status-line")
        if part.styles.visibility == "hidden"
    ]


async def _play_on(pilot, app, until) -> None:
    """The people take the highlighted choice (a corner's crane colours, in the setup) and
    the keyboard at each hand-over until ``until()`` holds."""
    deadline = time.monotonic() + DEADLINE
    while not until():
        if time.monotonic() > deadline:
            pytest.fail("the game did not get there")
        await settled(pilot)
        if until():
            return
        screen = app.screen
        if isinstance(screen, HandOverScreen) or (
            isinstance(screen, PlayScreen) and screen.data.view.legal
        ):
            await pilot.press("enter")


async def test_the_watching_screen_a_quick_bot_leaves_stays_covered_under_the_hand_over():
    session = GameSession.new(
        3, GameOptions(players=3), ["Ann", "Bob", "Cleo"], ["normal", "", ""], autosave=False
    )
    bot = HeldBot()
    app = ForumApp(bot_delay=0, session=session, choice_hold=0.001,
                   bot_factory=lambda level, seed: bot)  # fmt: skip
    async with app.run_test(size=(80, 24)) as pilot:
        await _play_on(pilot, app, lambda: _watch_under_hand_over(app) is not None)
        watch = _watch_under_hand_over(app)
        await settled(pilot)
        assert watch.is_mounted and app.screen_stack[-2] is watch
        # under the hand-over the board and the status line are hidden
        assert watch.covered and _hidden(watch) == ["status-line", "board"]
        # the game goes on until the bot plays again; its move is held on screen
        bot.hold.set()
        await _play_on(pilot, app, lambda: app.screen is watch)
        await settled(pilot)
        assert app.session.decider == 0 and not watch.data.view.legal
        # shown again, the watching screen shows the game
        assert not watch.covered and _hidden(watch) == []
        bot.go.set()
        count = len(app.session.record.actions)
        await _play_on(pilot, app, lambda: len(app.session.record.actions) > count + 6)
