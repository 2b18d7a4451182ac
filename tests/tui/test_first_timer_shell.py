"""What first-timers met at 80x24 in the shell's screens (issue 36): the hint whole on one h
with the list keeping its eight rows (point 8), the scoring windows saying there is more and
which key shows it (point 9), the New game form (point 16), and the replay (point 15)."""

from __future__ import annotations

from pathlib import Path

import pytest

from forum_trajanum.core.session import GameSession
from forum_trajanum.core.table import StandInBot
from forum_trajanum.games.forum_trajanum.ui.hinting import HintPanel
from forum_trajanum.games.forum_trajanum.ui.labels import describe
from forum_trajanum.games.forum_trajanum.ui.playscreen import PlayScreen
from forum_trajanum.games.trajan.engine.state import TrajanOptions
from forum_trajanum.games.trajan.ui.choices import choice_words
from forum_trajanum.games.trajan.ui.playscreen import TrajanScreen
from forum_trajanum.tui.app import ForumApp
from forum_trajanum.tui.startscreen import StartScreen
from tests.waiting import wait_for

from .conftest import screen_text, session_at

MORE_BOXES = "#q-box, #scoring-scroll"
ROWS = 8  # README: "at 80x24 the list has eight rows (a shorter list its own"


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
        assert lst.region.height >= min(ROWS, lst.option_count), screen_text(app)
        assert "h: the next best" in shown
        await pilot.press("h")  # the next best, the list still eight rows
        assert await wait_for(pilot, lambda: "Next best:" in str(hints.content))
        await pilot.pause()
        assert "79" in str(hints.content) and _whole_in_view(hints)
        assert lst.region.height >= min(ROWS, lst.option_count), screen_text(app)
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
        assert lst.region.height >= min(ROWS, lst.option_count) and _first_entry_in_view(lst), (
            screen_text(app)
        )
        await pilot.press("h")  # the next best
        assert await wait_for(pilot, lambda: "Next best:" in str(note.render()))
        await pilot.pause()
        assert "about 89 VP" in str(note.render()) and _whole_in_view(note)
        assert lst.region.height >= min(ROWS, lst.option_count) and _first_entry_in_view(lst), (
            screen_text(app)
        )
        await pilot.press("h")  # hidden: the recap's line again
        assert await wait_for(pilot, lambda: "Hint" not in str(note.render()))


# --- point 9: the scoring windows -----------------------------------------------------------


def _trajan_over() -> GameSession:
    session = GameSession.new(3, TrajanOptions(players=2), ["Ann", "Bob"], ["", ""], game="trajan")
    session.autosave = False
    while not session.over:
        session.play(session.view_of(session.decider).legal[0])
    return session


def _key_bar(app) -> str:
    from forum_trajanum.tui.keys import KeyBar

    return str(app.screen.query_one(KeyBar).render())


def _shown(app, screen) -> bool:
    return app.screen is screen and bool(screen.query(MORE_BOXES))


async def _scroll_to_the_end_by_the_key_it_names(pilot, app, box, last_words: str) -> None:
    """The window says there is more below and which key shows it (key bar and frame);
    that key shows the rest, up to ``last_words``; at the end it says how to go back."""
    assert box.max_scroll_y > 0  # at 80x24 the window holds more than the screen
    said = _key_bar(app)
    assert said.startswith("↓ PgDn:") and "more lines below" in said, said
    if box.styles.border_bottom[0]:
        assert "more lines below" in str(box.border_subtitle)
    assert last_words not in screen_text(app)
    for _ in range(20):  # a page a key: the window is a few pages long at most
        if box.scroll_y >= box.max_scroll_y:
            break
        await pilot.press("pagedown")
        await pilot.pause()
    assert last_words in screen_text(app)
    assert await wait_for(pilot, lambda: _key_bar(app).startswith("↑ PgUp: back to the top"))


async def test_trajan_quarter_window_at_80x24_says_points_and_chart_are_below_and_pgdn_shows_them():
    from forum_trajanum.games.trajan.ui.results import QuarterScreen

    session = _trajan_over()
    v = session.public_view()
    names = ["Ann", "Bob"]
    screen = QuarterScreen(v, 1, names, [r.scores for r in session.rounds])
    app = ForumApp(bot_delay=0, session=session, choice_hold=0)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(screen)
        assert await wait_for(pilot, lambda: _shown(app, screen))
        box = screen.query_one("#q-box")
        assert await wait_for(pilot, lambda: "more lines below" in _key_bar(app))
        await _scroll_to_the_end_by_the_key_it_names(pilot, app, box, "Enter: go on")
        assert "Score after each round" in screen_text(app)  # the chart, at the end


async def test_forum_scoring_window_at_80x24_says_what_is_below_and_pgdn_shows_it():
    from forum_trajanum.games.forum_trajanum.engine import GameOptions
    from forum_trajanum.games.forum_trajanum.ui.results import ScoringScreen

    from .conftest import busy

    names = ["Ann", "Bob", "Cai", "Dan"]
    session = GameSession.new(12, GameOptions(players=4), names, ["", "", "", ""])
    session.autosave = False
    while not session.state.scorings:
        session.play(busy(session.view_of(session.decider).legal))
    app = ForumApp(bot_delay=0, session=session, min_size=(80, 24))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = ScoringScreen(session.public_view(), 1, app.names(), app.score_history())
        app.push_screen(screen)
        assert await wait_for(pilot, lambda: _shown(app, screen))
        box = screen.query_one("#scoring-scroll")
        assert await wait_for(pilot, lambda: "more lines below" in _key_bar(app))
        await _scroll_to_the_end_by_the_key_it_names(pilot, app, box, "Press Enter to continue")


def _report(votes, spaces, consul, vice):
    from forum_trajanum.games.trajan.engine.state import QuarterReport

    n = len(votes)
    return QuarterReport(
        quarter=1, demands=(), met=(0,) * n, penalty=(0,) * n, votes=votes, consul=consul,
        vice=vice, senate=spaces,
    )  # fmt: skip


def test_a_senate_tie_names_who_tied_and_why_the_consul_won_it_en_431_440():
    from forum_trajanum.games.trajan.ui.results import quarter_text, senate_ties

    names = ["Ann", "Bob", "Cai"]
    # same votes, same space: the disc on top decided (the engine chose Bob)
    (line,) = senate_ties(_report((3, 3), (3, 3), consul=1, vice=0), names[:2])
    assert line.startswith("A tie for consul: Ann and Bob had 3 votes each; Bob won it")
    assert "same senate space as Ann, Bob's disc lies on top" in line
    # same votes (one from a senate tile), a higher space decided
    (line,) = senate_ties(_report((4, 4), (4, 2), consul=0, vice=1), names[:2])
    assert "Ann won it: higher on the senate track (space 4 against Bob's 2)" in line
    # the consul alone on top; Bob and Cai tied for vice consul
    (line,) = senate_ties(_report((6, 3, 3), (6, 1, 3), consul=0, vice=2), names)
    assert line.startswith("A tie for vice consul: Bob and Cai had 3 votes each; Cai won it")
    # no tie, no tie line
    assert senate_ties(_report((5, 3), (5, 3), consul=0, vice=1), names[:2]) == []
    session = _trajan_over()
    text = quarter_text(session.public_view(), 1, ["Ann", "Bob"]).plain
    report = session.public_view().reports[0]
    if report.votes[0] == report.votes[1]:  # this game's first vote was a tie: told so
        assert "A tie for consul: Ann and Bob had" in text


# --- point 16: the New game form ------------------------------------------------------------


async def _open_form(pilot, app):
    from forum_trajanum.tui.screens import NewGameScreen

    assert await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
    await pilot.press("enter")  # "New game", the first entry of the start menu
    assert await wait_for(pilot, lambda: isinstance(app.screen, NewGameScreen))
    await pilot.pause()
    return app.screen


async def test_enter_in_an_open_list_moves_on_and_one_escape_after_it_does_not_leave_the_form():
    from forum_trajanum.tui.screens import NewGameScreen

    app = ForumApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        form = await _open_form(pilot, app)
        await pilot.press("tab")  # the players' list
        assert app.focused is form.query_one("#players")
        await pilot.press("space", "down")  # open, the next entry
        assert form.query_one("#players").expanded
        await pilot.press("enter")  # taken, the list closed, on to the next field
        await pilot.pause()
        assert form.query_one("#players").value == 3
        assert not form.query_one("#players").expanded
        assert app.focused is form.query_one("#name-0")
        await pilot.press("escape")  # meant for the list: the form stays, and says so
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen) and app.screen is form
        assert "Escape again: back to the menu" in _flat(app)
        await pilot.press("tab")  # another key: the line goes, and Escape starts over
        await pilot.pause()
        assert "Escape again" not in _flat(app)
        await pilot.press("escape")
        assert isinstance(app.screen, NewGameScreen)
        await pilot.press("escape")  # the second in a row leaves, the entries kept
        assert await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        assert app.form_entries["players"] == 3


async def test_tab_stops_as_often_in_a_bot_seats_row_as_in_a_persons_and_its_coach_stays_off():
    app = ForumApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        form = await _open_form(pilot, app)
        form.query_one("#players").value = 3
        form.query_one("#bot-1").value = "normal"
        await pilot.pause()
        rows = {}
        form.query_one("#name-0").focus()
        await pilot.pause()
        for seat in (0, 1):
            stops = []
            while app.focused.id != f"name-{seat + 1}":
                stops.append(app.focused.id)
                await pilot.press("tab")
                assert len(stops) < 20
            rows[seat] = stops
        assert [i.split("-")[0] for i in rows[0]] == [i.split("-")[0] for i in rows[1]]
        assert "coach-1" in rows[1]  # the bot's coach box is a stop, as a person's is
        coach = form.query_one("#coach-1")
        coach.focus()
        await pilot.press("space")  # a bot is never coached: the box stays off, and says why
        await pilot.pause()
        assert coach.value is False and "the coach is for people" in _flat(app)


async def test_the_form_opens_with_the_table_of_the_last_game_so_the_same_people_play_again():
    session = GameSession.new(
        5, TrajanOptions(players=2), ["Ann", "Normal bot"], ["", "normal"], autosave=False,
        game="trajan",
    )  # fmt: skip
    app = ForumApp(
        bot_delay=0, session=session, choice_hold=0.001, bot_factory=lambda *_: StandInBot()
    )
    async with app.run_test(size=(80, 24)) as pilot:
        assert await wait_for(pilot, lambda: isinstance(app.screen, TrajanScreen)
                              and app.screen.data.view.legal)  # fmt: skip
        await pilot.press("q")  # the menu
        form = await _open_form(pilot, app)
        assert form.query_one("#game").value == "trajan"
        assert form.query_one("#players").value == 2
        names = [form.query_one(f"#name-{s}").value for s in range(2)]
        bots = [form.query_one(f"#bot-{s}").value for s in range(2)]
        assert names == ["Ann", "Normal bot"] and bots == ["", "normal"]
        form.query_one("#bot-1").value = "hard"  # a bot named by its level: renamed with it
        await pilot.pause()
        assert form.query_one("#name-1").value == "Hard bot"


@pytest.mark.parametrize("game", ["forum-trajanum", "trajan"])
async def test_the_menus_frame_does_not_show_through_above_or_below_the_form(game):
    app = ForumApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        form = await _open_form(pilot, app)
        form.query_one("#game").value = game
        await pilot.pause()
        text = screen_text(app)
        assert "FORUM TRAJANUM" not in text  # the menu's heading
        assert not any(c in text for c in "┏┓┗┛┃━"), text  # nor its frame


# --- point 15: replay and export ------------------------------------------------------------

REPLAY_GAME = Path(__file__).parent.parent / "fixtures" / "export-game.json"


def test_the_forum_replay_log_words_the_scoring_categories_as_the_game_does():
    from forum_trajanum.games.forum_trajanum.ui.export import load
    from forum_trajanum.games.forum_trajanum.ui.replay import ReplayScreen

    lines = [line for _, line in ReplayScreen(load(REPLAY_GAME))._all_log_lines()]
    scorings = [line for line in lines if line.startswith("Scoring of cycle")]
    assert scorings  # the fixture is a finished game: three scorings
    assert not any("trajan_cards" in line or "_" in line for line in scorings), scorings
    assert all("Trajan card" in line and "largest area" in line for line in scorings)


async def test_forum_replay_pgdn_says_the_round_begins_and_whose_last_action_is_shown():
    from forum_trajanum.games.forum_trajanum.ui.export import load
    from forum_trajanum.games.forum_trajanum.ui.replay import ReplayScreen
    from forum_trajanum.tui.replayapp import ReplayApp

    replay = load(REPLAY_GAME)
    app = ReplayApp(ReplayScreen(replay))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        for _ in range(3):
            await pilot.press("pagedown")  # to the start of cycle I, round 3
        await pilot.pause()
        position = screen.position
        ended = replay.steps[position - 1].section.title()
        begins = replay.steps[position].section.title()
        assert ended != begins
        last = " ".join(str(screen.query_one("#replay-last").render()).split())
        assert last.startswith(f"{begins} begins. The last action before it"), last
        assert ended[1:] in last and f"{position}. " in last
        await pilot.press("right")  # one action into the round: its own action, no heading
        last = " ".join(str(screen.query_one("#replay-last").render()).split())
        assert "begins" not in last and last.startswith(f"{position + 1}")


async def test_forum_replay_at_80x24_shows_the_colonias_six_rows_and_names_the_scroll_keys():
    from forum_trajanum.games.forum_trajanum.ui.export import load
    from forum_trajanum.games.forum_trajanum.ui.replay import ReplayScreen
    from forum_trajanum.tui.replayapp import ReplayApp

    app = ReplayApp(ReplayScreen(load(REPLAY_GAME)))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        for keys in ((), ("pagedown",) * 4, ("end",)):  # two lines above it at its start
            await pilot.press(*keys)
            await pilot.pause()
            text = screen_text(app)
            rows = [f"{n} {r}" for n, r in enumerate(("I", "II", "III", "IV", "V", "VI"), 1)]
            assert all(row in text for row in rows), text
            grid = screen.query_one("#replay-colonia")
            assert grid.region.bottom <= screen.query_one("#replay-left").region.bottom
        keys = str(screen.query_one("#replay-keys").render())
        assert "↑↓ scroll" in keys and "q close" in keys and len(keys.rstrip()) <= 80
        left = screen.query_one("#replay-left")
        assert left.max_scroll_y > 0  # the supply below the Colonia: ↓ brings it
        await pilot.press("down", "down")
        await pilot.pause()
        assert left.scroll_y == 2 and screen.position == 181  # ↓ scrolls, steps nothing


async def test_trajan_replay_pgdn_says_the_round_begins_and_whose_last_action_is_shown():
    from forum_trajanum.games.trajan.ui.replayscreen import TrajanReplay, TrajanReplayScreen
    from forum_trajanum.tui.replayapp import ReplayApp

    session = _trajan_over()
    screen = TrajanReplayScreen(TrajanReplay.of(session.record))
    app = ReplayApp(screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("pagedown", "pagedown")
        await pilot.pause()
        replay, position = screen.replay, screen.position
        game = replay.game
        ended = game.period_name(replay.steps[position - 1].section)
        begins = game.period_name(replay.steps[position].section)
        where = " ".join(str(screen.query_one("#r-where").render()).split())
        assert f"{begins} begins. The last action before it ({ended}):" in where, where


def test_a_tie_on_points_names_who_tied_and_why_one_ranks_ahead_en_540_542():
    from forum_trajanum.games.trajan.ui.results import final_text

    v = _trajan_over().public_view()
    ann, bob = v.players
    ann.score = bob.score  # level on points: the senate decides (R13)
    ann.senate, bob.senate = 5, 3
    text = final_text(v, ["Ann", "Bob"]).plain
    assert f"Ann and Bob have {bob.score} VP each; Ann ranks ahead of Bob: higher in the " in text
    assert "(space 5 against Bob's 3)" in text
    ann.senate, ann.height, bob.height = 3, 2, 7  # the same space: the disc on top
    text = final_text(v, ["Ann", "Bob"]).plain
    assert "Bob ranks ahead of Ann: on the same senate space as Ann, Bob's disc lies on top" in text


async def test_a_new_run_of_the_app_opens_the_form_with_the_table_of_the_game_saved_last():
    from forum_trajanum.games.forum_trajanum.engine import GameOptions

    old = GameSession.new(4, GameOptions(players=2), ["Old", "Timer"], ["", ""])
    old.save()
    last = GameSession.new(5, GameOptions(players=3), ["Ann", "Bob", "Easy bot"],
                           ["", "", "easy"])  # fmt: skip
    last.save()
    app = ForumApp(bot_delay=0)  # a new run: nothing entered in the form yet
    async with app.run_test(size=(80, 24)) as pilot:
        form = await _open_form(pilot, app)  # New game is the menu's first entry
        names = [form.query_one(f"#name-{s}").value for s in range(3)]
        assert form.query_one("#players").value == 3
        assert names == ["Ann", "Bob", "Easy bot"] and form.query_one("#bot-2").value == "easy"


async def test_forum_game_over_tabs_at_80x24_say_what_is_below_and_pgdn_shows_it():
    from forum_trajanum.games.forum_trajanum.ui.results import GameOverScreen
    from tests.tui.test_snapshots_results import _session

    app = ForumApp(bot_delay=0, session=_session(None), min_size=(80, 24))
    async with app.run_test(size=(80, 24)) as pilot:
        assert await wait_for(pilot, lambda: isinstance(app.screen, GameOverScreen))
        screen = app.screen
        await pilot.press("2")  # the points by cycle and category: longer than the screen
        box = screen.more_box()
        assert await wait_for(pilot, lambda: "more lines below" in _key_bar(app))
        await _scroll_to_the_end_by_the_key_it_names(pilot, app, box, "Play: VP scored")


async def test_a_remembered_value_the_form_no_longer_offers_leaves_the_default_not_a_crash():
    from forum_trajanum.tui.screens import NewGameScreen

    app = ForumApp(bot_delay=0)
    app.form_entries.update({"players": 7, "side": "Z", "name-0": "Ann"})
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        assert await wait_for(pilot, lambda: isinstance(app.screen, NewGameScreen))
        await pilot.pause()
        form = app.screen
        assert form.query_one("#players").value == 2 and form.query_one("#side").value == "A"
        assert form.query_one("#name-0").value == "Ann"
