"""A 3-seat Trajan game of two people and a bot at one keyboard: the bot's quick move is
followed by the hand-over to the next person, which came while the watching screen the app
had just switched to was still being composed. The app covered that screen for the hand-over
by clearing its panels, which were not there yet: the game stopped with Textual's
``NoMatches '#t-panel' on TrajanWatchScreen``. Now such a screen covers itself as soon as it
is drawn, and shows the game again the next time a bot plays."""

from __future__ import annotations

import io
import threading

import pytest
from rich.console import Console

from forum_trajanum.core.session import GameSession
from forum_trajanum.games.trajan.engine.state import TrajanOptions
from forum_trajanum.games.trajan.ui.panels import panel_text
from forum_trajanum.games.trajan.ui.playscreen import TrajanScreen, TrajanWatchScreen
from forum_trajanum.games.trajan.ui.statusline import status_line
from forum_trajanum.tui.app import ForumApp
from forum_trajanum.tui.screens import HandOverScreen
from tests.waiting import DEADLINE, settled, wait_for


@pytest.fixture(autouse=True)
def save_home(tmp_path, monkeypatch):
    monkeypatch.setenv("FORUM_TRAJANUM_HOME", str(tmp_path / "home"))
    monkeypatch.setattr("forum_trajanum.tui.keys.CHOICE_HOLD", 0.001)


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


def _words(content) -> str:
    console = Console(width=80, file=io.StringIO(), record=True)
    console.print(content)
    return console.export_text().strip()


def _shown(screen, part: str) -> str:
    """The words a widget of ``screen`` holds (also when another screen is on top)."""
    return _words(screen.query_one(part).content)


def _watch_under_hand_over(app) -> TrajanWatchScreen | None:
    """The watching screen under the hand-over on top, if that is what the app shows."""
    stack = app.screen_stack
    under = stack[-2] if len(stack) > 1 and isinstance(stack[-1], HandOverScreen) else None
    return under if isinstance(under, TrajanWatchScreen) else None


async def _play_on(pilot, app, until) -> None:
    """The people play their first choice and take the keyboard at each hand-over until
    ``until()`` holds."""
    actions = app.session.record.actions

    def moved_on(count: int):
        return lambda: len(actions) > count or until()

    while not until():
        await settled(pilot)
        if until():
            return
        screen = app.screen
        if isinstance(screen, HandOverScreen):
            await pilot.press("enter")
        elif isinstance(screen, TrajanScreen) and screen.data.view.legal:
            count = len(actions)
            await pilot.press("1")
            assert await wait_for(pilot, moved_on(count))


async def test_two_people_and_a_quick_bot_play_on_past_the_hand_over_after_the_bots_move():
    session = GameSession.new(
        1, TrajanOptions(players=3), ["Ann", "Bob", "Cleo"], ["", "", "normal"],
        autosave=False, game="trajan",
    )  # fmt: skip
    bot = HeldBot()
    app = ForumApp(bot_delay=0, session=session, choice_hold=0.001,
                   bot_factory=lambda level, seed: bot)  # fmt: skip
    async with app.run_test(size=(80, 24)) as pilot:
        # Ann and Bob fill their trays, the bot its own at once: the hand-over to the next
        # person comes over the watching screen (this is where the game stopped)
        await _play_on(pilot, app, lambda: _watch_under_hand_over(app) is not None)
        watch = _watch_under_hand_over(app)
        await settled(pilot)
        assert watch.is_mounted and app.screen_stack[-2] is watch
        # under the hand-over the watching screen shows nothing of the game
        for part in ("#t-panel", "#t-status", "#decision-title"):
            assert _shown(watch, part) == "", part
        # the game goes on until the bot plays again; its move is held on screen
        bot.hold.set()
        await _play_on(pilot, app, lambda: app.screen is watch)
        await settled(pilot)
        assert app.session.decider == 2 and not watch.data.view.legal
        # shown again, the watching screen shows the game: the status and the panel
        data = watch.data
        assert _shown(watch, "#t-status") == _words(status_line(data, 80)) != ""
        assert "Cleo is deciding" in _shown(watch, "#decision-title")
        panel = _words(panel_text(data, watch.panel, heading=False))
        assert _shown(watch, "#t-panel") == panel != ""
        bot.go.set()
        await _play_on(pilot, app, lambda: len(app.session.record.actions) > 12)
