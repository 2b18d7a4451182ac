"""No line of an old decision is ever on screen (issue 27, point 3: at 80x24, after PgDn in
the panel, the previous tray choice's entries stayed under the new sowing list). Games are
played by keys with panel switches, scrolling and undos, and after each key what a terminal
shows (every frame applied as a terminal applies it) is compared with the screen as it is."""

from __future__ import annotations

import random

import pytest

from forum_trajanum.core.session import GameSession
from forum_trajanum.core.table import StandInBot
from forum_trajanum.games.trajan.engine.state import TrajanOptions
from forum_trajanum.games.trajan.ui.panels import PANEL_KEYS
from forum_trajanum.games.trajan.ui.playscreen import TrajanScreen
from forum_trajanum.tui.app import ForumApp
from forum_trajanum.tui.decisionlist import DecisionList
from forum_trajanum.tui.keys import ENTRY_KEYS
from tests.tui.conftest import past_hold, press_quickly
from tests.tui.terminal import SETTLED, Terminal
from tests.waiting import wait_for


@pytest.fixture(autouse=True)
def save_home(tmp_path, monkeypatch):
    monkeypatch.setenv("FORUM_TRAJANUM_HOME", str(tmp_path / "home"))
    monkeypatch.setattr("forum_trajanum.tui.keys.CHOICE_HOLD", 0.001)


def _app(seed: int, stand_in: bool = True) -> ForumApp:
    """Ann against a bot (the Normal bot, or a quick stand-in that takes the first choice)."""
    session = GameSession.new(
        seed, TrajanOptions(players=2), ["Ann", "Bot"], ["", "normal"], autosave=False,
        game="trajan",
    )  # fmt: skip
    bots = (lambda *_: StandInBot()) if stand_in else None
    return ForumApp(bot_delay=0, session=session, choice_hold=0.001, bot_factory=bots)


def _deciding(app, kind: str) -> bool:
    """Whether Ann's screen shows a decision of ``kind``."""
    screen = app.screen
    if not isinstance(screen, TrajanScreen) or screen.data.view.viewer != 0:
        return False
    task = screen.data.view.task
    return task is not None and task.kind == kind and bool(screen.data.view.legal)


def _list_rows(terminal: Terminal, screen: TrajanScreen) -> list[str]:
    """The lines the terminal shows where the decision list is (its scroll bar left out)."""
    lst = screen.query_one("#decisions", DecisionList)
    region = lst.scrollable_content_region
    lines = terminal.lines()
    return [lines[y][region.x : region.right].strip() for y in range(region.y, region.bottom)]


def _entry_words(screen: TrajanScreen) -> str:
    """Every entry of the current list, in one line of words."""
    lst = screen.query_one("#decisions", DecisionList)
    prompts = (str(lst.get_option_at_index(i).prompt) for i in range(lst.option_count))
    return " ".join(" ".join(prompt.split()) for prompt in prompts)


async def test_the_screen_after_the_tray_choice_that_left_old_entries_shows_only_the_new_list():
    """The steps of the report: seed 7, the first tray choice, PgDn in the panel, then 1."""
    app = _app(7, stand_in=False)
    async with app.run_test(size=(80, 24)) as pilot:
        terminal = Terminal(app)
        while not _deciding(app, "source"):
            await past_hold(pilot)
            if _deciding(app, app.screen.data.view.task.kind):
                await pilot.press("1")  # the setup's choices
            else:
                await pilot.pause(0.02)  # the bot plays
        await past_hold(pilot)
        await pilot.press("c", "pagedown", "c", "1")
        assert await wait_for(pilot, lambda: _deciding(app, "sow"))
        await pilot.pause()
        screen = app.screen
        words = _entry_words(screen)
        assert "Seaport" not in words  # the tray choice's entries are gone from the list
        rows = [row for row in _list_rows(terminal, screen) if row]
        assert rows and all(row in words for row in rows), rows
        assert await wait_for(pilot, lambda: not terminal.differences(), timeout=SETTLED)


@pytest.mark.usefixtures("quick_idle")
@pytest.mark.parametrize("seed", [7, pytest.param(11, marks=pytest.mark.long)])
async def test_what_the_terminal_shows_is_the_screen_along_a_game_with_panels_and_scrolling(
    seed,
):
    rng = random.Random(seed)
    app = _app(seed)
    keys = [*PANEL_KEYS.values(), "pagedown", "pageup"]
    async with app.run_test(size=(80, 24)) as pilot:
        terminal = Terminal(app)
        decisions = 0
        while decisions < 40:
            screen = app.screen
            if not isinstance(screen, TrajanScreen):
                await past_hold(pilot)
                await press_quickly(pilot, "enter")  # a quarter's scoring
                continue
            if not screen.data.view.legal:
                await pilot.pause()  # the bot plays
                continue
            await past_hold(pilot)
            count = screen.query_one("#decisions", DecisionList).option_count
            presses = rng.sample(keys, rng.randint(0, 2))
            if rng.random() < 0.5:  # a scroll just before the choice: the report's case
                presses.append(rng.choice(["pagedown", "pageup"]))
            if screen.data.can_undo and rng.random() < 0.1:
                presses.append("u")
            else:
                presses.append(ENTRY_KEYS[rng.randrange(min(count, len(ENTRY_KEYS)))])
            for key in presses:
                await press_quickly(pilot, key)
                # a stale line never goes: a frame that forgot it leaves it there for good
                assert await wait_for(pilot, lambda: not terminal.differences(), timeout=SETTLED), (
                    f"after {presses} at decision {decisions}: {terminal.differences()}"
                )
                shown = app.screen
                if isinstance(shown, TrajanScreen) and shown.data.view.legal:
                    words = _entry_words(shown)
                    rows = [row for row in _list_rows(terminal, shown) if row]
                    # one line a choice: a long one cut with "…" (whole below the list)
                    rows = [row.removesuffix("…").rstrip() for row in rows]
                    assert all(row in words for row in rows), (presses, rows)
            decisions += 1


async def test_an_undo_brings_back_the_entries_of_the_list_as_they_were_made():
    """Issue 39 point 6: the entries of a decision an undo brings back are the ones made
    before (Textual measured and drew each new entry afresh), with the same words; one
    whose words were replaced (the highlighted choice shown whole) is made anew."""
    from forum_trajanum.games.trajan.ui.bench import _trajan_session

    app = ForumApp(bot_delay=0, session=_trajan_session(3), choice_hold=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")  # the hand-over
        await past_hold(pilot)
        screen = app.screen
        assert isinstance(screen, TrajanScreen)
        lst = screen.query_one("#decisions", DecisionList)

        def entries() -> list:
            return [lst.get_option_at_index(i) for i in range(lst.option_count)]

        before, words = entries(), _entry_words(screen)
        actions = app.playing.record.actions
        count = len(actions)
        await pilot.press("1")
        assert await wait_for(pilot, lambda: len(actions) > count)
        await past_hold(pilot)
        assert _entry_words(screen) != words
        while len(actions) > count:
            done = len(actions)
            await pilot.press("u")
            assert await wait_for(pilot, lambda d=done: len(actions) < d)
        await past_hold(pilot)
        assert _entry_words(screen) == words
        again = entries()
        whole = lst.highlighted  # shown whole where the list cuts it: its entry made anew
        same = [a is b for a, b in zip(before, again, strict=True)]
        assert all(same[i] for i in range(len(same)) if i != whole), same
