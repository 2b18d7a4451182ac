"""Privacy on Trajan's rendered screen at 80x24 (issue 17: "the commodity hand is the only
secret besides face-down piles; test it on the rendered screen at 80×24").

Two worlds the deciding player cannot tell apart (the other player's hand, the face-down
cards, the demand and bonus tiles still hidden drawn again from that player's view) must give
the same screen text, panel by panel; and the hand-over screen between two people shows
nobody's hand."""

from __future__ import annotations

import random
import re

import pytest

from forum_trajanum.core.session import GameSession
from forum_trajanum.games.trajan import data as D
from forum_trajanum.games.trajan.engine.state import TrajanOptions
from forum_trajanum.games.trajan.engine.view import determinize
from forum_trajanum.games.trajan.ui.panels import PANEL_KEYS
from forum_trajanum.games.trajan.ui.playscreen import TrajanScreen
from forum_trajanum.tui.app import ForumApp
from forum_trajanum.tui.screens import HandOverScreen
from tests.tui.conftest import screen_text
from tests.waiting import settled


@pytest.fixture(autouse=True)
def save_home(tmp_path, monkeypatch):
    monkeypatch.setenv("FORUM_TRAJANUM_HOME", str(tmp_path / "home"))
    monkeypatch.setattr("forum_trajanum.tui.keys.CHOICE_HOLD", 0.001)


def _session(seed: int, actions: int) -> GameSession:
    """A 2-player hot-seat game after ``actions`` first-legal actions, then on to the next
    turn of a different seat than the one that just played."""
    session = GameSession.new(
        seed, TrajanOptions(players=2), ["Ann", "Bob"], ["", ""], autosave=False, game="trajan"
    )
    for _ in range(actions):
        session.play(session.view_of(session.decider).legal[0])
    mover = session.decider
    while session.decider == mover or session.state.decision != "source":
        session.play(session.view_of(session.decider).legal[0])
    return session


async def _panels(session: GameSession, pages: int = 0) -> dict[str, str]:
    """The deciding player's screen text for each panel, after the hand-over (and ``pages``
    pages further down each panel, one after the other)."""
    app = ForumApp(bot_delay=0, choice_hold=0.001, session=session)
    shown = {}
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        if isinstance(app.screen, HandOverScreen):
            await pilot.press("enter")
            await pilot.pause()
        while not isinstance(app.screen, TrajanScreen):  # the coach's explanations
            await pilot.press("enter")
            await pilot.pause()
        for panel, key in PANEL_KEYS.items():
            await pilot.press(key)
            await settled(pilot)  # each world's screen read once final (the log scrolled)
            shown[panel] = screen_text(app)
            for _ in range(pages):
                await pilot.press("pagedown")
                await settled(pilot)
                shown[panel] += "\n" + screen_text(app)
    return shown


@pytest.mark.parametrize("seed", [2, 9])
async def test_worlds_the_player_cannot_tell_apart_give_the_same_screen(seed):
    session = _session(seed, 60)
    seat = session.decider
    other = 1 - seat
    # a page down each panel too: at 80x24 the hand is below the six trays (PgDn)
    first = await _panels(session, pages=1)
    # another world: everything the deciding player cannot see drawn again from the view
    world = determinize(session.view_of(seat), random.Random(seed))
    assert world.players[seat].hand == session.state.players[seat].hand
    assert sorted(world.players[other].hand) != sorted(session.state.players[other].hand), (
        "the test needs a world where the other hand differs"
    )
    twin = _session(seed, 60)
    twin.state = world
    second = await _panels(twin, pages=1)
    for panel in PANEL_KEYS:
        assert first[panel] == second[panel], f"the {panel} panel tells the worlds apart"
    # and the own hand is on the circle panel, in words
    hand = {D.COMMODITIES[c] for c in session.state.players[seat].hand}
    assert all(word in first["circle"] for word in hand)


async def test_the_hand_over_screen_shows_no_hand():
    session = _session(4, 30)
    app = ForumApp(bot_delay=0, choice_hold=0.001, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HandOverScreen)
        text = screen_text(app)
        assert session.name(session.decider) in text
        for word in D.COMMODITIES:
            assert word not in text


def _placing_session(first_seat: list[str], other_stacks: bool) -> GameSession:
    """A 2-player hot-seat game at the second seat's marker decision (R36), after the first
    seat placed ``first_seat`` and the rest by default; ``other_stacks``: every Trajan stack
    in another order (other top tiles)."""
    session = GameSession.new(
        5, TrajanOptions(players=2), ["Ann", "Bob"], ["", ""], autosave=False, game="trajan"
    )
    for text in [*first_seat, "markers rest"]:
        session.play(text)
    if other_stacks:
        for stack in session.state.stacks:
            stack.insert(0, stack.pop())
    assert session.state.decision == "markers"
    return session


async def test_r36_the_marker_decision_shows_the_same_screen_whatever_the_stacks_and_first_trays():
    """EN l.107-109 (the markers before the Trajan tiles), R36: the second seat's marker
    decision, after the hand-over, reads the same on every panel at 80x24 whatever the
    Trajan stacks and however the first seat filled its trays; the board says the stacks are
    hidden until every seat has placed."""
    one = _placing_session([], other_stacks=False)
    two = _placing_session(["markers BB", "markers YY"], other_stacks=True)
    first = 1 - one.decider
    assert one.state.players[first].trays != two.state.players[first].trays
    assert [s[-1] for s in one.state.stacks] != [s[-1] for s in two.state.stacks]
    shown, other = await _panels(one, pages=3), await _panels(two, pages=3)
    for panel in PANEL_KEYS:
        assert shown[panel] == other[panel], f"the {panel} panel tells the worlds apart"
    board = " ".join(shown["board"].split())
    assert "hidden until every player has placed their markers" in board
    # the first seat's circle (below the players) shows its filled trays as hidden
    assert re.search(r"Seaport +hidden", shown["players"]), shown["players"]
    log = " ".join(shown["log"].split())
    assert f"{one.name(first)} placed their action markers (shown when everyone has)" in log
