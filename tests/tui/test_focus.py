"""Where the arrow keys go is visible (issue 19, item 12): the focused panel has a clear frame
(a heavy bright border; in the compact layout the choices' top line, or the panel tabs for a
board), and the key bar begins with where the arrows go."""

from __future__ import annotations

import pytest

from forum_trajanum.games.forum_trajanum.ui.playscreen import PlayScreen
from forum_trajanum.tui.app import ForumApp
from tests.waiting import settled, wait_for

from .conftest import past_hold, press_quickly, screen_text, session_at


def key_bar(app) -> str:
    return str(app.screen.query_one("KeyBar").render()).strip()


def frame(app, panel: str) -> str:
    return app.screen.query_one(f"#p-{panel}").styles.border_top[0]


async def test_the_focused_panel_is_framed_and_the_key_bar_says_where_the_arrows_go():
    session = session_at("envoy", seed=3)
    app = ForumApp(bot_delay=0, session=session, choice_hold=0)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.press("enter")
        await past_hold(pilot)
        assert key_bar(app).startswith("↑↓ choices")
        assert frame(app, "decide") == "heavy"
        assert frame(app, "colonia") != "heavy" and frame(app, "forum") != "heavy"
        await pilot.press("c")
        assert key_bar(app).startswith("←↑↓→ Colonia")
        assert frame(app, "colonia") == "heavy" and frame(app, "decide") != "heavy"
        await pilot.press("f")
        assert key_bar(app).startswith("←↑↓→ Forum")
        assert frame(app, "forum") == "heavy" and frame(app, "colonia") != "heavy"
        await pilot.press("tab")  # from the Forum on to the players' strip: it scrolls
        assert key_bar(app).startswith("↑↓ scroll") and frame(app, "players") == "heavy"
        await pilot.press("c", "tab")  # from the Colonia on to the choices
        assert key_bar(app).startswith("↑↓ choices") and frame(app, "decide") == "heavy"


async def test_at_80x24_the_tabs_and_the_key_bar_say_a_board_has_the_arrows():
    session = session_at("build", seed=3)
    app = ForumApp(bot_delay=0, session=session, choice_hold=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await past_hold(pilot)
        decide = app.screen.query_one("#p-decide")
        assert decide.styles.border_top[0] == "heavy"  # the choices have the arrows
        assert "in focus" not in screen_text(app)
        await pilot.press("c")
        tabs = screen_text(app).splitlines()[2]  # under the two lines of the status
        assert "◀ in focus: arrows move its cursor" in tabs
        # the whole line fits: the standard keys after the arrows, the game's own last
        bar = key_bar(app)
        assert bar.startswith("←↑↓→ Colonia u Undo h Hint") and "q Menu" in bar
        assert bar.endswith("s Save")
        assert decide.styles.border_top[0] != "heavy"


async def test_no_key_is_on_the_screen_twice_the_tabs_line_has_the_panel_keys_at_80x24():
    # the compact layout's tabs line says c, f, p and l: the key bar leaves them out there
    # (it said "l Log" a second time), and has them again when the window is large enough
    # for every panel at once (no tabs line)
    session = session_at("build", seed=3)
    app = ForumApp(bot_delay=0, session=session, choice_hold=0)
    panel_keys = ("c Colonia", "f Forum", "p Players", "l Log")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await past_hold(pilot)
        lines = screen_text(app).splitlines()
        for words in panel_keys:
            assert sum(line.count(words) for line in lines) == 1, words
            assert words in lines[2] and words not in key_bar(app)  # the tabs line
        assert key_bar(app).endswith("t Trajan s Save")  # not on the tabs line: kept
        await pilot.resize_terminal(160, 45)
        await wait_for(pilot, lambda: all(words in key_bar(app) for words in panel_keys))
        assert all(screen_text(app).count(words) == 1 for words in panel_keys)
        await pilot.resize_terminal(160, 30)  # short: compact again, the width unchanged
        await wait_for(pilot, lambda: "l Log" not in key_bar(app))


async def test_at_160x45_tab_goes_from_the_colonia_to_the_choices_below_the_other_panels():
    # the wide layout has the choices along the bottom (as wide as their entries); Tab still
    # goes from the Colonia straight to them, and on to the Forum
    session = session_at("envoy", seed=3)
    app = ForumApp(bot_delay=0, session=session, choice_hold=0)
    async with app.run_test(size=(160, 45)) as pilot:
        await pilot.press("enter")
        await past_hold(pilot)
        decide, colonia = app.screen.query_one("#p-decide"), app.screen.query_one("#p-colonia")
        assert decide.region.y >= colonia.region.bottom  # below the Colonia
        await pilot.press("c", "tab")
        assert key_bar(app).startswith("↑↓ choices") and frame(app, "decide") == "heavy"
        await pilot.press("tab", "tab")  # the Forum's scroll panel, then its grid
        assert key_bar(app).startswith("←↑↓→ Forum")


def focus_is_shown(app) -> bool:
    """Whether the play screen's focused widget is on screen (shown, with room): where the
    keys go can be seen, and Enter reaches it."""
    screen = app.screen
    focused = screen.focused
    if focused is None:
        return False
    shown = all(node.display for node in focused.ancestors_with_self if node is not screen)
    return shown and focused.region.area > 0


async def test_at_80x24_enter_ends_the_turn_after_an_envoy_placed_from_the_colonia():
    # the teammate's game: in a building step Tab (the Colonia), A (a yellow stable: an
    # envoy), 4 (the envoy) then Enter on '1 End the turn' did nothing, the focus left on a
    # hidden board
    session = session_at("build", seed=3)
    app = ForumApp(bot_delay=0, session=session, choice_hold=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await past_hold(pilot)
        await pilot.press("tab")
        assert key_bar(app).startswith("←↑↓→ Colonia")
        await pilot.press("A")  # the Forum shows itself for the envoy, the Colonia hides
        assert app.screen.data.view.decision == "envoy" and app.screen.panel == "forum"
        assert focus_is_shown(app) and key_bar(app).startswith("↑↓ choices")
        await pilot.press("4")
        assert app.screen.data.view.decision == "build"
        assert focus_is_shown(app) and frame(app, "decide") == "heavy"
        assert "1 End the turn" in screen_text(app)
        record = len(session.record.actions)
        await pilot.press("enter")
        await pilot.pause()
        assert len(session.record.actions) > record  # the turn ended


@pytest.mark.long
@pytest.mark.usefixtures("quick_idle")
async def test_at_80x24_the_focus_is_on_screen_after_every_key_along_a_game():
    # a seeded mix of the keys that move the focus (Tab, the panel keys, Escape) and play
    # (digits, letters, Enter, arrows), each handled before the next: after every one the
    # focused widget is shown, never a board the compact layout has hidden
    import random

    rng = random.Random(23)
    keys = ["tab", "shift+tab", "c", "f", "p", "l", "escape", "left", "right", "up", "down"]
    play = ["1", "2", "3", "4", "A", "B", "enter", "enter"]
    session = session_at("draft", seed=23, bots=["", "normal"])
    app = ForumApp(bot_delay=0, session=session, choice_hold=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        pressed = []
        for _ in range(400):
            await past_hold(pilot)
            if not isinstance(app.screen, PlayScreen):
                await press_quickly(pilot, "enter")  # a scoring or hand-over screen
                continue
            key = rng.choice(play) if rng.random() < 0.5 else rng.choice(keys)
            pressed.append(key)
            await press_quickly(pilot, key)  # handled, and what it started has run
            # where a key hides the focused panel, the focus moves on the next refresh: a
            # loaded machine may not have run it yet, but it comes to rest on screen
            shown = lambda: (  # noqa: E731
                not isinstance(app.screen, PlayScreen) or app.screen.covered or focus_is_shown(app)
            )
            assert await wait_for(pilot, shown), f"focus on {app.focused!r} after {pressed}"


async def test_a_window_made_small_moves_the_focus_off_the_board_it_hides():
    # at 160x45 Tab reaches the Forum while the Colonia is the compact layout's panel: made
    # 80x24, the window hides the Forum, and the focus goes to the choices (it went nowhere)
    session = session_at("build", seed=3)
    app = ForumApp(bot_delay=0, session=session, choice_hold=0)
    async with app.run_test(size=(160, 45)) as pilot:
        await pilot.press("enter")
        await past_hold(pilot)
        await pilot.press("c", "tab", "tab", "tab")
        assert key_bar(app).startswith("←↑↓→ Forum") and app.screen.panel == "colonia"
        await pilot.resize_terminal(80, 24)
        await settled(pilot)  # the focus moves after the refresh that hid the Forum
        assert focus_is_shown(app) and key_bar(app).startswith("↑↓ choices")
        record = len(session.record.actions)
        await pilot.press("enter")  # the highlighted choice, as ever
        assert await wait_for(pilot, lambda: len(session.record.actions) > record)
