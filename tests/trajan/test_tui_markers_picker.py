"""The setup's markers at 80x24, picked as the box's are, one colour then the other (a
newcomer met 21 colour pairs in one list for the first tray), and the drawn default's trays
each whole on a row (it broke "Military G / G" across two rows). EN l.107: two markers of
the player's twelve into each tray; R33: the drawn default for the trays left."""

from __future__ import annotations

import pytest
from rich.console import Console
from rich.text import Text

from forum_trajanum.core.session import GameSession
from forum_trajanum.games.trajan import data as D
from forum_trajanum.games.trajan.engine import rules
from forum_trajanum.games.trajan.engine.state import TrajanOptions
from forum_trajanum.games.trajan.engine.view import view
from forum_trajanum.games.trajan.ui.choices import COLOUR_GROUP, list_entries
from forum_trajanum.games.trajan.ui.playscreen import TrajanScreen
from forum_trajanum.tui.app import ForumApp
from forum_trajanum.tui.grouping import BACK_ID, GROUP_ID
from forum_trajanum.tui.screens import HandOverScreen
from forum_trajanum.tui.textlines import wrap_items
from tests.tui.conftest import screen_text
from tests.waiting import wait_for


@pytest.fixture(autouse=True)
def save_home(tmp_path, monkeypatch):
    monkeypatch.setenv("FORUM_TRAJANUM_HOME", str(tmp_path / "home"))


def _hot_seat(seed: int) -> tuple[GameSession, ForumApp]:
    """Ann and Bob at one keyboard, at the start of a game."""
    session = GameSession.new(
        seed, TrajanOptions(players=2), ["Ann", "Bob"], ["", ""], autosave=False, game="trajan"
    )
    return session, ForumApp(bot_delay=0, session=session, choice_hold=0)


async def _first_decision(app, pilot) -> None:
    """Past the hand-over to Ann's first decision: her first tray's markers."""
    assert await wait_for(pilot, lambda: isinstance(app.screen, HandOverScreen))
    await pilot.press("enter")
    assert await wait_for(pilot, lambda: isinstance(app.screen, TrajanScreen))


def _colours(action) -> set[int]:
    return set(divmod(action.pair, D.NUM_COLOURS))


def test_the_first_tray_offers_the_drawn_default_and_a_group_for_each_colour():
    state = rules.new_game(3, TrajanOptions(players=2))
    v = view(state, state.tasks[-1].player)
    legal = rules.legal_actions(state)
    top = list_entries(v, legal, None)
    assert top[0][0] == str(legal[0]) and legal[0].pair < 0  # the default first, one key
    groups = [i.removeprefix(GROUP_ID) for i, _ in top[1:]]
    assert groups == [f"{COLOUR_GROUP}{c}" for c in range(D.NUM_COLOURS)]
    for c, name in enumerate(groups):
        inside = list_entries(v, legal, name)
        assert inside[-1][0] == BACK_ID
        pairs = [a for a in legal if str(a) in {i for i, _ in inside[:-1]}]
        # every pair with this colour, and only those: blue with blue, with yellow, ...
        assert pairs == [a for a in legal if a.pair >= 0 and c in _colours(a)]
        assert len(pairs) == D.NUM_COLOURS  # two markers of each colour: every partner
        assert top[c + 1][1].lower().startswith(D.COLOURS[c])


def test_a_colour_with_no_marker_left_has_no_group_and_a_short_list_is_flat():
    state = rules.new_game(3, TrajanOptions(players=2))
    seat = state.tasks[-1].player
    blue_blue = next(a for a in rules.legal_actions(state) if a.pair == 0)
    rules.apply(state, blue_blue)  # both blue markers in the Seaport tray
    v = view(state, seat)
    legal = rules.legal_actions(state)
    names = [i for i, _ in list_entries(v, legal, None) if i.startswith(GROUP_ID)]
    assert f"{GROUP_ID}{COLOUR_GROUP}0" not in names and len(names) == D.NUM_COLOURS - 1
    while len([a for a in rules.legal_actions(state) if a.pair >= 0]) > 9:
        rules.apply(state, rules.legal_actions(state)[1])
        assert state.tasks[-1].player == seat
    legal = rules.legal_actions(state)
    top = list_entries(view(state, seat), legal, None)
    assert [i for i, _ in top] == [str(a) for a in legal]  # few pairs: one list, no groups


def test_a_short_item_of_a_list_is_never_broken_across_rows():
    console = Console(width=200)
    items = ["Seaport B B", "Forum Y O", "Military G G", "Senate O W", "Trajan P W"]
    text = Text("The drawn markers for every tray left: " + ", ".join(items))
    for width in (30, 42, 60, 74, 90):
        lines = [line.plain.rstrip() for line in wrap_items(text, console, width)]
        assert " ".join(lines) == text.plain and all(len(line) <= width for line in lines)
        assert all(any(item in line for line in lines) for item in items), lines
    # a row too narrow for an item: it is broken at words, as any text
    narrow = [line.plain for line in wrap_items(text, console, 8)]
    assert narrow == [line.plain for line in text.wrap(console, 8)]
    # words around the items wrap as before; a long item is broken at words
    prose = Text("Leader to Alpes, taking its extra action: Construction (no VP now; a later VP)")
    lines = [line.plain.rstrip() for line in wrap_items(prose, console, 30)]
    assert lines[0].startswith("Leader to Alpes, taking its")  # the 4-word item: broken


async def test_at_80x24_a_tray_is_filled_by_keys_a_colour_then_its_pair():
    session, app = _hot_seat(7)
    async with app.run_test(size=(80, 24)) as pilot:
        await _first_decision(app, pilot)
        lst = app.screen.query_one("#decisions")
        assert await wait_for(pilot, lambda: lst.option_count == 1 + D.NUM_COLOURS)
        shown = screen_text(app)
        assert "1 The drawn markers for every tray left: Seaport" in shown
        assert "3 Yellow (Y) and a second marker… (6 ways)" in shown
        assert lst.region.height >= lst.option_count + 1  # the default's two rows: all in view
        await pilot.press("3")  # yellow: its six pairs and the way back
        assert await wait_for(pilot, lambda: lst.option_count == D.NUM_COLOURS + 1)
        shown = screen_text(app)
        assert "Seaport tray: blue (B) and yellow (Y)" in shown
        assert "Seaport tray: yellow (Y) and white (W)" in shown and "Back" in shown
        await pilot.press("escape")  # back to the colours, nothing chosen
        assert await wait_for(pilot, lambda: lst.option_count == 1 + D.NUM_COLOURS)
        assert session.record.actions == []
        await pilot.press("3", "2")  # yellow, then yellow again
        assert await wait_for(pilot, lambda: session.record.actions == ["markers YY"])
        assert await wait_for(pilot, lambda: "the Forum tray" in screen_text(app))
        shown = screen_text(app)
        assert "Yellow (Y) and" not in shown  # both yellow markers are placed
        assert "Blue (B) and a second marker… (5 ways)" in shown


async def test_the_hint_names_its_pair_by_the_key_it_has_in_the_group_on_screen():
    _, app = _hot_seat(11)
    async with app.run_test(size=(80, 24)) as pilot:
        await _first_decision(app, pilot)
        screen = app.screen
        await pilot.press("h")  # a setup choice: Normal's rule, at once
        assert await wait_for(pilot, lambda: screen.hints.worked_out() and screen.hints.hint)
        action = screen.hints.hint[1][0][0]
        first, second = divmod(action.pair, D.NUM_COLOURS)
        assert first != second, action  # (the pair this seed's hint names: two colours)
        words = "Seaport tray: " + " and ".join(
            f"{D.COLOURS[c]} ({'BYGOPW'[c]})" for c in (first, second)
        )
        assert await wait_for(pilot, lambda: f"Hint: {first + 2}) {words}" in screen_text(app))
        await pilot.press(str(second + 2))  # the group of its second colour
        lst = screen.query_one("#decisions")
        assert await wait_for(pilot, lambda: lst.option_count == D.NUM_COLOURS + 1)
        key = next(
            n for n in range(lst.option_count) if lst.get_option_at_index(n).id == str(action)
        )
        assert await wait_for(pilot, lambda: f"Hint: {key + 1}) {words}" in screen_text(app))
        await pilot.press("escape")  # back: the group's key again
        assert await wait_for(pilot, lambda: f"Hint: {first + 2}) {words}" in screen_text(app))
