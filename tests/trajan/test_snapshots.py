"""SVG snapshots of Trajan's main screens at 80x24 (compact), 120x36 (standard) and 160x45
(wide) (issue 17). Fixed seeds; update with ``pytest --snapshot-update`` after a deliberate
change of the look."""

from __future__ import annotations

import pytest

from forum_trajanum.core.session import GameSession
from forum_trajanum.games.trajan.engine.state import TrajanOptions
from forum_trajanum.games.trajan.ui.playscreen import TrajanScreen
from forum_trajanum.games.trajan.ui.results import QuarterScreen, TrajanOverScreen
from forum_trajanum.tui.app import ForumApp
from forum_trajanum.tui.coach import start_coach
from forum_trajanum.tui.screens import HandOverScreen

SIZES = pytest.mark.parametrize("size", [(80, 24), (120, 36), (160, 45)], ids=str)


@pytest.fixture(autouse=True)
def save_home(tmp_path, monkeypatch):
    monkeypatch.setenv("FORUM_TRAJANUM_HOME", str(tmp_path / "home"))


def _session(
    decision: str, skip: int = 0, players: int = 2, until_over=False, scorings: int = 0
) -> GameSession:
    """A hot-seat game (first legal actions) at the ``skip``-th ``decision`` after setup (or
    at its end, or as soon as ``scorings`` quarter scorings are complete)."""
    names = ["Ann", "Bob", "Cleo", "Dario"][:players]
    session = GameSession.new(
        3, TrajanOptions(players=players), names, [""] * players, autosave=False, game="trajan"
    )
    seen = 0
    while not session.over:
        state = session.state
        if scorings and session.rules.scorings(state) >= scorings:
            break
        if not until_over and state.quarter > 0 and state.decision == decision:
            if seen == skip:
                break
            seen += 1
        session.play(session.view_of(session.decider).legal[0])
    return session


def _app(session) -> ForumApp:
    return ForumApp(bot_delay=0, session=session, choice_hold=0)


def _setup() -> GameSession:
    """Ann's first decision: the markers of her first tray."""
    return GameSession.new(
        3, TrajanOptions(players=2), ["Ann", "Bob"], ["", ""], autosave=False, game="trajan"
    )


@SIZES
def test_the_first_tray_s_markers_a_colour_first(snap_compare, size):
    assert snap_compare(_app(_setup()), press=["enter"], terminal_size=size)


@pytest.mark.parametrize("size", [(80, 24), (120, 36)], ids=str)
def test_the_coach_at_the_first_decision(snap_compare, size):
    # the coach's two layouts: a strip along the top below 120x36, a box low on the screen
    session = _setup()
    start_coach(session.record, [0, 1])
    assert snap_compare(_app(session), press=["enter"], terminal_size=size)


def test_the_pairs_with_a_colour(snap_compare):
    assert snap_compare(_app(_setup()), press=["enter", "3"], terminal_size=(80, 24))


@SIZES
def test_choosing_a_tray(snap_compare, size):
    assert snap_compare(_app(_session("source", skip=9)), press=["enter"], terminal_size=size)


@SIZES
def test_sowing_a_marker(snap_compare, size):
    assert snap_compare(_app(_session("sow", skip=3)), press=["enter"], terminal_size=size)


@SIZES
def test_the_board_panel_during_an_action(snap_compare, size):
    session = _session("act", skip=12, players=3)
    assert snap_compare(_app(session), press=["enter", "b"], terminal_size=size)


def test_the_provinces_panel(snap_compare):
    session = _session("act", skip=20)
    assert snap_compare(_app(session), press=["enter", "m"], terminal_size=(80, 24))


def test_the_construction_district_panel(snap_compare):
    session = _session("act", skip=20)
    assert snap_compare(_app(session), press=["enter", "d"], terminal_size=(80, 24))


def test_the_players_panel(snap_compare):
    session = _session("act", skip=20, players=4)
    assert snap_compare(_app(session), press=["enter", "p"], terminal_size=(80, 24))


def _over_session() -> GameSession:
    return _session("", until_over=True)


@SIZES
def test_the_end_of_a_quarter(snap_compare, size):
    # one action before the second quarter's scoring is complete: the app shows it itself
    done = _session("", until_over=True, scorings=2)
    session = GameSession.new(
        3, TrajanOptions(players=2), ["Ann", "Bob"], ["", ""], autosave=False, game="trajan"
    )
    for text in done.record.actions[:-1]:
        session.play(session.rules.parse(text))
    last = done.record.actions[-1]

    async def show(pilot):
        app = pilot.app
        while not isinstance(app.screen, QuarterScreen):
            if isinstance(app.screen, HandOverScreen):
                await pilot.press("enter")
            elif isinstance(app.screen, TrajanScreen) and app.screen.data.view.legal:
                legal = [str(a) for a in app.screen.data.view.legal]
                await pilot.press(str(legal.index(last) + 1))
            await pilot.pause()

    assert snap_compare(_app(session), run_before=show, terminal_size=size)


@SIZES
def test_the_final_ranking(snap_compare, size):
    session = _over_session()

    async def show(pilot):
        s = session
        pilot.app.push_screen(
            TrajanOverScreen(s.public_view(), ["Ann", "Bob"], [r.scores for r in s.rounds])
        )
        await pilot.pause()

    assert snap_compare(_app(session), run_before=show, terminal_size=size)


@SIZES
def test_the_other_players_circles(snap_compare, size):
    session = _session("source", skip=9, players=3)
    assert snap_compare(_app(session), press=["enter", "o"], terminal_size=size)
