"""The shell's decision panel (issue 39, point 3: the screen skeleton provides the decision
panel): the decision's words, the hint's line, the list and the message, with a game's own
parts among them and its panels below. That both games' play screens are built on it:
``tests/tui/test_decision_title.py``."""

from __future__ import annotations

from collections.abc import Iterator

from rich.text import Text
from textual.app import App, ComposeResult
from textual.widget import Widget
from textual.widgets import Static
from textual.widgets.option_list import Option

from forum_trajanum.tui.decisionpanel import DecisionPanel
from forum_trajanum.tui.hintline import HintLine

from .conftest import past_hold


class _Panel(DecisionPanel):
    """A game's panel with a line of its own between the list and the message."""

    def __init__(self, **options) -> None:
        super().__init__(**options)
        self.own = Static("own line", id="own")

    def parts(self) -> Iterator[Widget]:
        yield self.title_line
        yield self.choice_list
        yield self.own
        yield self.hint_line
        yield self.message_line


class _Host(App):
    def compose(self) -> ComposeResult:
        yield _Panel(id="panel", hint=HintLine(id="my-hint"), below=(Static("below", id="below"),))


async def test_a_game_orders_its_parts_and_its_panels_come_below_them():
    app = _Host()
    async with app.run_test(size=(60, 20)):
        panel = app.query_one(_Panel)
        ids = [child.id for child in panel.children]
        assert ids == ["decision-title", "decisions", "own", "my-hint", "message", "below"]
        assert panel.hint_line.id == "my-hint"


async def test_a_message_goes_below_the_list_or_first_on_the_decisions_lines():
    app = _Host()
    async with app.run_test(size=(60, 20)) as pilot:
        panel = app.query_one(_Panel)
        line = panel.message_line
        assert panel.show_message(Text("Not now."), on_title=False, keep_line=False)
        await pilot.pause()
        assert line.display and "Not now." in str(line.render())
        # the same message again: nothing changed
        assert not panel.show_message(Text("Not now."), on_title=False, keep_line=False)
        # the compact layout: the game shows it on the decision's lines, the line is hidden
        panel.show_message(Text("Taken back."), on_title=True, keep_line=True)
        await pilot.pause()
        assert str(panel.message) == "Taken back." and not line.display
        # no message: the line is hidden, unless it keeps its row
        panel.show_message("", on_title=False, keep_line=False)
        assert not line.display
        panel.show_message("", on_title=False, keep_line=True)
        assert line.display


async def test_a_key_names_its_entry_unless_the_list_is_held_after_a_choice():
    app = _Host()
    async with app.run_test(size=(60, 20)) as pilot:
        panel = app.query_one(_Panel)
        lst = panel.choice_list
        lst.add_options([Option("first", id="a"), Option("second", id="b")])
        await past_hold(pilot)
        assert panel.entry_at_key(2) == "b" and panel.entry_at_key(3) is None
        assert panel.entry_at_key(0) is None
        lst.highlighted = 1
        assert panel.highlighted_id() == "b"
        lst.hold(60)  # a choice was just made: keys choose nothing for a moment
        assert panel.entry_at_key(1) is None


def test_a_list_entry_made_before_is_taken_again_by_its_key():
    """Issue 39 point 6: both games take again the entries they showed before (an undo brings a
    decision's entries back; Textual measures and draws a new entry afresh), through the
    shell's panel."""
    panel = DecisionPanel()
    made: list[str] = []

    def make(words: str):
        def option() -> Option:
            made.append(words)
            return Option(Text(words), id=words)

        return option

    first = panel.kept_option(("a", "Build"), make("Build"))
    assert panel.kept_option(("a", "Build"), make("Build")) is first
    other = panel.kept_option(("b", "End"), make("End"))
    assert other is not first and made == ["Build", "End"]
