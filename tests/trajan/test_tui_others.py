"""The other players' action circles on Trajan's screens (issue 28, point 1): ``o`` shows
them at 80x24 and the players panel from 120x36, with the plannable lines of one's own choice
of a source tray, and of their hand nothing but the count."""

from __future__ import annotations

import random

import pytest

from forum_trajanum.core.session import GameSession
from forum_trajanum.games.trajan.engine.state import TrajanOptions
from forum_trajanum.games.trajan.engine.view import determinize, view
from forum_trajanum.games.trajan.engine.words import markers
from forum_trajanum.games.trajan.ui.choices import choice_words
from forum_trajanum.games.trajan.ui.circles import OthersScreen, plan_lines
from forum_trajanum.games.trajan.ui.playscreen import TrajanScreen
from forum_trajanum.tui.app import ForumApp
from tests.tui.conftest import screen_text


@pytest.fixture(autouse=True)
def save_home(tmp_path, monkeypatch):
    monkeypatch.setenv("FORUM_TRAJANUM_HOME", str(tmp_path / "home"))
    monkeypatch.setattr("forum_trajanum.tui.keys.CHOICE_HOLD", 0.001)


def _session(seed: int, actions: int, players: int = 2) -> GameSession:
    """A hot-seat game after ``actions`` first-legal actions, then on to a seat's choice of
    a source tray."""
    names = ["Ann", "Bob", "Cleo"][:players]
    session = GameSession.new(
        seed, TrajanOptions(players=players), names, [""] * players, autosave=False, game="trajan"
    )
    for _ in range(actions):
        session.play(session.view_of(session.decider).legal[0])
    mover = session.decider
    while session.decider == mover or session.state.decision != "source":
        session.play(session.view_of(session.decider).legal[0])
    return session


async def _to_play_screen(app, pilot) -> None:
    await pilot.pause()
    while not isinstance(app.screen, TrajanScreen):  # the hand-over, the coach
        await pilot.press("enter")
        await pilot.pause()


async def _others_text(session: GameSession, size=(80, 24)) -> str:
    """The screen text of ``o`` (every page of it) for the deciding seat."""
    app = ForumApp(bot_delay=0, choice_hold=0.001, session=session)
    async with app.run_test(size=size) as pilot:
        await _to_play_screen(app, pilot)
        await pilot.press("o")
        await pilot.pause()
        assert isinstance(app.screen, OthersScreen)
        pages = [screen_text(app)]
        for _ in range(4):
            await pilot.press("pagedown")
            await pilot.pause()
            pages.append(screen_text(app))
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TrajanScreen), "Escape closes the circles"
    return "\n".join(pages)


def test_the_plannable_lines_of_a_circle_are_the_words_its_player_chooses_by():
    session = _session(4, 70)
    seat = session.decider
    other = 1 - seat
    own = session.view_of(seat)
    # the other player's lines, read from this seat's view, are their own choices' words
    # at the same table (from their own view, hand and all)
    table = session.state.clone()
    table.tasks[-1] = table.tasks[-1]._replace(player=other)
    table.__pydantic_private__["_legal"] = None  # the legal actions kept are the decider's
    theirs = view(table, other)
    assert plan_lines(own, other) == [choice_words(theirs, a) for a in theirs.legal]


async def test_o_at_80x24_shows_the_other_players_circle_with_its_plannable_lines():
    session = _session(4, 70)
    seat = session.decider
    other = 1 - seat
    v = session.view_of(seat)
    text = await _others_text(session)
    assert f"{session.name(other)}'s action circle" in text
    # the dialog lists only the others (the own circle's name stays on the panel's frame)
    assert f"{session.name(seat)}'s action circle (seat" not in text
    pl = v.players[other]
    for tray in range(6):
        if any(pl.trays[tray]):
            assert markers(pl.trays[tray]) in text
    lines = plan_lines(v, other)
    assert lines, "the other player has trays to take"
    for line in lines:
        assert line in text
    assert f"Hand: {len(pl.hand)} cards" in text


@pytest.mark.parametrize("seed", [2, 9])
async def test_o_shows_nothing_of_the_other_hand_but_its_count(seed):
    session = _session(seed, 60)
    seat = session.decider
    other = 1 - seat
    first = await _others_text(session)
    world = determinize(session.view_of(seat), random.Random(seed))
    assert world.players[seat].hand == session.state.players[seat].hand
    assert sorted(world.players[other].hand) != sorted(session.state.players[other].hand), (
        "the test needs a world where the other hand differs"
    )
    twin = _session(seed, 60)
    twin.state = world
    assert await _others_text(twin) == first


async def _players_text(session: GameSession, size) -> str:
    """The screen text of the players panel (every page of it) for the deciding seat."""
    app = ForumApp(bot_delay=0, choice_hold=0.001, session=session)
    async with app.run_test(size=size) as pilot:
        await _to_play_screen(app, pilot)
        await pilot.press("p")
        await pilot.pause()
        pages = [screen_text(app)]
        for _ in range(8):
            await pilot.press("pagedown")
            await pilot.pause()
            pages.append(screen_text(app))
    return "\n".join(pages)


@pytest.mark.parametrize("size", [(120, 36), (160, 45)], ids=str)
async def test_the_players_panel_of_a_wide_screen_shows_the_other_circles(size):
    session = _session(5, 50, players=3)
    seat = session.decider
    v = session.view_of(seat)
    text = await _players_text(session, size)
    for other in range(3):
        if other == seat:
            continue
        assert f"{session.name(other)}'s action circle" in text
        for line in plan_lines(v, other):
            # a long line wraps in the narrow box: its first words are on one line
            assert line.split(";")[0] in text
    assert f"{session.name(seat)}'s action circle (seat" not in text


def test_while_the_markers_are_placed_another_circle_has_no_plannable_lines():
    # R36: each seat places its markers unseen; its filled trays cannot be planned from
    session = GameSession.new(
        3, TrajanOptions(players=2), ["Ann", "Bob"], ["", ""], autosave=False, game="trajan"
    )
    first = session.decider
    while session.decider == first:
        session.play(session.view_of(first).legal[0])
    v = session.view_of(session.decider)
    assert any(c < 0 for tray in v.players[first].trays for c in tray), "trays hidden"
    assert plan_lines(v, first) == []
    # once every seat has placed, the lines come back
    while session.state.quarter <= 0:
        session.play(session.view_of(session.decider).legal[0])
    v = session.view_of(session.decider)
    assert plan_lines(v, 1 - session.decider)


async def test_the_players_panel_at_120x36_shows_nothing_of_the_other_hand_but_its_count():
    session = _session(9, 60)
    seat = session.decider
    other = 1 - seat
    first = await _players_text(session, (120, 36))
    world = determinize(session.view_of(seat), random.Random(9))
    assert sorted(world.players[other].hand) != sorted(session.state.players[other].hand)
    twin = _session(9, 60)
    twin.state = world
    assert await _players_text(twin, (120, 36)) == first
