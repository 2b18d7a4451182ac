"""Small things of ``join`` (issue 35, point 17): an address given wrong is shown whole in
the message (``join http://127.0.0.1:8765/`` cut it and left a quote open); Trajan's final
chart in a join window keeps scores below 0 apart (``-11-9``), and its last line says what
Enter does there (it said "back to the menu": join has no menu)."""

from __future__ import annotations

from forum_trajanum.cli import main
from forum_trajanum.net.client import RemoteSession
from forum_trajanum.net.join import JoinApp
from tests.net.hostile import FakeHost, game_messages, script_of
from tests.tui.conftest import screen_text
from tests.waiting import settled, wait_for


def test_an_address_without_its_seat_is_shown_whole_in_the_message(capsys):
    assert main(["join", "http://127.0.0.1:8765/"]) == 1
    said = capsys.readouterr().err
    assert "'http://127.0.0.1:8765/' is not a seat's address" in said, said
    assert said.count("'") % 2 == 0, said  # no quote left open


async def test_trajans_final_ranking_in_a_join_window_keeps_scores_below_zero_apart():
    welcome, state = game_messages("trajan", seat=0, actions=-1)
    assert state["over"]
    for number, score in ((4, -11), (5, -9)):  # Ann's after rounds 5 and 6
        state["rounds"][number]["scores"][0] = score
    with FakeHost(script_of(welcome, state)) as host:
        session = await RemoteSession.connect(host.address)
        app = JoinApp(session, choice_hold=0.001)
        try:
            async with app.run_test(size=(80, 24)) as pilot:
                assert await wait_for(pilot, lambda: app._over_shown)
                await settled(pilot)
                app.screen.query_one("#o-box").scroll_end(animate=False)
                await settled(pilot)
                text = screen_text(app)
        finally:
            await session.aclose()
    ann = next(line for line in text.splitlines() if "1 Ann" in line)
    assert "-11-9" not in ann and "-9" in ann, ann
    assert "Enter: leave" in text and "menu" not in text, text


async def test_escape_in_a_join_window_says_q_leaves_the_game_not_that_it_goes_to_a_menu():
    from forum_trajanum.tui.coach import CoachScreen
    from forum_trajanum.tui.gamescreens import GameScreen

    welcome, state = game_messages("trajan", seat=0)
    with FakeHost(script_of(welcome, state)) as host:
        session = await RemoteSession.connect(host.address)
        app = JoinApp(session, choice_hold=0.001)
        try:
            async with app.run_test(size=(80, 24)) as pilot:
                assert await wait_for(
                    pilot, lambda: isinstance(app.screen, (GameScreen, CoachScreen))
                )
                if isinstance(app.screen, CoachScreen):
                    await pilot.press("escape")
                    assert await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
                await settled(pilot)
                await pilot.press("escape")
                words = lambda: " ".join(screen_text(app).split())  # noqa: E731
                assert await wait_for(pilot, lambda: "q: leave the game" in words()), words()
                assert "back to the menu" not in words()
        finally:
            await session.aclose()


async def test_a_message_from_the_host_as_the_window_closes_is_not_taken_for_a_malformed_one():
    # QA, two people over the network: leaving the final ranking as the host's last message
    # came printed "The host sent something this window cannot read (No screens on stack)":
    # the window's own closing was blamed on the host
    from textual.app import ScreenStackError

    welcome, state = game_messages("trajan", seat=0, actions=2)
    with FakeHost(script_of(welcome, state)) as host:
        session = await RemoteSession.connect(host.address)
        try:
            app = JoinApp(session, choice_hold=0.001)

            def closing(_callback):
                raise ScreenStackError("No screens on stack")

            app.call_from_thread = closing
            app._changed(session)  # the window's listener: raises nothing for the client
        finally:
            await session.aclose()
