"""The others' turns, readable whole at 80x24 without paging (issue 36.10: "Meanwhile:" was
always cut and the log panel showed 5-6 lines, so learning what the bots did took 11 and 18
keys): r opens a window of its own with every move since one's own last one."""

from __future__ import annotations

import pytest

from forum_trajanum.core.session import GameSession
from forum_trajanum.games.trajan.engine.state import TrajanOptions
from forum_trajanum.games.trajan.ui.recap import RecapScreen
from forum_trajanum.tui.app import ForumApp
from tests.trajan.choosing import past_the_hand_over
from tests.tui.conftest import first_legal_bot_factory, screen_text
from tests.waiting import wait_for


@pytest.fixture(autouse=True)
def save_home(tmp_path, monkeypatch):
    monkeypatch.setenv("FORUM_TRAJANUM_HOME", str(tmp_path / "home"))


def _after_two_bots(turns: int) -> GameSession:
    """Ann against two bots, at the start of her ``turns``-th turn (first choices)."""
    session = GameSession.new(
        4, TrajanOptions(players=3), ["Ann", "Cato", "Livia"], ["", "hard", "normal"],
        autosave=False, game="trajan",
    )  # fmt: skip
    seen = 0
    while True:
        state = session.state
        if session.decider == 0 and state.decision == "source":
            seen += 1
            if seen == turns:
                return session
        session.play(session.view_of(session.decider).legal[0])


@pytest.mark.parametrize("turns", [2, 5])
async def test_at_80x24_r_shows_every_move_of_the_others_since_ones_own_whole(turns):
    session = _after_two_bots(turns)
    app = ForumApp(bot_delay=0, session=session, choice_hold=0, bot_factory=first_legal_bot_factory)
    async with app.run_test(size=(80, 24)) as pilot:
        await past_the_hand_over(pilot)
        screen = app.screen
        recap = screen.data.recap
        assert len(recap) >= 4 and "Cato" in " ".join(recap) and "Livia" in " ".join(recap)
        note = str(screen.query_one("#t-hint").render())
        assert note.startswith("Meanwhile:")
        await pilot.press("r")
        assert await wait_for(pilot, lambda: isinstance(app.screen, RecapScreen))
        await pilot.pause()
        # the window's rows, inside its frame
        rows = [row.strip().strip("█") for row in screen_text(app).splitlines()]
        shown = " ".join(" ".join(rows).split())
        for line in recap + screen.data.scored:  # every move whole, the points first
            assert " ".join(line.split()) in shown, line
        box = app.screen.query_one("#recap-box")
        assert box.max_scroll_y == 0  # all of it in view: no paging
        await pilot.press("escape")
        assert await wait_for(pilot, lambda: app.screen is screen)
