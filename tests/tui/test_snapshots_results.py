"""SVG snapshots of the scoring and game-over screens at 80x24, 120x36 and 160x45 (fixed
seeds). Update with ``pytest --snapshot-update``."""

from __future__ import annotations

import pytest

from forum_trajanum.core.session import GameSession
from forum_trajanum.games.forum_trajanum.engine import GameOptions
from forum_trajanum.games.forum_trajanum.ui.results import ScoringScreen
from forum_trajanum.tui.app import ForumApp
from tests.tui.conftest import busy

SIZES = [(80, 24), (120, 36), (160, 45)]


def _session(scorings: int | None) -> GameSession:
    """A 3-player game played by first legal actions: until ``scorings`` cycles are scored,
    or to its end (None)."""
    session = GameSession.new(12, GameOptions(players=3), ["Ann", "Bob", "Cai"], ["", "", ""])
    while not session.over and (scorings is None or len(session.state.scorings) < scorings):
        session.play(busy(session.view_of(session.decider).legal))
    return session


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_scoring_screen(snap_compare, size):
    session = _session(scorings=2)
    app = ForumApp(bot_delay=0, session=session, min_size=(80, 24))

    async def show_scoring(pilot) -> None:
        await pilot.pause()  # the hand-over screen first: the scoring screen goes on top
        app.push_screen(ScoringScreen(session.public_view(), 2, app.names(), app.score_history()))
        await pilot.pause()

    assert snap_compare(app, run_before=show_scoring, terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_game_over_screen(snap_compare, size):
    app = ForumApp(bot_delay=0, session=_session(None), min_size=(80, 24))
    assert snap_compare(app, terminal_size=size)


@pytest.mark.parametrize(
    ("tab", "size"),
    [(tab, size) for tab in ("2", "3") for size in SIZES],
    ids=[f"{name}-{w}x{h}" for name in ("points", "boards") for w, h in SIZES],
)
def test_game_over_points_and_boards(snap_compare, tab, size):
    app = ForumApp(bot_delay=0, session=_session(None), min_size=(80, 24))
    assert snap_compare(app, press=[tab], terminal_size=size)
