"""The New game form as a first-timer meets it (issue 19, item 3): it opens at its top with
the first seat in focus, Enter moves to the next field and never starts the game, only the
Start button does, Back keeps every entry, a bot seat is named after its level, and no label
is cut at 80x24."""

from __future__ import annotations

import pytest

from forum_trajanum.tui.app import ForumApp
from forum_trajanum.tui.screens import NewGameScreen, StartScreen

from .conftest import screen_text

SIZES = pytest.mark.parametrize("size", [(80, 24), (120, 36), (160, 45)], ids=str)


async def open_form(pilot, app) -> NewGameScreen:
    await pilot.press("enter")  # "New game", the first entry of the start menu
    assert isinstance(app.screen, NewGameScreen)
    await pilot.pause()
    return app.screen


@SIZES
async def test_the_form_opens_at_its_top_with_the_first_seats_name_in_focus(size):
    app = ForumApp(bot_delay=0)
    async with app.run_test(size=size) as pilot:
        form = await open_form(pilot, app)
        assert app.focused is form.query_one("#name-0")
        text = screen_text(app)
        for words in ("New game", "Players", "Seat 1", "Seat 2", "Start", "Back"):
            assert words in text, words
        assert form.query_one("#form").scroll_y == 0


async def test_enter_in_a_name_moves_to_the_next_field_and_never_starts_the_game():
    app = ForumApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        form = await open_form(pilot, app)
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
        await pilot.press("ctrl+a", "ctrl+k", *"Livia")
        form.query_one("#players").value = 3
        form.query_one("#bot-2").value = "hard"
        form.query_one("#intro").value = True
        form.query_one("#seed").value = "42"
        await pilot.press("escape")
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
