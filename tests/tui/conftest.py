"""Fixtures for the terminal app tests: a private save directory and screen-text helpers."""

from __future__ import annotations

import pytest

from forum_trajanum.core.session import GameSession
from forum_trajanum.games.forum_trajanum.engine import GameOptions
from forum_trajanum.tui.compat import screen_strips

SIZE = (160, 50)


@pytest.fixture(autouse=True)
def save_home(tmp_path, monkeypatch):
    """Every test saves into its own temporary directory."""
    monkeypatch.setenv("FORUM_TRAJANUM_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


@pytest.fixture(autouse=True)
def quick_hold(request, monkeypatch):
    """The moment a new player's list ignores Enter (``CHOICE_HOLD``, 0.3 s) is near zero in
    flow tests: the tests marked ``real_hold`` (test_hold.py) keep it honest."""
    if request.node.get_closest_marker("real_hold") is None:
        monkeypatch.setattr("forum_trajanum.tui.keys.CHOICE_HOLD", 0.001)


def screen_text(app) -> str:
    """The text the active screen shows now (what a player can read)."""
    return "\n".join(strip.text for strip in screen_strips(app.screen))


def decision_line(app) -> str:
    """The words above the decision list (they wrap on screen, so tests read them here)."""
    return str(app.screen.query_one("#decision-title").content)


async def play_screen(pilot):
    """Forum Trajanum's play screen after the hand-over to the deciding player, its list
    taking keys (:func:`past_hold`)."""
    from forum_trajanum.games.forum_trajanum.ui.playscreen import PlayScreen

    await pilot.press("enter")  # the hand-over
    await past_hold(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, PlayScreen)
    return screen


async def past_hold(pilot) -> None:
    """Wait until the shown decision list (or the scoring screen) takes Enter: after a
    hand-over, a bot's turn or the end of a cycle it ignores Enter for a moment
    (``CHOICE_HOLD``), so that a double press chooses nothing. A screen just pushed is waited
    for until it is laid out (what a player sees first), and the screen until it has settled
    (``tests/waiting.settled``: a list takes keys from its first paint on)."""
    from forum_trajanum.tui.decisionlist import DecisionList
    from tests.waiting import settled

    while True:
        screen = pilot.app.screen
        if not screen.region:  # not laid out yet: its list has no rows (and no hold) yet
            await pilot.pause()
            continue
        lists = screen.query(DecisionList)
        if not getattr(screen, "held", False) and (not lists or not lists.first().held):
            await settled(pilot, pause=False)
            return
        await pilot.pause()


async def press_quickly(pilot, *keys: str) -> None:
    """Press keys like ``pilot.press`` with one idle wait a key, not two, and without waiting
    for a settled screen after each (a whole game is hundreds of keys): each key is handled,
    and what it started has run, before the next is pressed; the caller waits for what the
    screen must show."""
    for key in keys:
        pilot.app.simulate_key(key)
        await pilot.pause()


def first_legal_bot_factory(level: str, seed: int):
    """A stand-in bot for tests: always the first legal action of its own view."""
    from forum_trajanum.core.table import StandInBot

    return StandInBot()


def session_at(decision: str, seed: int = 1, players: int = 2, bots=None, skip: int = 0):
    """A 2-player session advanced (first legal actions) to the ``skip``-th ``decision``."""
    session = GameSession.new(
        seed, GameOptions(players=players), [f"P{i + 1}" for i in range(players)],
        bots or [""] * players, autosave=False,
    )  # fmt: skip
    seen = 0
    while True:
        if session.state.tasks and session.state.tasks[-1].kind == decision:
            if seen == skip:
                break
            seen += 1
        session.play(busy(session.view_of(session.decider).legal))
    session.autosave = True
    return session


def busy(legal: list):
    """The first legal action, but at a building step the first conversion or build rather
    than ending the turn (the engine lists ending the turn first, the choice that spends
    nothing): a game played by first choices then builds, as the screens' tests want."""
    if len(legal) > 1 and str(legal[0]) == "end":
        return legal[1]
    return legal[0]
