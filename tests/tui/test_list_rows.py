"""At 80x24 the decision list has at least 8 rows on every decision (issue 27 item 9): one
line per entry (a cut one whole below it), the decision in two lines at most, the hint on one
line (h again: all of it); the Colonia above in one-line cells keeps all six rows in view.
Along a whole game: ``eight_rows_with_a_message_and_the_hint``, checked on the first
:data:`ALONG` decisions of the game that ``test_full_game.py`` plays by keys (one game for both
tests, each of them a game's worth of keys)."""

from __future__ import annotations

from forum_trajanum.core.session import GameSession
from forum_trajanum.games.forum_trajanum.engine import GameOptions
from forum_trajanum.games.forum_trajanum.ui.widgets import ColoniaGrid
from forum_trajanum.tui.app import ForumApp
from forum_trajanum.tui.screens import HandOverScreen
from tests.waiting import wait_for

from .conftest import past_hold, press_quickly, screen_text

ROWS = 8
#: A message of two lines at 80 columns, in the words the app uses for one.
MESSAGE = (
    "Bot Bot failed (no choice in time); it plays the first choice of the list instead, and "
    "the game goes on."
)


def _words(app) -> str:
    return " ".join(screen_text(app).split())


def quick_hint(monkeypatch) -> None:
    """The hint's search is seconds a decision: here it is the last legal choice, with the
    words of a searched hint (the layout is tested, not the search: test_hint.py is)."""
    from forum_trajanum.games.forum_trajanum.bots import hint, legal_of

    def suggest(view, *args, **kwargs):
        legal = legal_of(view)
        top = tuple((a, 80.0 - n) for n, a in enumerate([legal[-1], *legal[:2]][:3]))
        return hint.Hint(legal[-1], top, worlds=8)

    monkeypatch.setattr(hint, "suggest", suggest)


def _hints(screen):
    return screen.query_one("#p-decide").hints


def _hint_words(screen) -> str:
    return " ".join(_hints(screen).line_text().plain.split())


def _rows(screen) -> int:
    return screen.query_one("#decisions").region.height


def _colonia_whole(screen) -> bool:
    """The Colonia panel, when shown, holds its header and its six rows."""
    grid = screen.query_one("#colonia", ColoniaGrid)
    if not grid.display or not grid.region.height:
        return True
    return grid.region.height >= len(grid.render().plain.splitlines()) == 7


#: Decisions of a whole game by keys checked along the way (the setup, drafts, builds, envoys,
#: payments, a scoring): ``test_full_game.py`` plays them, in the game it plays to its end.
ALONG = 120


async def eight_rows_with_a_message_and_the_hint(pilot, app, screen, rng) -> None:
    """On the decision ``screen`` shows, the list has at least 8 rows, and so with a message
    shown (whole, on the line above the list) and with the hint's line shown (h), and h again
    shows the hint whole: the Colonia keeps its six rows; then a digit drawn from ``rng``
    plays one of the first nine entries. Each failure says which of these broke."""
    pv = screen.data.view

    def rows(what: str) -> str:
        return f"fewer than {ROWS} rows ({_rows(screen)}) {what} at {pv.decision!r}:\n"

    def colonia(what: str) -> str:
        return f"the Colonia not whole {what} at {pv.decision!r}:\n"

    assert _rows(screen) >= ROWS, rows("in the list") + screen_text(app)
    assert _colonia_whole(screen), colonia("beside the list") + screen_text(app)
    screen.say(MESSAGE)
    await pilot.pause()
    assert MESSAGE in _words(app), "the message not shown whole:\n" + screen_text(app)
    assert _rows(screen) >= ROWS, rows("with a message") + screen_text(app)
    assert _colonia_whole(screen), colonia("with a message") + screen_text(app)
    await press_quickly(pilot, "h")
    assert await wait_for(pilot, lambda s=screen: _hint_words(s).startswith("Hint:")
                          and not _hints(s).hints.thinking), "no hint after h"  # fmt: skip
    assert MESSAGE not in _words(app), "h: the message did not give way to the hint"
    if _hints(screen).has_class("-more"):  # shown whole already (a group opened)
        await press_quickly(pilot, "h")
    await pilot.pause()
    line = _hint_words(screen)
    assert line[:60] in _words(app), "the hint's one line not shown:\n" + screen_text(app)
    assert _rows(screen) >= ROWS, rows("with the hint's line") + screen_text(app)
    assert _colonia_whole(screen), colonia("with the hint's line") + screen_text(app)
    await press_quickly(pilot, "h")  # all of it
    await pilot.pause()
    assert line in _words(app), "h again: the hint not shown whole:\n" + screen_text(app)
    assert _colonia_whole(screen), colonia("with the whole hint") + screen_text(app)
    await press_quickly(pilot, "h")
    count = screen.query_one("#decisions").option_count
    await press_quickly(pilot, str(rng.randint(1, min(count, 9))))


async def test_the_hint_takes_one_line_and_h_again_shows_it_whole():
    # its one line goes first on the decision's lines (the list keeps its eight rows); h
    # again shows it whole under the list, every word of it on screen
    session = GameSession.new(3, GameOptions(players=2), ["Ann", "Bob"], ["", ""])
    app = ForumApp(bot_delay=0, session=session, choice_hold=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await past_hold(pilot)
        screen = app.screen
        assert not isinstance(screen, HandOverScreen)
        hint = screen.query_one("#hint")
        await pilot.press("h")
        assert await wait_for(pilot, lambda: _hint_words(screen).startswith("Hint:") and
                              "thinking" not in _hint_words(screen))  # fmt: skip
        await pilot.pause()
        title = screen.query_one("#decision-title")
        words = _hint_words(screen)
        first = title.render_lines(title.region.reset_offset)[0].text
        assert first.startswith("Hint:") and first.rstrip().endswith("…")
        assert not hint.region.height and _rows(screen) >= ROWS
        assert _colonia_whole(screen)
        await pilot.press("h")
        await pilot.pause()
        assert hint.region.height > 1 and words in _words(app)  # all of it
        assert _colonia_whole(screen)
        await pilot.press("h")
        await pilot.pause()
        assert not hint.region.height and "Hint:" not in _words(app)  # hidden (h shows,
        # shows whole, hides, in turn)
        await pilot.press("h")
        await pilot.pause()
        assert not hint.region.height and _rows(screen) >= ROWS  # kept: back at once, on
        assert str(title.content).startswith("Hint:")  # its one line


async def test_a_message_shares_the_decisions_lines_and_the_board_keeps_its_rows():
    # a key with nothing to do says so: on the line above the list, the Colonia's six rows
    # and the list's eight stay in view
    session = GameSession.new(3, GameOptions(players=2), ["Ann", "Bob"], ["", ""])
    app = ForumApp(bot_delay=0, session=session, choice_hold=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await past_hold(pilot)
        screen = app.screen
        rows = _rows(screen)
        await pilot.press("e")  # no turn to end in the setup
        await pilot.pause()
        said = "There is no turn of yours to end now: the choices say what to decide."
        assert said in _words(app)
        assert str(screen.query_one("#decision-title").content).startswith(said)
        # the decision's one line and the message share its two: the list gives at most
        # the one line the message adds
        assert rows - 1 <= _rows(screen) and _rows(screen) >= ROWS and _colonia_whole(screen)
        await pilot.press("1")  # the next action clears it
        await pilot.pause()
        assert said not in _words(app)


def test_the_legend_explains_every_one_line_cell_form():
    # the tiny cells' short forms (ui.md: a short form forced by space has its legend)
    from rich.console import Console

    from forum_trajanum.games.forum_trajanum.data import TILE_KINDS_PER_PLAYER, TILE_LABELS
    from forum_trajanum.games.forum_trajanum.ui.help import legend
    from forum_trajanum.games.forum_trajanum.ui.widgets import TILE_TINY

    console = Console(width=200, record=True)
    console.print(legend())
    text = console.export_text()
    for kind in dict.fromkeys(TILE_KINDS_PER_PLAYER):
        line = next(line for line in text.splitlines() if f"({TILE_TINY[kind]})" in line)
        assert TILE_LABELS[kind] in line
    assert "cr B" in text
