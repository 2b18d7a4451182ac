"""The app shows what the conductor says comes next, also for Trajan: a step held back while
an overlay covers the game (the help) goes on when the overlay closes (issue 15: "screens
post messages up", here ``ScreenUncovered`` from every game's screen)."""

from __future__ import annotations

import threading

import pytest
from textual.screen import ModalScreen

from forum_trajanum.core.session import GameSession
from forum_trajanum.games.trajan.engine.state import TrajanOptions
from forum_trajanum.games.trajan.ui.playscreen import TrajanScreen
from forum_trajanum.tui.app import ForumApp
from tests.trajan.choosing import choose
from tests.waiting import wait_for


@pytest.fixture(autouse=True)
def save_home(tmp_path, monkeypatch):
    monkeypatch.setenv("FORUM_TRAJANUM_HOME", str(tmp_path / "home"))
    monkeypatch.setattr("forum_trajanum.tui.keys.CHOICE_HOLD", 0.001)


class GatedBot:
    """Answers its first decision only once the test opens the gate; the first legal action."""

    level = "normal"

    def __init__(self) -> None:
        self.asked = threading.Event()
        self.gate = threading.Event()

    def choose(self, view):
        self.asked.set()
        self.gate.wait(30)
        return view.legal[0]


async def test_a_bot_move_made_while_the_help_is_open_goes_on_when_the_help_closes():
    session = GameSession.new(
        3, TrajanOptions(players=2), ["Bot", "Ann"], ["normal", ""], autosave=False,
        game="trajan",
    )  # fmt: skip
    bot = GatedBot()
    app = ForumApp(bot_delay=0, session=session, bot_factory=lambda level, seed: bot)
    async with app.run_test(size=(80, 24)) as pilot:
        assert await wait_for(pilot, bot.asked.is_set)  # the bot thinks; its board is shown
        await pilot.press("question_mark")
        assert await wait_for(pilot, lambda: isinstance(app.screen, ModalScreen))
        played = len(session.record.actions)
        bot.gate.set()
        # the bot's choice is played under the help, and the flow waits for it to close
        assert await wait_for(pilot, lambda: len(session.record.actions) > played)
        assert await wait_for(pilot, lambda: app.deferred)
        assert isinstance(app.screen, ModalScreen)
        await pilot.press("escape")
        # the bot plays on to Ann's decision, and her screen shows it
        assert await wait_for(
            pilot,
            lambda: (
                isinstance(app.screen, TrajanScreen)
                and app.screen.data.view.viewer == 1
                and session.decider == 1
            ),
        )


class Recording:
    """A real bot whose choices are kept, with the first legal action of each view."""

    def __init__(self, bot) -> None:
        self.bot, self.level = bot, bot.level
        self.chosen: list[tuple[str, str]] = []

    def choose(self, view):
        action = self.bot.choose(view)
        self.chosen.append((str(action), str(view.legal[0])))
        return action


async def test_the_app_plays_what_a_trajan_bot_chooses():
    # a view's legal actions are Action values in Trajan (texts in Forum Trajanum): the app
    # compared the bot's text with them, found it nowhere and played the first legal action
    # instead, every time ("Bot Normal bot failed ('markers BY'); it plays markers rest")
    from forum_trajanum.games.trajan.bots import make_bot

    session = GameSession.new(
        5, TrajanOptions(players=2), ["Bot", "Ann"], ["normal", ""], autosave=False,
        game="trajan",
    )  # fmt: skip
    bots: list[Recording] = []

    def factory(level, seed):
        bots.append(Recording(make_bot(level, seed)))
        return bots[-1]

    app = ForumApp(bot_delay=0, session=session, bot_factory=factory, choice_hold=0)
    async with app.run_test(size=(80, 24)) as pilot:
        while sum(len(bot.chosen) for bot in bots) < 25:
            assert await wait_for(pilot, lambda: session.decider == 1 or session.over)
            assert await wait_for(pilot, lambda: isinstance(app.screen, TrajanScreen))
            assert app.screen.data.view.viewer == 1 and "failed" not in app.message
            await choose(pilot)  # Ann takes her first choice
        chosen = [text for bot in bots for text, _ in bot.chosen]
        assert any(text != first for bot in bots for text, first in bot.chosen)
        # the record holds every choice of the bot, in its order
        record = iter(session.record.actions)
        assert all(any(text == played for played in record) for text in chosen)
