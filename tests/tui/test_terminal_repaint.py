"""What a terminal shows of the Forum Trajanum screen is the screen (issue 27, point 3, in
the other game): along a game played by keys at 80x24 with panel switches (the log scrolls
to its end), the boards' cursors, the list's paging and undos, every frame applied as a
terminal applies it leaves no line that the screen no longer has."""

from __future__ import annotations

import random

import pytest

from forum_trajanum.games.forum_trajanum.ui.playscreen import PlayScreen
from forum_trajanum.tui.app import ForumApp
from forum_trajanum.tui.keys import ENTRY_KEYS
from tests.waiting import wait_for

from .conftest import first_legal_bot_factory, past_hold, press_quickly, session_at
from .terminal import SETTLED, Terminal


@pytest.mark.usefixtures("quick_idle")
@pytest.mark.parametrize("seed", [5])
async def test_what_the_terminal_shows_is_the_screen_along_a_game_by_keys(seed):
    rng = random.Random(seed)
    session = session_at("draft", seed=seed, bots=["", "normal"])
    session.autosave = False
    app = ForumApp(bot_delay=0, session=session, choice_hold=0, bot_factory=first_legal_bot_factory)
    keys = ["c", "f", "p", "l", "pagedown", "pageup", "down", "up", "right", "tab"]
    async with app.run_test(size=(80, 24)) as pilot:
        terminal = Terminal(app)
        decisions = 0
        while decisions < 20:
            await past_hold(pilot)
            screen = app.screen
            if not isinstance(screen, PlayScreen) or not screen.data.view.legal:
                await press_quickly(pilot, "enter")  # a hand-over, a scoring, a bot's turn
                continue
            presses = rng.sample(keys, rng.randint(1, 3))
            if screen.data.can_undo and rng.random() < 0.1:
                presses.append("u")
            else:
                count = screen.query_one("#decisions").option_count
                presses += ["escape", ENTRY_KEYS[rng.randrange(min(count, len(ENTRY_KEYS)))]]
            for key in presses:
                await press_quickly(pilot, key)
                assert await wait_for(pilot, lambda: not terminal.differences(), timeout=SETTLED), (
                    f"after {presses} at decision {decisions}: {terminal.differences()}"
                )
            decisions += 1
