"""The New game form as a first-timer meets it (issue 19, item 3; issue 27, item 12): it opens
at its top with its first field, the game, in focus; Enter moves to the next field in every
field (a list, a box, a name) and never opens a list, ticks a box or starts the game (Space
opens and ticks), only the Start button starts; a focused Start looks more chosen than an
unfocused one; Back keeps every entry, a bot seat is named after its level, and no label is
cut at 80x24."""

from __future__ import annotations

import pytest
from textual.widgets import Button, Checkbox, Input, Select

from forum_trajanum.core.game import GAMES
from forum_trajanum.tui.app import ForumApp
from forum_trajanum.tui.keys import KeyBar
from forum_trajanum.tui.screens import NewGameScreen
from forum_trajanum.tui.startscreen import StartScreen

from .conftest import screen_text

SIZES = pytest.mark.parametrize("size", [(80, 24), (120, 36), (160, 45)], ids=str)


async def open_form(pilot, app) -> NewGameScreen:
    await pilot.press("enter")  # "New game", the first entry of the start menu
    assert isinstance(app.screen, NewGameScreen)
    await pilot.pause()
    return app.screen


@SIZES
async def test_the_form_opens_at_its_top_with_its_first_field_the_game_in_focus(size):
    app = ForumApp(bot_delay=0)
    async with app.run_test(size=size) as pilot:
        form = await open_form(pilot, app)
        assert app.focused is form.query_one("#game")
        assert form.focus_chain[0] is form.query_one("#game")  # first on screen and by Tab
        text = screen_text(app)
        for words in ("New game", "Players", "Seat 1", "Seat 2", "Start", "Back"):
            assert words in text, words
        assert form.query_one("#form").scroll_y == 0


async def test_enter_in_a_name_moves_to_the_next_field_and_never_starts_the_game():
    app = ForumApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        form = await open_form(pilot, app)
        await pilot.press("enter", "enter")  # past the game and the number of players
        assert app.focused is form.query_one("#name-0")
        await pilot.press("ctrl+a", "ctrl+k", *"Ann", "enter")
        assert app.focused is form.query_one("#bot-0")  # the next field: who plays seat 1
        assert isinstance(app.screen, NewGameScreen) and app.session is None
        form.query_one("#seed").focus()
        await pilot.press(*"7", "enter")
        assert app.focused is form.query_one("#start")  # Enter in the last field: on to Start
        assert app.session is None
        await pilot.press("enter")  # the Start button starts
        assert app.session is not None
        assert app.session.record.names[0] == "Ann" and app.session.record.seed == 7


async def test_back_keeps_every_entry_for_the_next_time_the_form_opens():
    app = ForumApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        form = await open_form(pilot, app)
        await pilot.press("enter", "enter", "ctrl+a", "ctrl+k", *"Livia")
        form.query_one("#players").value = 3
        form.query_one("#bot-2").value = "hard"
        form.query_one("#intro").value = True
        form.query_one("#seed").value = "42"
        await pilot.press("escape", "escape")  # the first says the second leaves (issue 36)
        assert isinstance(app.screen, StartScreen) and app.session is None
        again = await open_form(pilot, app)
        assert again is not form
        assert again.query_one("#name-0").value == "Livia"
        assert again.query_one("#players").value == 3
        assert again.query_one("#seat-2").display
        assert again.query_one("#bot-2").value == "hard"
        assert again.query_one("#name-2").value == "Hard bot"
        assert again.query_one("#intro").value
        assert again.query_one("#seed").value == "42"


async def test_a_bot_seat_is_named_after_its_level_unless_its_name_was_typed():
    app = ForumApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        form = await open_form(pilot, app)
        form.query_one("#players").value = 4
        for seat, level in ((1, "normal"), (2, "normal"), (3, "easy")):
            form.query_one(f"#bot-{seat}").value = level
        await pilot.pause()
        names = [form.query_one(f"#name-{s}").value for s in range(4)]
        assert names == ["Player 1", "Normal bot", "Normal bot 2", "Easy bot"]
        form.query_one("#bot-3").value = ""  # a person again: the seat's own name back
        await pilot.pause()
        assert form.query_one("#name-3").value == "Player 4"
        form.query_one("#name-1").value = "Cato"  # typed: the level leaves it alone
        form.query_one("#bot-1").value = "hard"
        await pilot.pause()
        assert form.query_one("#name-1").value == "Cato"
        form.query_one("#start").press()
        await pilot.pause()
        assert app.session.record.names == ["Player 1", "Cato", "Normal bot 2", "Player 4"]
        assert app.session.record.bots == ["", "hard", "normal", ""]


async def test_no_label_of_the_form_is_cut_at_80x24():
    app = ForumApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        form = await open_form(pilot, app)
        form.query_one("#players").value = 4
        await pilot.pause()
        text = screen_text(app)
        for seat in range(4):
            assert f"Seat {seat + 1}" in text
        assert text.count("[ ] newcomer") == 4 and text.count("coach") >= 4
        assert "Introductory game: one Trajan card (not three), scored once at the end" in text
        assert "Random Forum boards" in text and "…" not in text
        assert "Start" in text and "Back" in text  # 4 seats still fit without scrolling


def _values(form) -> dict:
    return {w.id: w.value for w in form.query("Input, Select, Checkbox")}


@pytest.mark.parametrize("game", GAMES.names())
async def test_enter_moves_on_in_every_field_and_never_opens_a_list_or_ticks_a_box(game):
    app = ForumApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        form = await open_form(pilot, app)
        form.query_one("#game").value = game
        form.query_one("#players").value = 4
        await pilot.pause()
        before = _values(form)
        chain = [w for w in form.focus_chain if not isinstance(w, Button)]
        for kind in (Select, Checkbox, Input):  # fields of every kind
            assert sum(isinstance(w, kind) for w in chain) >= 3, kind
        visited = []
        while not isinstance(app.focused, Button):
            visited.append(app.focused)
            await pilot.press("enter")
            assert not any(s.expanded for s in form.query(Select)), visited[-1].id
            assert len(visited) <= len(chain), "Enter went round the form"
        assert visited == chain  # every field, in order, by Enter alone
        assert app.focused is form.query_one("#start")
        assert _values(form) == before  # no list opened, no box ticked, no name changed
        assert isinstance(app.screen, NewGameScreen) and app.session is None


async def test_space_opens_a_seats_list_and_ticks_the_newcomer_box_and_enter_then_moves_on():
    app = ForumApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        form = await open_form(pilot, app)
        form.query_one("#bot-0").focus()
        await pilot.press("space")
        assert form.query_one("#bot-0").expanded  # its list is open
        await pilot.press("down", "enter")  # the list's second entry: bot: easy
        await pilot.pause()
        assert form.query_one("#bot-0").value == "easy"
        assert not form.query_one("#bot-0").expanded
        box = form.query_one("#newcomer-0")
        box.focus()
        await pilot.press("space")
        assert box.value is True
        await pilot.press("enter")
        assert box.value is True and app.focused is not box  # Enter moved on, kept the tick
        await pilot.press("shift+tab", "space")
        assert app.focused is box and box.value is False


async def test_the_game_is_chosen_first_by_space_and_the_arrows_without_shift_tab():
    app = ForumApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        form = await open_form(pilot, app)
        names = GAMES.names()
        await pilot.press("space", *["down"] * (len(names) - 1), "enter")
        await pilot.pause()
        assert form.query_one("#game").value == names[-1]
        # Enter in the open list took the entry and moved on, as Enter does in every field
        # (issue 36: it only closed the list)
        assert app.focused is form.query_one("#players")


async def test_a_focused_start_button_looks_more_chosen_than_an_unfocused_one_not_grey():
    app = ForumApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        form = await open_form(pilot, app)
        start = form.query_one("#start")
        unfocused = start.styles.background
        start.focus()
        await pilot.pause()
        focused = start.styles.background
        field = form.query_one("#seed")
        field.focus()
        await pilot.pause()
        focused_field = field.styles.background
        assert focused.brightness > unfocused.brightness + 0.1
        assert focused.brightness > focused_field.brightness + 0.1
        _, saturation, _ = focused.hsl
        assert saturation > 0.5, f"a grey focused Start: {focused}"


async def test_the_key_bar_names_enter_with_tab_and_space_for_lists_and_boxes():
    app = ForumApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        form = await open_form(pilot, app)
        keys = str(form.query_one(KeyBar).render())
        assert "Tab Next field (or Enter)" in keys and "Space Open list, tick" in keys
        assert "Esc Back" in keys and len(keys.rstrip()) <= 80


async def test_a_form_closed_by_a_key_of_the_same_burst_before_it_was_mounted_raises_nothing(
    tmp_path, monkeypatch
):
    # the monkey test's burst: Enter opened the form and Escape closed it before its mount ran
    # (its on_mount then found none of its fields: NoMatches '#form')
    from forum_trajanum.tui.screens import NewGameScreen

    monkeypatch.setenv("FORUM_TRAJANUM_HOME", str(tmp_path))
    app = ForumApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        start = app.screen
        app.push_screen(NewGameScreen({}))
        app.pop_screen()
        await pilot.pause()
        await pilot.pause()
        assert app.screen is start
    assert app.return_code in (None, 0) and app._exception is None


async def test_a_space_typed_back_in_a_name_or_the_seed_adds_a_space_and_never_wipes_it():
    # QA at 80x24: Tab back into "Ann" selects it; the Space typed to add "Marie" replaced it,
    # and Start quietly named the seat after its bot level
    app = ForumApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        form = await open_form(pilot, app)
        form.query_one("#bot-1").value = "normal"
        await pilot.pause()
        await pilot.press("enter", "enter")
        assert app.focused is form.query_one("#name-0")
        await pilot.press("ctrl+a", "ctrl+k", *"Ann", "tab", "shift+tab")
        assert app.focused is form.query_one("#name-0")
        await pilot.press("space", *"Marie")
        assert form.query_one("#name-0").value == "Ann Marie"
        await pilot.press("tab", "shift+tab", "space")
        assert form.query_one("#name-0").value == "Ann Marie "
        seed = form.query_one("#seed")
        seed.value = "42"
        seed.focus()
        await pilot.pause()
        await pilot.press("space")
        assert seed.value == "42 "
        name = form.query_one("#name-1")
        name.focus()
        await pilot.pause()
        await pilot.press("backspace")  # the whole name was selected: a blank field
        assert name.value == ""
        await pilot.press("tab")  # left blank: the name the seat gets, on the screen
        assert name.value == "Normal bot"
        form.query_one("#start").focus()
        await pilot.press("enter")
        assert app.session is not None
        assert app.session.record.names[:2] == ["Ann Marie", "Normal bot"]
        assert app.session.record.seed == 42


@pytest.mark.parametrize("button", ["start", "back"])
async def test_digits_typed_on_start_or_back_go_to_the_seed_field_and_the_form_says_so(button):
    # QA at 80x24: a player counting Tabs typed the seed on Start; the digits were dropped
    app = ForumApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        form = await open_form(pilot, app)
        form.query_one("#seed").value = "1"
        form.query_one(f"#{button}").focus()
        await pilot.pause()
        await pilot.press(*"42")
        assert app.focused is form.query_one("#seed")
        assert form.query_one("#seed").value == "142"
        assert "Seed field" in str(form.query_one("#form-message").render())
        assert form.query_one("#form-message").display
        assert isinstance(app.screen, NewGameScreen) and app.session is None
        await pilot.press("enter", "enter")  # Enter in the seed: on to Start, which starts
        assert app.session is not None and app.session.record.seed == 142


async def test_a_form_being_taken_down_when_its_mount_runs_sets_nothing_up():
    # thousands of random keys (tests/tui/test_monkey.py, CI): a key of the same burst quit
    # the app while the form was being mounted, its fields removed one by one ("#game" gone,
    # "#form" still there), and the form's mount looked for "#game": a traceback
    app = ForumApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        form = await open_form(pilot, app)
        assert form._whole()
        await form.query_one("#game").remove()
        assert form.query("#form") and not form._whole()
        form.on_mount()  # as Textual would run it now: nothing to set up, no error
        assert not form.query("#game")
