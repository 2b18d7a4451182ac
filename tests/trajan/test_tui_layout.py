"""Trajan's screen lays itself out again only when a box's words need another height
(trajan/screens.py ``_show``): along a game played by keys, every text on screen must have
exactly the height its words need (or its floor), never a cut or a stale blank line."""

from __future__ import annotations

import pytest
from textual.widgets import Static

from forum_trajanum.core.session import GameSession
from forum_trajanum.games.trajan.engine.state import TrajanOptions
from forum_trajanum.games.trajan.ui.playscreen import TrajanScreen
from forum_trajanum.tui.app import ForumApp
from tests.trajan.choosing import choose
from tests.waiting import wait_for


@pytest.fixture(autouse=True)
def save_home(tmp_path, monkeypatch):
    monkeypatch.setenv("FORUM_TRAJANUM_HOME", str(tmp_path / "home"))


def _misfits(screen) -> list[str]:
    """The shown texts whose height is not what their words need at their width."""
    wrong = []
    for widget in screen.query(Static):
        width = widget.content_size.width
        if not widget.display or not widget.id or not width or not widget.region.height:
            continue
        needed = widget.get_content_height(widget.size, screen.app.size, width)
        least = widget.styles.min_height
        floor = int(least.resolve(widget.size, screen.app.size)) if least is not None else 0
        fixed = widget.styles.height is not None and widget.styles.height.is_cells
        if not fixed and widget.content_size.height != max(needed, floor):
            wrong.append(f"#{widget.id}: {widget.content_size.height} lines for {needed}")
    return wrong


@pytest.mark.long
@pytest.mark.parametrize("size", [(160, 45), (120, 36), (80, 24)], ids=str)
async def test_every_box_has_the_height_its_words_need_after_each_move_and_undo(size, quick_idle):
    session = GameSession.new(
        4, TrajanOptions(players=2), ["Ann", "Bob"], ["", ""], autosave=False, game="trajan"
    )
    app = ForumApp(bot_delay=0, session=session, choice_hold=0)
    actions = session.record.actions
    async with app.run_test(size=size) as pilot:
        checked = 0
        while len(actions) < 30:
            if isinstance(app.screen, TrajanScreen):
                await pilot.pause()
                assert not _misfits(app.screen), (len(actions), _misfits(app.screen))
                checked += 1
                count = len(actions)
                # every third move is taken back and made again (an undo redraws too)
                await choose(pilot)
                assert await wait_for(pilot, lambda c=count: len(actions) > c)
                mine = isinstance(app.screen, TrajanScreen) and session.can_undo()
                if count % 3 == 0 and mine:
                    await pilot.press("u")
                    assert await wait_for(pilot, lambda c=count: len(actions) == c)
                    await pilot.pause()
                    assert not _misfits(app.screen)
                    await choose(pilot)
                    assert await wait_for(pilot, lambda c=count: len(actions) > c)
            else:  # a hand-over or a quarter's end: Enter goes on
                await pilot.press("enter")
                await pilot.pause()
        assert checked > 10
