"""Trajan at 80x24: the list of choices has at least 8 rows on every decision (issue 27 item
9): one line per choice (the highlighted one, when cut, whole below the list), the "Meanwhile"
recap and the hint on one line each (h again shows the hint whole), and the action circle
above keeps all six trays in view. Along a whole game: ``eight_rows_with_a_message_and_the_hint``,
checked on the first :data:`ALONG` decisions of the game that ``test_tui_game.py`` plays by
keys (one game for both tests, each of them a game's worth of keys)."""

from __future__ import annotations

import pytest

from forum_trajanum.core.session import GameSession
from forum_trajanum.core.table import StandInBot
from forum_trajanum.games.trajan.engine.state import TrajanOptions
from forum_trajanum.games.trajan.ui.playscreen import TrajanScreen
from forum_trajanum.tui.app import ForumApp
from forum_trajanum.tui.keys import ENTRY_KEYS
from tests.trajan.choosing import waiting
from tests.tui.conftest import press_quickly, screen_text
from tests.waiting import wait_for

ROWS = 8
#: A message of two lines at 80 columns, in the words the app uses for one.
MESSAGE = (
    "Bot Bot failed (no choice in time); it plays the first choice of the list instead, and "
    "the game goes on."
)


def _words(app) -> str:
    return " ".join(screen_text(app).split())


def quick_hint(monkeypatch) -> None:
    """The hint's search takes seconds a decision: here the choices in their order with
    made-up points (the layout is tested, not the search)."""

    def hint(view, *args, **kwargs):
        return [(a, 90.0 - n) for n, a in enumerate(view.legal[:3])]

    monkeypatch.setattr("forum_trajanum.games.trajan.bots.hint", hint)


def _circle_essentials(app, screen, shown: str | None = None) -> None:
    """The circle panel at 80x24: the six trays, each [+2] marker beside its tray, and the
    hand, the display and the tiles in view, or the frame says there is more below (``shown``:
    the screen's text, when read already)."""
    from forum_trajanum.games.trajan import data as D

    shown = screen_text(app) if shown is None else shown
    assert "VI Construction" in shown  # all six trays in view
    seen = screen.data.view
    pl = seen.players[seen.viewer]  # the circle of the seat deciding (a hot-seat game: either)
    for t in range(6):
        assert (f"{D.ACTIONS[t]} [+2]" in shown) == bool(pl.plus2[t]), shown
    box = screen.query_one("#t-panel-box")
    essential = "Hand: " in shown and "Display: " in shown and "Tiles: " in shown
    line = next((r for r in shown.splitlines() if "Tiles: " in r), "")
    cut = box.max_scroll_y > box.scroll_y
    assert essential or "PgDn: more" in str(box.border_title), shown
    assert not cut or "PgDn: more" in str(box.border_title), shown
    assert line or "PgDn: more" in str(box.border_title), shown


@pytest.fixture(autouse=True)
def save_home(tmp_path, monkeypatch):
    monkeypatch.setenv("FORUM_TRAJANUM_HOME", str(tmp_path / "home"))
    monkeypatch.setattr("forum_trajanum.tui.keys.CHOICE_HOLD", 0.001)


def _app(seed: int) -> ForumApp:
    session = GameSession.new(
        seed, TrajanOptions(players=2), ["Ann", "Bot"], ["", "normal"], autosave=False,
        game="trajan",
    )  # fmt: skip
    return ForumApp(bot_delay=0, session=session, choice_hold=0.001,
                    bot_factory=lambda *_: StandInBot())  # fmt: skip


def _rows(screen) -> int:
    return screen.query_one("#decisions").region.height


def _due(screen) -> int:
    """The rows the list is owed: eight, or every choice of a shorter list (at 80 columns
    the decision panel fits its list, the panel above gets the rows it leaves)."""
    return min(ROWS, screen.query_one("#decisions").option_count)


#: Decisions of a whole game by keys checked along the way: ``test_tui_game.py`` plays them,
#: in the game it plays to its end.
ALONG = 80


async def eight_rows_with_a_message_and_the_hint(pilot, app, screen, rng) -> bool:
    """On the decision ``screen`` shows, the list has at least 8 rows (one line per choice: as
    many choices in view as rows), and so with a message shown (first on the decision's lines)
    and with the hint shown (h: one line, h again: whole); the circle panel keeps its six
    trays, [+2] markers, hand, display and tiles in view with either; then an entry key drawn
    from ``rng`` plays one of the first nine choices. Whether the circle panel was shown; each
    failure says which of these broke."""
    title = screen.data.view.title

    def rows(what: str) -> str:
        return f"fewer than {_due(screen)} rows ({_rows(screen)}) {what} at {title!r}:\n"

    assert _rows(screen) >= _due(screen), rows("in the list") + screen_text(app)
    lst = screen.query_one("#decisions")
    assert lst.option_count < ROWS or lst.scrollable_content_region.height >= ROWS, rows(
        "of choices in view"
    ) + screen_text(app)
    circle = screen.panel == "circle"
    if circle:
        _circle_essentials(app, screen)
    screen.say(MESSAGE)
    await pilot.pause()
    shown = screen_text(app)
    assert MESSAGE in " ".join(shown.split()), "the message not shown whole:\n" + shown
    assert _rows(screen) >= _due(screen), rows("with a message") + shown
    if screen.panel == "circle":
        _circle_essentials(app, screen, shown)
    note = screen.query_one("#t-hint")
    await press_quickly(pilot, "h")
    assert await wait_for(pilot, lambda n=note: "Hint" in str(n.render())), "no hint after h"
    await pilot.pause()
    # one h: the suggestion whole in three lines at most (issue 36: it was one line)
    assert note.region.height <= 3, "the hint over three lines:\n" + screen_text(app)
    assert note.virtual_size.height <= note.region.height, "the hint cut:\n" + screen_text(app)
    assert _rows(screen) >= _due(screen), rows("with the hint") + screen_text(app)
    if screen.panel == "circle":
        # the hint over three lines made the circle's box shorter: its frame says so once
        # the box has its new size (a frame or two later)
        box = screen.query_one("#t-panel-box")
        await wait_for(
            pilot, lambda: box.max_scroll_y <= box.scroll_y or "PgDn: more" in str(box.border_title)
        )
        _circle_essentials(app, screen)
    if len(screen.hints.hint[1]) > 1:
        await press_quickly(pilot, "h")  # the next best
        await pilot.pause()
        assert "Next best" in str(note.render()), "h again: no next best\n" + screen_text(app)
        assert _rows(screen) >= _due(screen), rows("with the next best") + screen_text(app)
    await press_quickly(pilot, "h")
    count = lst.option_count
    before = len(app.session.record.actions)
    await press_quickly(pilot, ENTRY_KEYS[rng.randrange(min(count, 9))])
    if waiting(screen):  # a choice that ends the turn waits for e (issue 36.5)
        await press_quickly(pilot, "e")
    await wait_for(pilot, lambda b=before: len(app.session.record.actions) > b)
    return circle


async def test_the_meanwhile_recap_and_the_hint_take_one_line_each():
    # the bot in seat 1 places its markers first (seat order, EN l.107), so Ann's first
    # screen has a recap of what happened meanwhile
    session = GameSession.new(
        7, TrajanOptions(players=2), ["Bot", "Ann"], ["normal", ""], autosave=False,
        game="trajan",
    )  # fmt: skip
    app = ForumApp(bot_delay=0, session=session, choice_hold=0.001,
                   bot_factory=lambda *_: StandInBot())  # fmt: skip
    async with app.run_test(size=(80, 24)) as pilot:
        assert await wait_for(pilot, lambda: isinstance(app.screen, TrajanScreen)
                              and app.screen.data.view.legal)  # fmt: skip
        screen = app.screen
        note = screen.query_one("#t-hint")
        assert "Meanwhile" in str(note.render()) and note.region.height == 1
        assert _rows(screen) >= _due(screen)
        await pilot.press("h")
        assert await wait_for(pilot, lambda: "Hint" in str(note.render()))
        await pilot.pause()
        # whole in three lines at most, the list keeping its rows (issue 36)
        assert 1 <= note.region.height <= 3 and _rows(screen) >= _due(screen)
        # a setup choice's hint is one choice with its reason (issue 38: it was three
        # figures, "about 90 VP", and no reason), so there is no next best page
        assert "two different colours in every tray" in str(note.render())
        await pilot.press("h")  # h again hides it: the recap's one line again
        await pilot.pause()
        assert note.region.height <= 1 and "Hint" not in str(note.render())


def test_the_hints_pages_at_80_columns_give_each_choice_its_reason_in_three_lines():
    # Issue 38: the suggestion and the next best, each with its reason; at 80x24 a page of
    # the hint has three lines below the list (HINT_LINES)
    import textwrap

    from forum_trajanum.games.trajan.bots.advice import Hint
    from forum_trajanum.games.trajan.engine.rules import apply, legal_actions, new_game
    from forum_trajanum.games.trajan.engine.view import view
    from forum_trajanum.games.trajan.ui.playscreen import HINT_LINES, hint_page

    state = new_game(7, TrajanOptions(players=2))
    while not (state.phase != "setup" and state.tasks[-1].kind == "source"):
        apply(state, legal_actions(state)[0])
    v = view(state, state.tasks[-1].player)
    first, second = v.legal[:2]
    found = Hint(
        first,
        ((first, 121.4), (second, 118.9)),
        reasons=("more from Trajan tiles (+4) and the senate (+2)", "more from points scored (+3)"),
        worlds=8,
    )
    for nexts, said in ((False, found.reasons[0]), (True, found.reasons[1])):
        page = str(hint_page(v, found, lambda a: "1) ", 79, nexts))
        assert said in page and len(textwrap.wrap(page, 79)) <= HINT_LINES, page


async def test_at_80x24_the_drawn_markers_entry_is_shown_once_and_whole():
    # QA at 80x24: the setup's first entry (the markers drawn for the other trays, where a
    # new list starts) was cut with "…" in the list and its words repeated in two lines
    # below it; now it is whole in its place, wrapped under its words, and nowhere else
    app = _app(7)
    async with app.run_test(size=(80, 24)) as pilot:
        assert await wait_for(pilot, lambda: isinstance(app.screen, TrajanScreen)
                              and app.screen.data.view.legal)  # fmt: skip
        screen = app.screen
        lst = screen.query_one("#decisions")
        assert await wait_for(pilot, lambda: lst.highlighted == 0)
        await pilot.pause()
        words = str(lst.get_option_at_index(0).prompt).split(" ", 1)[1]
        assert words.startswith("The drawn markers for every tray left: Seaport")
        assert len(words) > lst.scrollable_content_region.width  # longer than a row
        shown = _words(app)
        assert shown.count("The drawn markers") == 1, screen_text(app)
        assert f"1 {words}" in shown, screen_text(app)  # whole, in its place
        # each tray whole on a row: "Military G G", never "Military G" above "G"
        trays = words.split(": ", 1)[1].split(", ")
        rows = screen_text(app).splitlines()
        assert len(trays) == 6 and all(any(t in row for row in rows) for t in trays), trays
        assert _rows(screen) >= _due(screen)
        # the next entry highlighted: the first is back on its one line, cut
        await pilot.press("down")
        await pilot.pause()
        rows = screen_text(app).splitlines()
        first = next(row for row in rows if "The drawn markers" in row)
        assert first.rstrip().endswith("…") and _words(app).count("The drawn markers") == 1
        await pilot.press("up")
        await pilot.pause()
        assert f"1 {words}" in _words(app)
