"""The new-game form's "Random Forum boards" option, and the Forum drawn from the view."""

from __future__ import annotations

from forum_trajanum.games.forum_trajanum.engine.forum import printed_face
from forum_trajanum.games.forum_trajanum.ui.forumgrid import ForumGrid
from forum_trajanum.games.forum_trajanum.ui.widgets import EAGLE_GLYPH
from forum_trajanum.tui.app import ForumApp
from forum_trajanum.tui.coach import CoachScreen
from forum_trajanum.tui.screens import HandOverScreen
from tests.waiting import wait_for as _wait

from .conftest import SIZE, past_hold


async def test_random_forum_boards_from_the_form_are_drawn_cell_by_cell():
    app = ForumApp(bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")  # start menu: New game
        await pilot.click("#random-forum")
        await pilot.click("#seed")
        await pilot.press(*"5", "enter", "enter")  # on to the Start button, and Start
        state = app.session.state
        assert state.options.random_forum
        assert list(state.forum_faces) != [printed_face(b) for b in state.boards]
        assert isinstance(app.screen, HandOverScreen)
        await pilot.press("enter")
        # a first game: the coach explains the first decision (OK closes it)
        assert await _wait(pilot, lambda: isinstance(app.screen, CoachScreen))
        await past_hold(pilot)  # it ignores a too fast Enter, like the choices
        await pilot.press("enter")
        assert await _wait(pilot, lambda: app.screen.query(ForumGrid))
        lines = app.screen.query_one(ForumGrid).render().plain.splitlines()[1:]
        # expected letter per screen cell, straight from the state's faces and layout
        expected = {}
        for face, (br, bc) in zip(state.forum_faces, state.forum_layout, strict=True):
            for i, letter in enumerate(face):
                expected[(4 * br + i // 4, 4 * bc + i % 4)] = letter
        # 3 characters of row number, then 3 per cell: a legal mark, the letter (an eagle
        # drawn as a star), the envoy
        drawn = {
            (r, c): {EAGLE_GLYPH: "E"}.get(lines[r][3 + 3 * c + 1], lines[r][3 + 3 * c + 1])
            for r in range(len(lines))
            for c in range((len(lines[r]) - 3 + 1) // 3)
            if len(lines[r]) > 3 + 3 * c + 1 and lines[r][3 + 3 * c + 1] != " "
        }
        assert drawn == expected
