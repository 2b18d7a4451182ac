"""The list of saved games in the app: newest first, open elsewhere refused with the other games
offered, delete after a confirmation, finished games apart, damaged saves explained."""

from __future__ import annotations

from forum_trajanum.core import saves
from forum_trajanum.games.forum_trajanum.engine import legal_actions
from forum_trajanum.tui.app import ForumApp
from forum_trajanum.tui.dialogs import MessageScreen
from forum_trajanum.tui.games import ConfirmScreen, GamesScreen
from forum_trajanum.tui.screens import HandOverScreen
from forum_trajanum.tui.startscreen import StartScreen

from .conftest import SIZE, busy, screen_text, session_at


def _saved(seed: int, names: list[str], close: bool = True):
    session = session_at("draft", seed=seed)
    session.record.names = names
    session.save()
    if close:
        session.close()
    return session


async def _open_list(pilot, app, entry: str = "continue") -> None:
    menu = app.screen.query_one("#menu")
    menu.highlighted = next(
        i for i in range(menu.option_count) if menu.get_option_at_index(i).id == entry
    )
    await pilot.press("enter")
    assert isinstance(app.screen, GamesScreen)


async def test_a_game_open_elsewhere_is_refused_and_the_others_are_offered():
    other = _saved(1, ["Ann", "Bob"])
    busy = _saved(2, ["Cai", "Dee"], close=False)  # held, as by another window
    app = ForumApp(bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await _open_list(pilot, app)
        text = screen_text(app)
        assert text.index("Cai, Dee") < text.index("Ann, Bob")  # newest first
        assert "open in another window" in text
        await pilot.press("enter")  # the newest: the one open elsewhere
        assert isinstance(app.screen, GamesScreen) and app.session is None
        assert "open in another window; each game plays in one window" in screen_text(app)
        await pilot.press("down", "enter")
        assert app.session is not None and app.session.game.id == other.game.id
        assert isinstance(app.screen, HandOverScreen)
    busy.close()


async def test_continue_by_id_of_a_game_open_elsewhere_shows_the_list_with_the_reason():
    busy = _saved(2, ["Cai", "Dee"], close=False)
    app = ForumApp(bot_delay=0, open_game=busy.game.id)
    async with app.run_test(size=SIZE):
        assert isinstance(app.screen, GamesScreen)
        assert "This game is open in another window" in screen_text(app)
    busy.close()


async def test_delete_asks_first():
    _saved(1, ["Ann", "Bob"])
    app = ForumApp(bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await _open_list(pilot, app)
        await pilot.press("d")
        assert isinstance(app.screen, ConfirmScreen)
        assert "Delete the game Ann, Bob" in screen_text(app)
        await pilot.press("n")
        assert len(saves.list_games()) == 1
        await pilot.press("d", "y")
        assert saves.list_games() == []
        assert "No unfinished games" in screen_text(app)
        await pilot.press("escape")
        assert isinstance(app.screen, StartScreen)


async def test_finished_games_are_a_separate_list():
    session = session_at("draft", seed=4)
    session.autosave = False
    while not session.over:
        session.play(busy(legal_actions(session.state)))
    session.autosave = True
    session.save()
    session.close()
    app = ForumApp(bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        assert app.screen.query_one("#menu").get_option("continue").disabled
        await _open_list(pilot, app, "finished")
        assert "Finished games — 1 saved" in screen_text(app)
        await pilot.press("f")
        assert "No unfinished games" in screen_text(app)
        await pilot.press("f", "enter")
        assert "Final ranking" in screen_text(app)


async def test_a_damaged_save_says_how_many_actions_were_lost():
    session = _saved(1, ["Ann", "Bob"])
    path = session.game.path
    path.write_bytes(path.read_bytes()[:-5])  # the last action cut
    app = ForumApp(bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await _open_list(pilot, app)
        await pilot.press("enter")
        assert isinstance(app.screen, MessageScreen)
        text = screen_text(app)
        assert "the last 1 action could not be read" in text
        assert f"{session.game.id}.json.damaged" in text
        await pilot.press("enter")
        assert isinstance(app.screen, HandOverScreen)
        assert len(app.session.record.actions) == len(session.record.actions) - 1


async def test_at_80_columns_the_lists_keys_are_read_whole():
    """The QA game at 80x24: the list's keys were cut ("…f: finished / unfinished games ·
    Esc"); they take two lines and every key is read."""
    _saved(1, ["Ann", "Bob"])
    app = ForumApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await _open_list(pilot, app)
        await pilot.pause()
        text = screen_text(app)
        for key in ("Enter: open", "r: replay", "d: delete", "f: finished / unfinished games",
                    "Escape: back"):  # fmt: skip
            assert key in text, text


async def test_at_80x24_a_games_wrapped_line_keeps_its_indent():
    """QA at 80x24: the second line of a game in the list wrapped to column 1 ("… last
    played 26 Nov" / "2026 07:13"); its wrapped part stays under its first words."""
    busy = _saved(2, ["Cai", "Dee"], close=False)  # the longest line: open elsewhere
    app = ForumApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await _open_list(pilot, app)
        await pilot.pause()
        frame = "█▊▎ "  # the dialog's and the list's sides
        rows = [row.strip(frame) for row in screen_text(app).splitlines()]
        first = next(i for i, row in enumerate(rows) if "Cai, Dee" in row)
        second, third = rows[first + 1], rows[first + 2]
        assert "last played" in second and "open in another window" not in second, second
        # the wrapped part goes on under the second line's words (indented like them)
        assert third and "open in another window".endswith(third.strip()), third
        line = next(r for r in screen_text(app).splitlines() if second in r)
        wrapped = next(r for r in screen_text(app).splitlines() if r.rstrip(frame).endswith(third))
        assert wrapped.index(third) == line.index(second), (line, wrapped)
    busy.close()
