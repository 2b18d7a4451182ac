"""Enter on a board cell does what it says, and a board's cursor and the list's highlight name
the same choice (issue 27, points 6 and 7).

6. Enter on a Colonia cell with one choice takes it; with several it opens exactly those
   choices in the list, keyed from 1 (Escape goes back to the whole list and to the board);
   with no cell marked ▸, Enter on a board is the list's Enter.
7. Moving the list's highlight moves the board's cursor onto its choice's cell, and moving a
   board's cursor onto a cell with choices moves the highlight onto one of them: the Forum's
   while an envoy is placed, the Colonia's in a building step.
"""

from __future__ import annotations

import random

import pytest

from forum_trajanum.games.forum_trajanum.engine import parse
from forum_trajanum.games.forum_trajanum.ui.decisions import cell_at
from forum_trajanum.games.forum_trajanum.ui.entries import group_of
from forum_trajanum.games.forum_trajanum.ui.forumgrid import ForumGrid
from forum_trajanum.games.forum_trajanum.ui.labels import action_cells, forum_cell
from forum_trajanum.games.forum_trajanum.ui.playscreen import PlayScreen
from forum_trajanum.games.forum_trajanum.ui.widgets import ColoniaGrid
from forum_trajanum.tui.app import ForumApp
from forum_trajanum.tui.grouping import BACK_ID, GROUP_ID
from forum_trajanum.tui.keys import ENTRY_KEYS

from .conftest import decision_line, past_hold, screen_text, session_at


def _list(app):
    return app.screen.query_one("#decisions")


def _ids(app) -> list[str]:
    lst = _list(app)
    return [lst.get_option_at_index(i).id for i in range(lst.option_count)]


def _highlighted(app) -> str:
    lst = _list(app)
    return lst.get_option_at_index(lst.highlighted).id


async def _started(session, pilot) -> None:
    await pilot.press("enter")  # the hand-over
    await past_hold(pilot)


def _app(decision: str, seed: int) -> ForumApp:
    session = session_at(decision, seed=seed)
    session.autosave = False
    return ForumApp(bot_delay=0, session=session, choice_hold=0)


def _cursor_on_the_highlight(app) -> None:
    """The highlighted entry, when it is about a board cell, has that board's cursor on it
    (list -> cursor)."""
    action = parse(_highlighted(app)) if _highlighted(app) in app.screen.by_text else None
    if action is None:
        return
    spot = forum_cell(action)
    if spot is not None:
        assert app.screen.query_one(ForumGrid).cursor == spot, _highlighted(app)
    elif action_cells(action):
        cursor = cell_at(app.screen.query_one("#colonia", ColoniaGrid).cursor)
        assert cursor in action_cells(action), (_highlighted(app), cursor)


def _highlight_on_the_cursor(app) -> None:
    """The board cursor in focus on a cell with choices has one of them highlighted (cursor
    -> list; a cursor on a cell without choices names none, and the highlight stays)."""
    screen = app.screen
    if isinstance(app.focused, ForumGrid):
        action = screen.by_forum.get(app.focused.cursor)
        actions = [action] if action is not None else []
    elif isinstance(app.focused, ColoniaGrid):
        actions = screen.by_cell.get(cell_at(app.focused.cursor), [])
    else:
        return
    # a choice kept behind a group's entry (a tribune take in the draft): that entry
    on_cell = {str(a) for a in actions} | {GROUP_ID + group_of(a) for a in actions if group_of(a)}
    if on_cell:
        assert _highlighted(app) in on_cell, (_highlighted(app), on_cell)


ARROWS = ("up", "down", "left", "right")


# --- point 6: Enter on a cell ------------------------------------------------------------


async def test_enter_on_a_cell_with_several_choices_opens_exactly_those_keyed_from_1():
    app = _app("build", seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await _started(app.session, pilot)
        screen = app.screen
        everything = _ids(app)
        cell = max(screen.by_cell, key=lambda c: len(screen.by_cell[c]))
        on_cell = [str(a) for a in screen.by_cell[cell]]
        assert len(on_cell) > 1
        grid = screen.query_one("#colonia", ColoniaGrid)
        grid.place_cursor(cell)
        grid.focus()
        count = len(app.session.record.actions)
        await pilot.press("enter")
        await pilot.pause()
        assert len(app.session.record.actions) == count  # nothing played
        assert _ids(app) == [*on_cell, BACK_ID]  # the cell's choices, nothing else
        assert app.focused is _list(app)
        assert _highlighted(app) == on_cell[0]
        assert f"The choices on {cell}: Escape goes back." in decision_line(app)
        assert "in the list (highlighted)" not in screen_text(app)
        await pilot.press("escape")  # back to the whole list, and to the board
        await pilot.pause()
        assert _ids(app) == everything
        assert app.focused is grid
        assert _highlighted(app) in on_cell
        await pilot.press("enter")  # again, and its second choice by its key
        await pilot.pause()
        await pilot.press(ENTRY_KEYS[1])
        await pilot.pause()
        assert app.session.record.actions[count] == on_cell[1]


async def test_enter_on_a_cell_with_one_choice_takes_it():
    app = _app("draft", seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await _started(app.session, pilot)
        screen = app.screen
        # a street's own tile (a tribune take off the streets is asked apart)
        plain = {c: [a for a in acts if not a.tribune] for c, acts in screen.by_cell.items()}
        cell, (action,) = next((c, a) for c, a in plain.items() if len(a) == 1)
        grid = screen.query_one("#colonia", ColoniaGrid)
        grid.place_cursor(cell)
        grid.focus()
        count = len(app.session.record.actions)
        await pilot.press("enter")
        await pilot.pause()
        assert app.session.record.actions[count:] == [str(action)]


@pytest.mark.parametrize("board", ["#colonia", "#forum"])
async def test_enter_on_a_board_without_a_marked_cell_is_the_lists_enter(board):
    app = _app("use", seed=1)
    async with app.run_test(size=(120, 36)) as pilot:
        await _started(app.session, pilot)
        screen = app.screen
        assert not screen.by_cell and not screen.by_forum  # no ▸ anywhere
        await pilot.press("down")  # the list's second entry
        chosen = _highlighted(app)
        screen.query_one(board).focus()
        count = len(app.session.record.actions)
        await pilot.press("enter")
        await pilot.pause()
        assert app.session.record.actions[count:] == [chosen]
        assert "Nothing to do" not in screen_text(app)


async def test_enter_on_an_unmarked_cell_while_others_are_marked_says_so_and_plays_nothing():
    app = _app("build", seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await _started(app.session, pilot)
        screen = app.screen
        empty = next(cell_at(i) for i in range(36) if cell_at(i) not in screen.by_cell)
        grid = screen.query_one("#colonia", ColoniaGrid)
        grid.place_cursor(empty)
        grid.focus()
        count = len(app.session.record.actions)
        await pilot.press("enter")
        await pilot.pause()
        assert len(app.session.record.actions) == count
        assert f"Nothing to do on {empty} now" in " ".join(screen_text(app).split())


# --- point 7: the cursor and the highlight ---------------------------------------------


async def test_the_forum_cursor_follows_the_list_and_the_list_follows_the_cursor():
    app = _app("envoy", seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await _started(app.session, pilot)
        screen = app.screen
        forum = screen.query_one(ForumGrid)
        _cursor_on_the_highlight(app)
        for _ in range(len(_ids(app))):  # down the list: the cursor goes along
            await pilot.press("down")
            _cursor_on_the_highlight(app)
        await pilot.press("f")  # the Forum in focus: its arrows move the highlight
        assert app.focused is forum
        moved_onto_choices = 0
        for key in ["right", "down", "left", "down", "right", "right", "up"] * 4:
            await pilot.press(key)
            action = screen.by_forum.get(forum.cursor)
            if action is not None:
                moved_onto_choices += 1
                assert _highlighted(app) == str(action)
        assert moved_onto_choices


async def test_the_colonia_cursor_and_the_highlight_name_the_same_choice_both_ways():
    app = _app("build", seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await _started(app.session, pilot)
        screen = app.screen
        grid = screen.query_one("#colonia", ColoniaGrid)
        _cursor_on_the_highlight(app)
        for _ in range(len(_ids(app))):
            await pilot.press("down")
            _cursor_on_the_highlight(app)
        await pilot.press("c")
        assert app.focused is grid
        start, visited = cell_at(grid.cursor), set()
        # on to another cell with choices (the list's last entry left the cursor on one)
        other = next(i for i in range(36) if cell_at(i) in screen.by_cell and i != grid.cursor)
        rows, cols = other // 6 - grid.cursor // 6, other % 6 - grid.cursor % 6
        path = ["down" if rows > 0 else "up"] * abs(rows)
        path += ["right" if cols > 0 else "left"] * abs(cols)
        for key in path:
            await pilot.press(key)
            cell = cell_at(grid.cursor)
            if cell in screen.by_cell:
                visited.add(cell)
                assert _highlighted(app) in {str(a) for a in screen.by_cell[cell]}
        assert visited - {start}  # another cell's choices were reached


@pytest.mark.long
@pytest.mark.usefixtures("quick_idle")
async def test_cursor_and_highlight_agree_along_a_game_played_by_keys():
    rng = random.Random(4)
    session = session_at("draft", seed=4)
    session.autosave = False
    app = ForumApp(bot_delay=0, session=session, choice_hold=0)
    keys = ["up", "down", "left", "right", "c", "f", "tab", "down", "up"]
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(30):
            await past_hold(pilot)
            if not isinstance(app.screen, PlayScreen) or not app.screen.data.view.legal:
                await pilot.press("enter")  # a hand-over, a scoring
                continue
            for key in rng.sample(keys, 4):
                focused = app.focused
                await pilot.press(key)
                if focused is not app.focused or key not in ARROWS:
                    continue
                if focused is _list(app):  # the list's highlight moved: the cursor follows
                    _cursor_on_the_highlight(app)
                else:  # a board's cursor moved: the highlight follows
                    _highlight_on_the_cursor(app)
            await pilot.press("escape")  # out of a cell's choices, if any are open
            count = _list(app).option_count
            await pilot.press(ENTRY_KEYS[rng.randrange(min(count, len(ENTRY_KEYS)))])
            await pilot.pause()
            if isinstance(app.screen, PlayScreen) and app.screen.data.view.legal:
                _cursor_on_the_highlight(app)
