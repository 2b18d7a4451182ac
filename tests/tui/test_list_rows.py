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


def _due(screen) -> int:
    """The rows the list is owed: eight, or every choice of a shorter list (the compact
    decision panel fits its list, and the board above gets the rows it leaves)."""
    return min(ROWS, screen.query_one("#decisions").option_count)


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
    shown (whole, on the line above the list), with the hint shown whole (h) and with its
    next best (h again): the Colonia keeps its six rows; then a digit drawn from ``rng``
    plays one of the first nine entries. Each failure says which of these broke."""
    pv = screen.data.view

    def rows(what: str) -> str:
        return f"fewer than {_due(screen)} rows ({_rows(screen)}) {what} at {pv.decision!r}:\n"

    def colonia(what: str) -> str:
        return f"the Colonia not whole {what} at {pv.decision!r}:\n"

    assert _rows(screen) >= _due(screen), rows("in the list") + screen_text(app)
    assert _colonia_whole(screen), colonia("beside the list") + screen_text(app)
    screen.say(MESSAGE)
    await pilot.pause()
    assert MESSAGE in _words(app), "the message not shown whole:\n" + screen_text(app)
    assert _rows(screen) >= _due(screen), rows("with a message") + screen_text(app)
    assert _colonia_whole(screen), colonia("with a message") + screen_text(app)
    await press_quickly(pilot, "h")
    assert await wait_for(pilot, lambda s=screen: _hint_words(s).startswith("Hint:")
                          and not _hints(s).hints.thinking), "no hint after h"  # fmt: skip
    assert MESSAGE not in _words(app), "h: the message did not give way to the hint"
    await pilot.pause()
    # one h: the hint whole below the list (issue 36: it was one line, h again for the rest)
    line = _hint_words(screen)
    hints = _hints(screen)
    assert line in _words(app), "h: the hint not shown whole:\n" + screen_text(app)
    assert hints.virtual_size.height <= hints.region.height, "the hint cut:\n" + screen_text(app)
    assert _rows(screen) >= _due(screen), rows("with the hint") + screen_text(app)
    assert _colonia_whole(screen), colonia("with the hint") + screen_text(app)
    if hints.has_next():
        await press_quickly(pilot, "h")  # the next best
        await pilot.pause()
        assert _hint_words(screen).startswith("Next best:"), "h again: no next best"
        assert _rows(screen) >= _due(screen), rows("with the next best") + screen_text(app)
        assert _colonia_whole(screen), colonia("with the next best") + screen_text(app)
    await press_quickly(pilot, "h")
    count = screen.query_one("#decisions").option_count
    await press_quickly(pilot, str(rng.randint(1, min(count, 9))))


async def test_one_h_shows_the_hint_whole_below_the_list_which_keeps_its_rows():
    # issue 36 (it was: one line first on the decision's lines, cut mid-word, h again for
    # the rest, the list down to 6-7 rows): one h shows all of it below the list in three
    # lines at most, the list keeping its eight rows and the Colonia its six
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
        assert not str(title.content).startswith("Hint:")
        assert 1 <= hint.region.height <= 3 and words in _words(app)  # all of it
        assert hint.virtual_size.height <= hint.region.height  # no line of it cut
        assert _rows(screen) >= _due(screen) and _colonia_whole(screen)
        await pilot.press("h")  # a setup choice's hint has no next best: h hides it
        await pilot.pause()
        assert not hint.region.height and "Hint:" not in _words(app)
        await pilot.press("h")
        await pilot.pause()
        assert 1 <= hint.region.height <= 3 and _rows(screen) >= _due(screen)  # kept: back at once
        assert words in _words(app)


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
        assert (
            rows - 1 <= _rows(screen) and _rows(screen) >= _due(screen) and _colonia_whole(screen)
        )
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
