"""Privacy: the hand-over, draft and turn screens never show another player's secrets."""

from __future__ import annotations

import random
import re

from forum_trajanum.core.session import GameSession
from forum_trajanum.games.forum_trajanum.data import TILE_KINDS_PER_PLAYER
from forum_trajanum.games.forum_trajanum.engine.determinize import determinize
from forum_trajanum.games.forum_trajanum.engine.state import tile_kind
from forum_trajanum.games.forum_trajanum.ui.labels import tile_label
from forum_trajanum.games.forum_trajanum.ui.play import DraftScreen, TurnScreen, WatchScreen
from forum_trajanum.games.forum_trajanum.ui.playscreen import PlayScreen
from forum_trajanum.tui.app import ForumApp
from forum_trajanum.tui.screens import HandOverScreen
from tests.waiting import settled, wait_for

from .conftest import SIZE, first_legal_bot_factory, past_hold, screen_text, session_at

KIND_TAG = re.compile(r"\[(" + "|".join(sorted(set(TILE_KINDS_PER_PLAYER))) + r")\]")


def _secrets_of(session, seat: int) -> list[str]:
    """Labels of what ``seat`` alone knows: its river tile and the tiles in its hand."""
    pl = session.state.players[seat]
    tiles = [pl.river, pl.kept, pl.received, *(t for t, _ in pl.taken)]
    return [tile_label(tile_kind(t)) for t in tiles if t >= 0]


def _own_labels(session, seat: int) -> set[str]:
    return set(_secrets_of(session, seat))


async def test_hand_over_screen_shows_no_secret_of_anybody():
    session = session_at("draft", skip=1)  # the second player's draft, after the first's
    seat = session.decider
    app = ForumApp(bot_delay=0, session=session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HandOverScreen)
        text = screen_text(app)
        assert session.name(seat) in text
        assert "???" not in text and "River" not in text and "hidden" not in text
        assert not KIND_TAG.search(text)
        for other in range(2):
            for label in _secrets_of(session, other):
                assert label not in text


async def _assert_screen_keeps_secrets(app, session, screen_type):
    seat = session.decider
    other = 1 - seat
    assert isinstance(app.screen, screen_type)
    screen: PlayScreen = app.screen
    # The screen holds exactly the deciding player's own view, nothing more.
    assert screen.data.view == session.view_of(seat)
    theirs = screen.data.view.colonias[other]
    assert theirs.river == "" and theirs.taken == () and theirs.passed == ""
    text = screen_text(app)
    mine = _own_labels(session, seat)
    assert mine, "the deciding player sees at least the own river tile"
    for label in mine:
        assert label in text  # own secrets are shown
    for label in _secrets_of(session, other):
        if label not in mine:
            assert label not in text, f"{label} of the other player is on screen"


async def test_draft_screen_shows_only_the_own_secrets():
    session = session_at("draft", skip=1, seed=4)
    app = ForumApp(bot_delay=0, session=session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # the hand-over
        await _assert_screen_keeps_secrets(app, session, DraftScreen)
        count = len(app.session.record.actions)
        await past_hold(pilot)
        await pilot.press("enter")  # take a first tile: its front is now seen
        assert len(app.session.record.actions) == count + 1
        await _assert_screen_keeps_secrets(app, session, DraftScreen)


async def test_turn_screen_shows_only_the_own_secrets():
    session = session_at("use", seed=5)
    app = ForumApp(bot_delay=0, session=session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await _assert_screen_keeps_secrets(app, session, TurnScreen)


async def test_with_one_person_at_the_table_a_bots_turn_shows_only_what_that_person_knows():
    session = session_at("draft", bots=["", "easy"], seed=2)
    session.autosave = False
    # the bot's move shows for 2 s: long enough to be seen on a loaded machine
    app = ForumApp(bot_delay=2.0, session=session, bot_factory=first_legal_bot_factory)
    async with app.run_test(size=SIZE) as pilot:
        while not isinstance(app.screen, WatchScreen):  # the human plays until the bot's turn
            await past_hold(pilot)
            if app.session.decider == 0 and isinstance(app.screen, PlayScreen):
                await pilot.press("enter")
            else:
                await pilot.pause(0.05)
        pv = app.screen.data.view
        # the one person at the table keeps their own view (their river tile, their kept
        # tiles) while the bot plays; nothing hidden of the bot's is in it
        assert pv.viewer == 0 and pv.legal == ()
        assert pv == app.session.view_of(0)
        assert pv.colonias[1].river == "" and pv.colonias[1].taken == ()


async def test_with_two_people_at_the_table_a_bots_turn_shows_public_information_only():
    session = session_at("draft", bots=["", "easy", ""], seed=2, players=3)
    session.autosave = False
    app = ForumApp(bot_delay=2.0, session=session, bot_factory=first_legal_bot_factory)
    async with app.run_test(size=SIZE) as pilot:
        while not isinstance(app.screen, WatchScreen):  # the people play until the bot's turn
            await past_hold(pilot)
            if isinstance(app.screen, (PlayScreen, HandOverScreen)):
                await pilot.press("enter")
            else:
                await pilot.pause(0.05)
        pv = app.screen.data.view
        assert pv.viewer == -1 and pv.legal == ()
        assert all(c.river == "" and c.taken == () for c in pv.colonias)
        assert "River tile" not in screen_text(app)


def _world_like(session, seat: int, k: int):
    """A session in a world that ``seat`` cannot tell from ``session``'s: the other players'
    hidden tiles are dealt anew (:func:`determinize` keeps everything ``seat`` knows)."""
    world = determinize(session.view_of(seat), random.Random(k))
    return GameSession(
        record=session.record.model_copy(deep=True),
        state=world,
        log=list(session.log),
        autosave=False,
    )


async def _screens_until_hand_over(session) -> list[str]:
    """Play a hot-seat player's decisions at 80x24 by keys, reading every panel, until the
    hand-over screen: the texts that player (and anybody looking on) saw."""
    app = ForumApp(bot_delay=0, session=session, choice_hold=0)
    seen = []
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")  # the hand-over to the deciding player
        seat = app.session.decider
        while app.session.decider == seat:
            await settled(pilot)
            assert isinstance(app.screen, PlayScreen)
            for key in ("c", "f", "p", "l"):
                await pilot.press(key)
                await settled(pilot)  # each world's screen read once final
                seen.append(screen_text(app))
            count = len(app.session.record.actions)
            await pilot.press("1")  # the first choice
            assert await wait_for(pilot, lambda c=count: len(app.session.record.actions) > c)
        assert await wait_for(pilot, lambda: isinstance(app.screen, HandOverScreen))
        await settled(pilot)
        seen.append(screen_text(app))
    return seen


async def test_hot_seat_screens_at_80x24_are_the_same_in_worlds_the_player_cannot_tell_apart():
    session = session_at("draft", seed=4, skip=1)
    session.autosave = False
    seat = session.decider
    other = 1 - seat
    world = _world_like(session, seat, 1)
    theirs = [session.state.players[other], world.state.players[other]]
    assert (theirs[0].river, theirs[0].grid) != (theirs[1].river, theirs[1].grid)
    shown = await _screens_until_hand_over(session)
    assert len(shown) > 5
    assert shown == await _screens_until_hand_over(world)
