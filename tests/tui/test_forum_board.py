"""The Forum reads as a board (issue 19, item 6): where a colour area ends and a mosaic board
ends is drawn, the area bonuses and Trajan's Column are shown, and while an envoy is placed
the area the colour-area rule sends it to is lit and named in words (the engine's
``area_rule`` decides which)."""

from __future__ import annotations

from forum_trajanum.games.forum_trajanum.engine.forum import area_rule, geometry
from forum_trajanum.games.forum_trajanum.ui.forumgrid import (
    BOARD_EDGE,
    GAP_STYLE,
    RULE_BG,
    ForumGrid,
)
from forum_trajanum.tui.app import ForumApp

from .conftest import past_hold, screen_text, session_at


def style_at(text, offset: int) -> str:
    """The style of the character at ``offset`` of a rendered Text (its last span wins)."""
    found = str(text.style)
    for span in text.spans:
        if span.start <= offset < span.end:
            found = str(span.style)
    return found


def cell_offsets(lines: list[str], r: int, c: int) -> int:
    """Where cell (r, c)'s first character sits in the rendered text (3 per cell, after a
    header line and 3 characters of row number)."""
    return sum(len(line) + 1 for line in lines[: r + 1]) + 3 + 3 * c


async def test_the_forum_draws_where_each_colour_area_and_each_board_ends():
    session = session_at("envoy", seed=3)
    app = ForumApp(bot_delay=0, session=session, choice_hold=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await past_hold(pilot)
        grid = app.screen.query_one(ForumGrid)
        pv = grid.pv
        geo = geometry(pv.forum_faces, pv.forum_layout)
        text = grid.render()
        lines = text.plain.split("\n")
        assert lines[0][3 + 3 * 4] == BOARD_EDGE and lines[0][3 + 3 * 8] == BOARD_EDGE
        gaps = edges = 0
        for (r, c), cell in geo.index.items():
            left = geo.index.get((r, c - 1))
            at = cell_offsets(lines, r, c)
            if (r, c) in grid.legal or left is None:
                continue
            if c % 4 == 0:  # the first column of the next mosaic board
                assert text.plain[at] == BOARD_EDGE
                edges += 1
            elif geo.area_of[cell] < 0 or geo.area_of[cell] != geo.area_of[left]:
                assert style_at(text, at) == GAP_STYLE, (r, c)  # another area begins
                gaps += 1
            else:
                assert style_at(text, at) != GAP_STYLE, (r, c)  # the same area goes on
        assert gaps > 10 and edges >= 4  # the rest are marked ▸ (a choice)


async def test_the_started_area_the_rule_sends_the_envoy_to_is_lit_and_named():
    # seed 7's second envoy: a blue area at rows 1-2, columns 1-2 holds an envoy
    session = session_at("envoy", seed=7, skip=1)
    app = ForumApp(bot_delay=0, session=session, choice_hold=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await past_hold(pilot)
        grid = app.screen.query_one(ForumGrid)
        rule = area_rule(grid.pv)
        lit = {grid.pv.forum_coords[i] for area in rule.areas for i in area}
        assert lit and grid.rule == lit
        text = grid.render()
        lines = text.plain.split("\n")
        for r, c in lit:
            assert RULE_BG["B"] in style_at(text, cell_offsets(lines, r, c) + 1)
        words = " ".join(screen_text(app).split())
        assert "Colour-area rule: the lit area (rows 1-2, columns 1-2) is started" in words
        assert "Patrician I lets you open a new area instead" in words  # P1 has Patrician I


async def test_the_forum_panel_shows_the_area_bonuses_and_trajans_column():
    session = session_at("envoy", seed=7, skip=1)
    app = ForumApp(bot_delay=0, session=session, choice_hold=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await past_hold(pilot)
        # at 80x24 the list has 8 rows: the panel scrolls to its notes below the Forum
        app.screen.query_one("#p-forum").scroll_end(animate=False)
        await pilot.pause()
        words = " ".join(screen_text(app).split())
        assert "Area bonus (an area's last space): tribune · assistant · coin" in words
        assert "Trajan's Column 2 VP (1 in III) + active citizens per triumphal column" in words
        assert "beside it: ②" in words  # seat 2 finished the library track


async def test_with_no_area_of_its_colour_started_the_rule_says_any_space_of_it_will_do():
    session = session_at("envoy", seed=3)  # the first envoy of the game: nothing started
    app = ForumApp(bot_delay=0, session=session, choice_hold=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await past_hold(pilot)
        assert app.screen.query_one(ForumGrid).rule == frozenset()
        words = " ".join(screen_text(app).split())
        assert (
            "Colour-area rule: no blue (B) area is started and still has room: any free blue (B) "
            "space" in words
        )
