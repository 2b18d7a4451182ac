"""What a seat's join window shows while another seat decides (issue 35, point 12): at
80x24, Forum Trajanum's window said only "Ann is choosing… / Ann is playing: draft
tiles……" over empty lines. Now who plays and what is said once (no doubled ellipsis), and
the last moves below, "Just now: …", as the local game and Trajan's join window show them.
Against a fake host sending a true game's state."""

from __future__ import annotations

import pytest

from forum_trajanum.net.client import RemoteSession
from forum_trajanum.net.join import JoinApp
from forum_trajanum.tui.gamescreens import GameScreen
from tests.net.hostile import FakeHost, game_messages, script_of
from tests.tui.conftest import screen_text
from tests.waiting import settled, wait_for


@pytest.mark.parametrize(("game", "deciding"), [("forum-trajanum", "Ann is playing: "),
                                                ("trajan", "Ann is deciding: ")])  # fmt: skip
async def test_a_waiting_seat_sees_who_plays_once_and_the_last_moves(game, deciding):
    welcome, state = game_messages(game, seat=1, actions=2)
    last = state["log"][-1]["text"]
    with FakeHost(script_of(welcome, state)) as host:
        session = await RemoteSession.connect(host.address)
        app = JoinApp(session, choice_hold=0.001)
        try:
            async with app.run_test(size=(80, 24)) as pilot:
                assert await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
                await settled(pilot)
                text = screen_text(app)
        finally:
            await session.aclose()
    assert text.count(deciding) == 1, text  # said once
    assert "is choosing" not in text and "……" not in text, text
    if game == "forum-trajanum":  # (Trajan's recap: the moves since the seat's own last)
        assert "Just now:" in text and f"Ann {last}"[:60] in text, text
