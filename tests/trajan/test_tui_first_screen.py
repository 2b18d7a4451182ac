"""What a newcomer meets on Trajan's first screens (QA at 80x24 and 120x36): whose turn it
is and where in the game stay in view while the coach explains, an ellipsis in the
"Meanwhile" recap always says where the rest is, the arch beside a tray is explained the
first time it is on screen, and from 120 columns the coach's box covers neither the choices
nor one's action circle."""

from __future__ import annotations

import pytest

from forum_trajanum.core.session import GameSession
from forum_trajanum.games.trajan.engine.state import TrajanOptions
from forum_trajanum.games.trajan.ui.glossary import WORDS
from forum_trajanum.games.trajan.ui.help import legend
from forum_trajanum.games.trajan.ui.playscreen import TrajanScreen
from forum_trajanum.games.trajan.ui.recap import meanwhile
from forum_trajanum.tui.app import ForumApp
from forum_trajanum.tui.coach import CoachScreen, start_coach
from forum_trajanum.tui.compat import screen_strips
from tests.trajan.choosing import choose
from tests.waiting import settled, wait_for


@pytest.fixture(autouse=True)
def save_home(tmp_path, monkeypatch):
    monkeypatch.setenv("FORUM_TRAJANUM_HOME", str(tmp_path / "home"))
    monkeypatch.setattr("forum_trajanum.tui.keys.CHOICE_HOLD", 0.001)


def _app(seed: int = 7) -> ForumApp:
    """Ann's first game against an Easy bot, the coach on for her."""
    session = GameSession.new(
        seed, TrajanOptions(players=2), ["Ann", "Easy bot"], ["", "easy"], autosave=False,
        game="trajan", start=lambda record: start_coach(record, [0]),
    )  # fmt: skip
    return ForumApp(bot_delay=0, session=session, choice_hold=0)


def _shown(app) -> str:
    """What the window shows now, the coach's box over the play screen."""
    return "\n".join(strip.text for strip in screen_strips(app.screen))


async def test_at_80x24_the_coach_leaves_whose_turn_and_where_in_the_game_in_view():
    # QA: the coach's strip sat over the status line: no quarter, round or whose turn on the
    # first screen; the choices' top line says both, along the setup and the first turns
    app = _app()
    seen: set[str] = set()
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(200):
            await pilot.pause()
            screen = app.screen
            if isinstance(screen, CoachScreen):
                play = app.screen_stack[-2]
                v = play.data.view
                assert await wait_for(pilot, lambda: "Ann's choice" in _shown(app))
                where = "Setup" if v.quarter <= 0 else f"Quarter I, round {v.round} of 4"
                line = next(r for r in _shown(app).splitlines() if "Ann's choice" in r)
                assert where in line, _shown(app)
                if v.quarter > 0:
                    assert f"time {v.time} of " in line
                box = screen.query_one("#coach-box").region
                assert box.bottom <= play.query_one("#p-decide").region.y
                seen.add("setup" if v.quarter <= 0 else "quarter")
                await pilot.press("escape")
            elif isinstance(screen, TrajanScreen) and screen.data.view.legal:
                await choose(pilot)
            if seen == {"setup", "quarter"}:
                break
        assert seen == {"setup", "quarter"}, seen


@pytest.mark.parametrize("width", range(30, 121, 3))
def test_an_ellipsis_in_the_one_line_recap_always_says_where_the_rest_is(width):
    # QA at 80x24: "Meanwhile: …; Easy bot placed their action markers" with nothing saying
    # where the lines left out were ("l: the log" was dropped at 80 columns)
    setups = [
        ["Easy bot drew a bonus tile", "Easy bot placed their action markers"],
        ["Easy bot took a card from the face-down pile"] * 3 + ["Easy bot passed"],
        ["Easy bot placed the action markers: Seaport blue and yellow, Forum blue and white"],
        [f"Bob took move number {i} with rather many words in it" for i in range(6)],
    ]
    for recent in setups:
        for scored in ((), ("Easy bot +3 VP (senate +3)",)):
            line = meanwhile(recent, width=width, scored=scored)
            assert line.cell_len <= width or "…" not in line.plain, line.plain
            if "…" in line.plain:
                assert line.plain.endswith("r: all of it"), (width, line.plain)  # issue 36.10


async def test_at_80x24_the_first_recap_names_the_log_when_it_leaves_moves_out():
    app = _app()
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(100):
            await pilot.pause()
            screen = app.screen
            if isinstance(screen, CoachScreen):
                await pilot.press("escape")
            elif isinstance(screen, TrajanScreen) and screen.data.view.legal:
                note = str(screen.query_one("#t-hint").render())
                if "Meanwhile" in note:
                    break
                await choose(pilot)
        assert "Meanwhile" in note
        if "…" in note or len(screen.data.recent) > note.count(";") + 1:
            assert "r: all of it" in note, note  # its own window (issue 36.10)


async def test_at_80x24_the_arch_on_the_first_screen_says_what_it_is():
    app = _app()
    async with app.run_test(size=(80, 24)) as pilot:
        assert await wait_for(pilot, lambda: isinstance(app.screen, CoachScreen))
        assert await wait_for(pilot, lambda: "◆ arch" in _shown(app))
        row = next(r for r in _shown(app).splitlines() if "◆ arch" in r)
        assert "◆ arch: the Trajan action puts its tile here" in row
        # the coach's whole explanation (i) explains it too, in the legend's words
        await pilot.press("i")
        assert await wait_for(pilot, lambda: "Arch of Trajan is on" in _shown(app))


def test_the_legend_explains_every_symbol_the_coach_explains():
    from rich.console import Console

    console = Console(width=100, record=True)
    console.print(legend())
    text = " ".join(console.export_text().split())
    for word, meaning in WORDS.items():  # the legend's example stands in the symbol column
        assert (
            " ".join(meaning.removeprefix("a tile beside a tray, like Y+O 5 VP: ").split()) in text
        ), word


async def test_at_120x36_the_coach_covers_neither_the_choices_nor_the_circle_it_explains():
    app = _app()
    async with app.run_test(size=(120, 36)) as pilot:
        assert await wait_for(pilot, lambda: isinstance(app.screen, CoachScreen))
        coach, play = app.screen, app.screen_stack[-2]
        parts = ("#t-circle-box", "#decisions", "#decision-title", "#t-status")

        def clear() -> bool:  # the box placed once laid out (after a refresh)
            box = coach.query_one("#coach-box").region
            regions = [play.query_one(part).region for part in parts]
            return all(r.height and not box.overlaps(r) for r in regions)

        assert await wait_for(pilot, clear), [play.query_one(p).region for p in parts]
        box = coach.query_one("#coach-box").region
        assert "Arch of Trajan is on" in _shown(app)  # the box shows it all
        assert box.bottom <= 36 - 2  # the key bar and the panels' bottom borders whole


async def test_at_80x24_the_coach_explains_the_demands_the_first_time_they_are_shown():
    # QA of a first game at 80x24: 48 VP lost to demands that nothing had explained; the
    # strip's two lines say how to meet them and what missing them costs (EN l.409-425)
    app = _app(seed=11)
    said = ""
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(300):
            await pilot.pause()
            screen = app.screen
            if isinstance(screen, CoachScreen):
                if "demands" in screen.text.lower() and "Demands:" in screen.text:
                    assert await wait_for(pilot, lambda: "matching forum tile" in _shown(app))
                    said = _shown(app)
                    assert app.screen_stack[-2].data.view.revealed  # shown on the status line
                    break
                await pilot.press("escape")
            elif isinstance(screen, TrajanScreen) and screen.data.view.legal:
                await choose(pilot)
            elif not isinstance(screen, TrajanScreen):
                await pilot.press("enter")
        assert "or lose 4, 9 or 15 VP for 1, 2 or 3 unmet" in " ".join(said.split())


def test_the_choices_top_line_says_when_this_turn_ends_the_round():
    # "round 1 of 4 · time 1 of 11" read as the round's start while the turn that passed the
    # time marker's start was still being played (the status line said it ends the round)
    from types import SimpleNamespace

    from forum_trajanum.games.trajan.ui.statusline import whose_turn

    session = GameSession.new(
        11, TrajanOptions(players=2), ["Ann", "Bob"], ["", ""], autosave=False, game="trajan"
    )
    seen = set()
    for _ in range(400):
        v = session.view_of(session.decider)
        line = whose_turn(SimpleNamespace(view=v, names=["Ann", "Bob"]))
        assert line.startswith(f"{['Ann', 'Bob'][session.decider]}'s choice · "), line
        if v.quarter > 0 and len(v.scorings) < v.quarter:
            ends = "this turn ends the round" in line or "game ends after this turn" in line
            assert ends == bool(v.round_ends), line
            seen.add(ends)
        if seen == {True, False}:
            break
        session.play(v.legal[0])
    assert seen == {True, False}


def _with_a_long_log() -> tuple[GameSession, ForumApp]:
    """Ann against an easy bot, twelve actions in: a log longer than the panel's rows."""
    session = GameSession.new(
        11, TrajanOptions(players=2), ["Ann", "Easy bot"], ["", "easy"], autosave=False,
        game="trajan",
    )  # fmt: skip
    for _ in range(12):
        session.play(session.view_of(session.decider).legal[0])
    return session, ForumApp(bot_delay=0, session=session, choice_hold=0)


async def _log_opened(pilot, app):
    """The play screen with its log in the switched panel (l), and that panel's box."""
    assert await wait_for(pilot, lambda: isinstance(app.screen, TrajanScreen))
    play = app.screen
    await pilot.press("l")
    return play, play.query_one("#t-panel-box")


async def test_at_80x24_the_log_panel_at_its_latest_line_does_not_say_more_is_below():
    # QA: the log opened at its latest line said "PgDn: more" (PgDn moved nothing)
    _session, app = _with_a_long_log()
    async with app.run_test(size=(80, 24)) as pilot:
        _play, box = await _log_opened(pilot, app)

        def frame() -> str:
            return str(box.border_title)

        assert await wait_for(pilot, lambda: "PgUp: earlier" in frame()), frame()
        assert box.max_scroll_y > 0 and box.scroll_y == box.max_scroll_y
        assert "PgDn: more" not in frame()
        await settled(pilot)  # the window's first redraws done (each shows the latest)
        await pilot.press("pageup")  # earlier lines: now some are below
        assert await wait_for(pilot, lambda: "PgDn: more" in frame()), frame()


async def test_at_80x24_the_log_scrolled_up_stays_put_and_the_next_move_brings_its_latest_lines():
    # issue 39, point 3: the log is kept at its foot by Textual's anchor (no retry counter)
    session, app = _with_a_long_log()
    async with app.run_test(size=(80, 24)) as pilot:
        play, box = await _log_opened(pilot, app)
        assert await wait_for(pilot, lambda: box.max_scroll_y > 0)
        assert box.is_anchored and box.scroll_y == box.max_scroll_y
        await settled(pilot)
        await pilot.press("pageup")
        await settled(pilot)
        kept = box.scroll_y
        assert kept < box.max_scroll_y  # where the player put it, through the redraws
        actions = len(session.record.actions)
        await pilot.press("1")
        if play.waiting_to_end:
            await pilot.press("e")
        assert await wait_for(pilot, lambda: len(session.record.actions) > actions)
        await settled(pilot)
        assert box.is_anchored and box.scroll_y == box.max_scroll_y  # the latest in view
