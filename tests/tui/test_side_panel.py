"""The play screen at 80x24 as a newcomer meets it: the cell under the cursor and its citizen
row in words, what the slide bar is worth, and every key of the key bar readable."""

from __future__ import annotations

import re

import pytest
from textual.geometry import Region

from forum_trajanum.core.session import GameSession
from forum_trajanum.games.forum_trajanum.data import CITIZEN_ABILITIES, ROW_TITLES
from forum_trajanum.games.forum_trajanum.engine import GameOptions
from forum_trajanum.games.forum_trajanum.ui.widgets import ColoniaGrid
from forum_trajanum.tui.app import ForumApp

from .conftest import past_hold, play_screen, screen_text, session_at


def _flat(text: str) -> str:
    """The words of a text whatever its line breaks."""
    return " ".join(text.split())


async def test_a_crane_corner_is_worded_before_its_colour_is_chosen_without_a_rows_ability():
    # the citizen row's ability has nothing to do with crane colours (QA at 80x24: the
    # Patrician's envoy rule beside the choice of a crane's colour); it is there afterwards
    session = GameSession.new(3, GameOptions(players=2), ["Ann", "Bob"], ["", ""])
    app = ForumApp(bot_delay=0, session=session, choice_hold=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await play_screen(pilot)
        words = _flat(str(screen.query_one("#cursor-cell").content))
        assert words == "A1: crane corner"  # its colour "to choose": the cranes' lines say it
        assert "unknown" not in words
        assert not any(ability in words for ability in CITIZEN_ABILITIES), words
        for _ in range(4):  # the four corners' colours: the next decision has the abilities
            await pilot.press("1")
            await past_hold(pilot)
        assert screen.data.view.decision != "setup_cranes"
        await pilot.press("c", "down")
        await pilot.pause()
        cell = screen.query_one("#colonia", ColoniaGrid).cursor
        words = _flat(str(screen.query_one("#cursor-cell").content))
        row = cell // 6
        assert f"{ROW_TITLES[row]}: {CITIZEN_ABILITIES[row]}" in words


async def test_a_crane_corners_colour_to_choose_is_said_once_on_screen():
    # QA at 80x24: "A1: crane corner, colour still to choose" above "Crane A1 to choose". Each
    # corner's "to choose" is said once, on its crane's line (at 80x24 all four in view); wider,
    # where those lines are below the side panel's view, the grid's "?" on each corner and the
    # decision's line say it
    session = GameSession.new(3, GameOptions(players=2), ["Ann", "Bob"], ["", ""])
    app = ForumApp(bot_delay=0, session=session, choice_hold=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await play_screen(pilot)
        text = screen_text(app)
        assert text.count("to choose") == 4, text
        for corner in ("A1", "F1", "A6", "F6"):
            assert f"Crane {corner} to choose" in text
        assert any(line.rstrip().endswith("│A1: crane corner") for line in text.splitlines())
        for size in ((120, 36), (160, 45)):
            await pilot.resize_terminal(*size)
            await pilot.pause()
            text = screen_text(app)
            assert _flat(str(screen.query_one("#cursor-cell").content)) == "A1: crane corner"
            assert "Choose the crane colour for corner A1" in _flat(text)
            assert text.count("to choose") <= 4, text


async def test_the_prestige_bars_worth_is_on_screen_whole_at_80x24():
    session = GameSession.new(3, GameOptions(players=2), ["Ann", "Bob"], ["", ""])
    app = ForumApp(bot_delay=0, session=session, choice_hold=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await play_screen(pilot)
        colonia = app.session.view_of(0).colonias[0]
        # the side panel scrolls where the Colonia leaves it few rows: its supply in view
        side, supply = screen.query_one("#colonia-side"), screen.query_one("#supply")
        side.scroll_to_widget(supply, animate=False, top=True)
        await pilot.pause()
        lines = screen_text(app).splitlines()
        # each phrase on one screen line, not cut by the panel's edge or its bottom
        assert any(line.rstrip().endswith(f"Trajan task: {colonia.trajan_card_value} VP")
                   for line in lines)  # fmt: skip
        assert any(line.rstrip().endswith("largest area: envoys") for line in lines)


async def test_the_key_bar_shows_the_legend_key_and_fits_80_columns():
    session = GameSession.new(3, GameOptions(players=2), ["Ann", "Bob"], ["", ""])
    app = ForumApp(bot_delay=0, session=session, choice_hold=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_screen(pilot)
        bar = screen_text(app).splitlines()[-1]
        # nothing cut off: the standard keys, then the game's own to the last
        assert "g Legend" in bar and "q Menu" in bar and bar.rstrip().endswith("s Save")
        assert "c Colonia" in screen_text(app)  # the panel keys: on the tabs line instead
        await pilot.press("g")
        await pilot.pause()
        assert "Colonia cells" in screen_text(app)  # the legend
        await pilot.resize_terminal(160, 45)
        await pilot.press("escape")
        await pilot.pause()
        bar = screen_text(app).splitlines()[-1]
        assert bar.startswith("↑↓ choices h Hint") and "c Colonia" in bar  # every key


def _side_lines(app, side) -> list[str]:
    """The lines of the screen where the words beside the Colonia are (their columns)."""
    region = side.scrollable_content_region  # neither its frame nor its scroll bar
    rows = screen_text(app).splitlines()[region.y : region.bottom]
    return [row[region.x : region.right].strip() for row in rows]


def _last_line(side) -> str:
    """The last line of the words beside the Colonia, as they wrap in their panel."""
    last = [w for w in side.children if w.display and w.id != "side-more"][-1]
    lines = [s.text.strip() for s in last.render_lines(Region(0, 0, *last.size))]
    return [line for line in lines if line][-1]


@pytest.mark.parametrize(
    ("decision", "size"),
    [
        ("draft", (80, 24)),
        ("build", (80, 24)),
        ("build", (120, 36)),
        ("build", (160, 45)),
    ],
)
async def test_the_side_panel_says_lines_are_below_and_pgdn_shows_them_to_its_last(decision, size):
    # QA at 80x24: the words beside the Colonia were cut at "Slide bar 0/8:" with nothing
    # to say so, and only a mouse wheel scrolled them (from 120x36 they stand below the
    # Colonia, cut as well); now their foot says how many lines are below and which key
    # shows them, and PgDn brings their last line, the choices staying as they were
    session = session_at(decision, seed=3)
    app = ForumApp(bot_delay=0, session=session, choice_hold=0)
    async with app.run_test(size=size) as pilot:
        screen = await play_screen(pilot)
        side, choices = screen.query_one("#colonia-side"), screen.query_one("#decisions")
        highlighted, actions = choices.highlighted, len(session.record.actions)
        last = _last_line(side)
        assert side.max_scroll_y > 0 and last not in _side_lines(app, side)
        assert any(re.fullmatch(r"↓ PgDn: \d+ more lines", row) for row in _side_lines(app, side))
        for _ in range(30):  # a page a key: some sixty lines at most
            if "↑ PgUp: back to the top" in _side_lines(app, side):
                break
            await pilot.press("pagedown")
            await pilot.pause()
        assert last in _side_lines(app, side), _side_lines(app, side)
        assert choices.highlighted == highlighted and screen.focused is choices
        assert len(session.record.actions) == actions  # nothing chosen
        if size == (80, 24):
            assert choices.region.height >= 8  # the list keeps its eight rows
        await pilot.press("pageup")
        await pilot.pause()
        assert any(row.startswith("↓ PgDn:") for row in _side_lines(app, side))


async def test_at_80x24_a_short_list_leaves_its_rows_to_the_words_beside_the_colonia():
    # a first-timer's first screen at 80x24: four crane colours under seven empty rows while
    # the words beside the Colonia were cut ("PgDn: 7 more lines", the slide bar's and the
    # Trajan task's words behind a key not yet known); the decision panel now fits its list,
    # the words get the rows, and the Colonia keeps its one-line cells (no jump between
    # decisions: the draft's long list takes the rows back)
    session = session_at("setup_cranes", seed=3)
    app = ForumApp(bot_delay=0, session=session, choice_hold=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await play_screen(pilot)
        side, choices = screen.query_one("#colonia-side"), screen.query_one("#decisions")
        grid = screen.query_one("#colonia", ColoniaGrid)
        assert choices.option_count == 4 and choices.region.height == 4
        assert side.max_scroll_y == 0, screen_text(app)  # every line of the words in view
        assert _last_line(side) in _side_lines(app, side)
        assert not any(row.startswith("↓ PgDn") for row in _side_lines(app, side))
        assert grid.form == (False, True)  # one-line cells, as with a long list
        blank = screen_text(app).splitlines()
        fourth = blank.index(next(r for r in blank if r.startswith("4 Corner A1")))
        assert fourth == len(blank) - 2  # the key bar right under the fourth choice


async def test_at_80x24_the_decision_panel_keeps_its_rows_as_the_cursor_moves():
    # the compact panel fits its list: a cut choice's whole words below it must not make it
    # grow and shrink (the board above jumping two rows) as the cursor passes over the list
    session = session_at("draft", seed=4, skip=1)
    app = ForumApp(bot_delay=0, session=session, choice_hold=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")  # the hand-over
        await past_hold(pilot)
        screen = app.screen
        panel, choices = screen.query_one("#p-decide"), screen.query_one("#decisions")
        grid = screen.query_one("#colonia", ColoniaGrid)
        regions = set()
        for n in range(choices.option_count):
            choices.highlighted = n
            await pilot.pause()
            regions.add((panel.region, grid.region, grid.form))
        assert len(regions) == 1, regions


@pytest.mark.parametrize(("size", "form"), [((80, 24), (False, True)), ((100, 30), (False, False))])
async def test_the_colonia_keeps_its_cells_size_whether_the_list_is_short_or_long(size, form):
    # the compact decision panel lends a short list's rows to the board: the Colonia draws for
    # the room it has without them (at 100x30 its panel's max-height kept part of them, and
    # the grid fell to one-line cells under four crane colours)
    for decision in ("setup_cranes", "draft"):
        session = session_at(decision, seed=3)
        app = ForumApp(bot_delay=0, session=session, choice_hold=0)
        async with app.run_test(size=size) as pilot:
            await pilot.press("enter")  # the hand-over
            await past_hold(pilot)
            grid = app.screen.query_one("#colonia", ColoniaGrid)
            assert grid.form == form, (decision, screen_text(app))


def test_the_slide_bars_worth_reads_as_what_the_bar_gives_and_fits_the_narrow_side():
    # A first-timer read "Slide bar 0/8:" and the two lines under it as facts of their own;
    # each now says it follows from the bar, and with an area bonus still fits the 24
    # columns of the narrow side panel (80x24)
    from forum_trajanum.games.forum_trajanum.ui.panels import side_supply_text

    session = GameSession.new(3, GameOptions(players=2), ["Ann", "Bob"], ["", ""])
    colonia = session.view_of(0).colonias[0].model_copy(update={"area_bonus": 3})
    lines = side_supply_text(colonia).plain.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("Slide bar"))
    assert lines[at + 1 : at + 3] == [
        "→ largest area: envoys+3",
        f"→ Trajan task: {colonia.trajan_card_value} VP",
    ]
    assert all(len(line) <= 24 for line in lines[at : at + 3])
