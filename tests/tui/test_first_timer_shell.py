"""What first-timers met at 80x24 in the shell's screens (issue 36): the hint whole on one h
with the list keeping its eight rows (point 8), the scoring windows saying there is more and
which key shows it (point 9), the New game form (point 16), and the replay (point 15)."""

from __future__ import annotations

import pytest

from forum_trajanum.core.session import GameSession
from forum_trajanum.games.forum_trajanum.ui.hinting import HintPanel
from forum_trajanum.games.forum_trajanum.ui.labels import describe
from forum_trajanum.games.forum_trajanum.ui.playscreen import PlayScreen
from forum_trajanum.games.trajan.engine.state import TrajanOptions
from forum_trajanum.games.trajan.ui.choices import choice_words
from forum_trajanum.games.trajan.ui.playscreen import TrajanScreen
from forum_trajanum.tui.app import ForumApp, StandInBot
from tests.waiting import wait_for

from .conftest import screen_text, session_at

ROWS = 8  # README: "at 80x24 the list has at least eight rows"


def _flat(app) -> str:
    return " ".join(screen_text(app).replace("│", " ").split())


def _whole_in_view(widget) -> bool:
    """Whether all of a widget's lines are in its region (nothing cut below)."""
    return widget.region.height > 0 and widget.virtual_size.height <= widget.region.height


def _first_entry_in_view(lst) -> bool:
    return lst.scroll_y == 0


# --- point 8: the hint ----------------------------------------------------------------------


@pytest.mark.parametrize("decision", ["build", "draft"])
async def test_forum_one_h_shows_the_suggestion_its_figure_and_reason_whole_and_eight_rows(
    decision, monkeypatch
):
    from forum_trajanum.games.forum_trajanum.bots import hint as hint_module
    from forum_trajanum.games.forum_trajanum.bots.hint import Hint

    def quick(pv, *args, **kwargs):  # the layout is tested, not the search
        legal = list(pv.legal)
        top = tuple((a, 80.0 - n) for n, a in enumerate(legal[-1:-4:-1]))
        return Hint(legal[-1], top, worlds=8)

    monkeypatch.setattr(hint_module, "suggest", quick)
    session = session_at(decision, seed=4)
    session.autosave = False
    app = ForumApp(bot_delay=0, session=session, choice_hold=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")  # the hand-over
        assert await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen))
        screen = app.screen
        hints = screen.query_one("#hint", HintPanel)
        await pilot.press("h")
        assert await wait_for(pilot, lambda: hints.action() is not None and hints.display)
        await pilot.pause()
        shown = str(hints.content)
        pv = screen.data.view
        suggestion = describe(hints.action(), pv)
        assert suggestion in " ".join(shown.split()), shown  # the suggestion whole
        assert "About 80 points expected at the end of the game" in shown
        assert _whole_in_view(hints), screen_text(app)  # no line of it cut
        lst = screen.query_one("#decisions")
        assert lst.region.height >= ROWS, screen_text(app)
        assert "h: the next best" in shown
        await pilot.press("h")  # the next best, the list still eight rows
        assert await wait_for(pilot, lambda: "Next best:" in str(hints.content))
        await pilot.pause()
        assert "79" in str(hints.content) and _whole_in_view(hints)
        assert lst.region.height >= ROWS, screen_text(app)
        await pilot.press("h")  # hidden
        assert await wait_for(pilot, lambda: not hints.display)


async def test_trajan_one_h_shows_the_suggestion_and_its_figure_whole_and_eight_rows(
    monkeypatch,
):
    def quick(view, *args, **kwargs):
        return [(a, 90.0 - n) for n, a in enumerate(view.legal[:3])]

    monkeypatch.setattr("forum_trajanum.games.trajan.bots.hint", quick)
    session = GameSession.new(
        7, TrajanOptions(players=2), ["Ann", "Bot"], ["", "normal"], autosave=False,
        game="trajan",
    )  # fmt: skip
    app = ForumApp(
        bot_delay=0, session=session, choice_hold=0.001, bot_factory=lambda *_: StandInBot()
    )
    async with app.run_test(size=(80, 24)) as pilot:
        assert await wait_for(
            pilot, lambda: isinstance(app.screen, TrajanScreen) and app.screen.data.view.legal
        )
        screen = app.screen
        note = screen.query_one("#t-hint")
        lst = screen.query_one("#decisions")
        await pilot.press("h")
        assert await wait_for(pilot, lambda: "Hint:" in str(note.render()))
        await pilot.pause()
        shown = " ".join(str(note.render()).split())
        best = choice_words(screen.data.view, screen.data.view.legal[0])
        assert " ".join(best.split()) in shown and "about 90 VP" in shown, shown
        assert _whole_in_view(note), screen_text(app)
        assert lst.region.height >= ROWS and _first_entry_in_view(lst), screen_text(app)
        await pilot.press("h")  # the next best
        assert await wait_for(pilot, lambda: "Next best:" in str(note.render()))
        await pilot.pause()
        assert "about 89 VP" in str(note.render()) and _whole_in_view(note)
        assert lst.region.height >= ROWS and _first_entry_in_view(lst), screen_text(app)
        await pilot.press("h")  # hidden: the recap's line again
        assert await wait_for(pilot, lambda: "Hint" not in str(note.render()))
