"""The shell's line above the choices (issue 39, the screen skeleton; issue 27's compact
layout): at 80x24 a message comes first, whole, on its fixed lines and the decision's words
get what is left, cut with "…"; wider, the decision's words whole. Both games use it."""

from __future__ import annotations

from rich.text import Text
from textual.app import App, ComposeResult

from forum_trajanum.tui.decisiontitle import DecisionTitle

WORDS = Text(
    "Building step. Convert resources, build once on a cell marked on your Colonia, then end "
    "the turn."
)
NOTE = Text("Not now: that cell is taken by another structure.")


class _Host(App):
    def compose(self) -> ComposeResult:
        yield DecisionTitle(id="title")


async def test_compact_the_note_comes_first_whole_and_the_decision_gets_what_is_left():
    app = _Host()
    async with app.run_test(size=(60, 10)) as pilot:
        title = app.query_one(DecisionTitle)
        shown = title.show(WORDS, NOTE, lines=2)
        await pilot.pause()
        lines = shown.plain.splitlines()
        assert len(lines) == 2 and lines[0] == NOTE.plain  # the note whole, first
        assert lines[1].startswith("Building step.") and lines[1].endswith("…")
        assert len(lines[1]) <= 60


async def test_wider_the_decisions_words_are_shown_whole():
    app = _Host()
    async with app.run_test(size=(60, 10)) as pilot:
        title = app.query_one(DecisionTitle)
        shown = title.show(WORDS, NOTE)  # no fixed lines: the note is shown elsewhere
        await pilot.pause()
        assert shown.plain == WORDS.plain
        assert "…" not in str(title.render())


async def test_both_games_play_screens_show_their_decision_in_the_shells_line_and_panel():
    from forum_trajanum.core.session import GameSession
    from forum_trajanum.games.forum_trajanum.engine import GameOptions
    from forum_trajanum.games.trajan.engine.state import TrajanOptions
    from forum_trajanum.tui.app import ForumApp
    from forum_trajanum.tui.decisionpanel import DecisionPanel

    from .conftest import past_hold

    games = ((GameOptions(players=2), "forum-trajanum"), (TrajanOptions(players=2), "trajan"))
    for options, game in games:
        session = GameSession.new(7, options, ["Ann", "Bob"], ["", ""], autosave=False, game=game)
        app = ForumApp(bot_delay=0, session=session, choice_hold=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("enter")  # the hand-over
            await past_hold(pilot)
            title = app.screen.query_one("#decision-title")
            assert isinstance(title, DecisionTitle) and str(title.render()).strip(), game
            # the line is the shell's decision panel's, which holds the choices too
            panels = list(app.screen.query(DecisionPanel))
            assert len(panels) == 1 and panels[0].title_line is title, game
            assert panels[0].choice_list.option_count > 0, game
