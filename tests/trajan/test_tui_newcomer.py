"""What a newcomer stumbled over on Trajan's play screen, at 80x24, 120x36 and 160x45: a
digit in the coach takes the choice, a hint is shown whole and goes with its decision, the
one person at the table keeps their hand in view while a bot plays and reads the bot's
moves, the map and the district fit their panels, the panels scroll by a key, words say what
a choice gives."""

from __future__ import annotations

import re
import threading

import pytest
from rich.text import Text

from forum_trajanum.core.session import GameSession
from forum_trajanum.games.trajan import data as D
from forum_trajanum.games.trajan.engine.state import TrajanOptions
from forum_trajanum.games.trajan.ui.playscreen import TrajanScreen, TrajanWatchScreen
from forum_trajanum.tui.app import ForumApp
from forum_trajanum.tui.coach import CoachScreen, start_coach
from forum_trajanum.tui.screens import HandOverScreen
from tests.trajan.helpers import flat_markers
from tests.tui.conftest import screen_text
from tests.waiting import wait_for


@pytest.fixture(autouse=True)
def save_home(tmp_path, monkeypatch):
    monkeypatch.setenv("FORUM_TRAJANUM_HOME", str(tmp_path / "home"))
    monkeypatch.setattr("forum_trajanum.tui.keys.CHOICE_HOLD", 0.001)


def _session(bots=("", ""), seed: int = 3, until=None) -> GameSession:
    """A 2-player game (Ann and Bob), played on by first legal actions until ``until``."""
    session = GameSession.new(
        seed, TrajanOptions(players=2), ["Ann", "Bob"], list(bots), autosave=False, game="trajan"
    )
    while until is not None and not until(session):
        session.play(session.view_of(session.decider).legal[0])
    return session


async def _to_play(pilot, app) -> None:
    """Past a hand-over and the coach, to the play screen."""
    for _ in range(10):
        await pilot.pause()
        if isinstance(app.screen, (HandOverScreen, CoachScreen)):
            await pilot.press("enter" if isinstance(app.screen, HandOverScreen) else "escape")
        elif isinstance(app.screen, TrajanScreen):
            return


class SlowBot:
    """Plays its first ``quick`` decisions at once (the first legal action), then waits."""

    level = "normal"

    def __init__(self, quick: int) -> None:
        self.quick, self.gate, self.waiting = quick, threading.Event(), threading.Event()

    def choose(self, view):
        if self.quick <= 0:
            self.waiting.set()
            self.gate.wait(30)
        self.quick -= 1
        return view.legal[0]


async def test_a_digit_in_the_coach_takes_that_choice(monkeypatch):
    flat_markers(monkeypatch)
    session = _session()
    start_coach(session.record, [0, 1])
    app = ForumApp(bot_delay=0, session=session, choice_hold=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        if isinstance(app.screen, HandOverScreen):
            await pilot.press("enter")
        assert await wait_for(pilot, lambda: isinstance(app.screen, CoachScreen))
        assert await wait_for(pilot, lambda: "i: more" in screen_text(app))
        await pilot.press("i")  # the whole explanation, with the coach's keys
        assert await wait_for(pilot, lambda: "a digit takes that choice now" in screen_text(app))
        second = app.screen_stack[-2].query_one("#decisions").get_option_at_index(1).id
        count = len(session.record.actions)
        await pilot.press("2")
        assert await wait_for(pilot, lambda: len(session.record.actions) > count)
        assert session.record.actions[count] == second


@pytest.mark.parametrize("key", ["m", "l", "q"])
async def test_a_key_of_the_key_bar_closes_the_coach_and_does_what_the_key_bar_says(key):
    """QA at 80x24: with the coach up, the key bar's o c b p l ? u q did nothing and m meant
    "more" rather than the Map. Now the coach closes as read and the key does its work; the
    coach's own more key is i, said on its line."""
    session = _session()
    start_coach(session.record, [0, 1])
    app = ForumApp(bot_delay=0, session=session, choice_hold=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        if isinstance(app.screen, HandOverScreen):
            await pilot.press("enter")
        assert await wait_for(pilot, lambda: isinstance(app.screen, CoachScreen))
        assert await wait_for(pilot, lambda: "i: more" in screen_text(app))
        play = app.screen_stack[-2]
        await pilot.press(key)
        if key == "q":  # the key bar's Menu: the game left
            assert await wait_for(pilot, lambda: app.session is None)
        else:  # the key bar's Map, Log: that panel shown
            panel = {"m": "map", "l": "log"}[key]
            assert await wait_for(pilot, lambda: app.screen is play and play.panel == panel)


async def test_at_120x36_the_coach_box_leaves_the_panels_bottom_borders_whole():
    """QA at 120x36: the coach box sat on the panels' bottom border row, its border running
    into theirs (╰───╰───╯───╯)."""
    session = _session()
    start_coach(session.record, [0, 1])
    app = ForumApp(bot_delay=0, session=session, choice_hold=0)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        if isinstance(app.screen, HandOverScreen):
            await pilot.press("enter")
        assert await wait_for(pilot, lambda: isinstance(app.screen, CoachScreen))
        await pilot.pause()
        box = app.screen.query_one("#coach-box").region
        border_row = screen_text(app).splitlines()[-2]  # the panels' bottom borders
        assert box.bottom <= 36 - 2, box
        assert border_row.count("╰") == 2 and border_row.count("╯") == 2, border_row
        assert "i more" not in screen_text(app)  # the box shows it all: no more key


async def test_a_capital_letter_in_the_coach_takes_the_choice_it_stands_before(monkeypatch):
    """The help says entries 10 on are taken by Shift+A-Z "also while the coach explains a
    decision"; the coach took only 1-9 (QA at 80x24: the first Construction action's coach,
    its letter entries, a Shift+letter ignored)."""
    flat_markers(monkeypatch)
    session = _session()
    start_coach(session.record, [0, 1])
    app = ForumApp(bot_delay=0, session=session, choice_hold=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        if isinstance(app.screen, HandOverScreen):
            await pilot.press("enter")
        assert await wait_for(pilot, lambda: isinstance(app.screen, CoachScreen))
        options = app.screen_stack[-2].query_one("#decisions")
        assert options.option_count >= 11  # entries A and B stand beside entries 10 and 11
        eleventh = options.get_option_at_index(10).id
        count = len(session.record.actions)
        await pilot.press("B")
        assert await wait_for(pilot, lambda: len(session.record.actions) > count)
        assert session.record.actions[count] == eleventh


async def test_while_a_bot_plays_the_one_person_keeps_their_hand_and_reads_its_moves():
    session = _session(("", "normal"), until=lambda s: s.state.quarter > 0 and s.decider == 1)
    bot = SlowBot(quick=2)
    app = ForumApp(bot_delay=0, session=session, bot_factory=lambda level, seed: bot)
    hand = sorted({D.COMMODITIES[c] for c in session.state.players[0].hand})
    async with app.run_test(size=(120, 36)) as pilot:
        assert await wait_for(pilot, bot.waiting.is_set)
        assert await wait_for(pilot, lambda: isinstance(app.screen, TrajanWatchScreen))
        await pilot.pause()
        text = screen_text(app)
        assert "Hand: " in text and "unseen" not in text
        assert all(word in text for word in hand)
        # the bot's moves of this turn stay readable while it plays
        assert "Just now:" in text and "Bob took" in text
        bot.gate.set()
        # Ann's decision: the bot's last moves still above it, until her first step
        assert await wait_for(
            pilot, lambda: isinstance(app.screen, TrajanScreen) and app.screen.data.view.legal
        )
        await pilot.pause()
        last = session.log[-1].text
        note = str(app.screen.query_one("#t-hint").render())  # the words above the list
        assert "Meanwhile:" in screen_text(app) and last in " ".join(note.split())
        count = len(session.record.actions)
        await pilot.press("1")
        assert await wait_for(pilot, lambda: len(session.record.actions) > count)
        await pilot.pause()
        assert "Meanwhile:" not in screen_text(app)


async def test_with_two_people_at_the_table_a_bot_turn_shows_nobodys_hand():
    session = GameSession.new(
        3, TrajanOptions(players=3), ["Ann", "Bob", "Cleo"], ["", "", "normal"],
        autosave=False, game="trajan",
    )  # fmt: skip
    while not (session.state.quarter > 0 and session.decider == 2):
        session.play(session.view_of(session.decider).legal[0])
    bot = SlowBot(quick=1)
    app = ForumApp(bot_delay=0, session=session, bot_factory=lambda level, seed: bot)
    async with app.run_test(size=(120, 36)) as pilot:
        assert await wait_for(pilot, bot.waiting.is_set)
        assert await wait_for(pilot, lambda: isinstance(app.screen, TrajanWatchScreen))
        await pilot.pause()
        text = screen_text(app)
        assert "unseen" in text  # the public view: a hand as a count
        assert app.screen.data.view.viewer == -1  # nobody's own view
        bot.gate.set()


def _flat(text: str) -> str:
    return " ".join(text.replace("│", " ").split())


def _at_a_sowing_of_three_colours(session: GameSession) -> bool:
    """At a sowing with markers of 3+ colours left (the next marker too is a decision)."""
    state = session.state
    return state.decision == "sow" and sum(1 for n in state.tasks[-1].hand if n) >= 3


async def test_the_hint_is_shown_whole_says_what_its_figure_is_and_goes_with_its_decision():
    session = _session(seed=6, until=_at_a_sowing_of_three_colours)
    app = ForumApp(bot_delay=0, session=session, choice_hold=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await _to_play(pilot, app)
        await pilot.press("h")
        note = app.screen.query_one("#t-hint")
        assert await wait_for(pilot, lambda: "Hint" in str(note.content))
        # at 80x24 one h shows the best whole with what its figure is (issue 36: it was one
        # line, h again for the rest), h again the next best with theirs
        assert await wait_for(pilot, lambda: "expected for you" in str(note.content))
        await pilot.pause()
        said = str(note.content)
        assert "VP expected for you at the game's end" in said
        shown = _flat(screen_text(app))
        assert _flat(said) in shown  # every word of it on screen, none cut off
        await pilot.press("h")
        assert await wait_for(pilot, lambda: "Next best" in str(note.content))
        await pilot.pause()
        said = str(note.content)
        assert said.count("about ") >= 2 and _flat(said) in _flat(screen_text(app))
        # the next marker to sow is a decision of the same kind: the hint is gone
        count = len(session.record.actions)
        await pilot.press("1")
        assert await wait_for(pilot, lambda: len(session.record.actions) > count)
        await pilot.pause()
        assert session.state.decision == "sow"
        assert "Next best" not in screen_text(app) and not note.display


SIZES = pytest.mark.parametrize("size", [(80, 24), (120, 36), (160, 45)], ids=str)


@SIZES
async def test_the_province_map_and_the_district_grid_fit_their_panels(size):
    session = _session(until=lambda s: s.state.quarter > 0 and s.state.decision == "source")
    app = ForumApp(bot_delay=0, session=session, choice_hold=0)
    async with app.run_test(size=size) as pilot:
        await _to_play(pilot, app)
        await pilot.press("m")
        await pilot.pause()
        lines = screen_text(app).splitlines()
        # a row of the map on one line: its four provinces and the links between them
        row = next(line for line in lines if "Aquitania " in line)
        assert "Belgica" in row and ("Germania Superior" in row or "Germ. " in row), row
        assert "─" in row
        await pilot.press("d")
        await pilot.pause()
        lines = screen_text(app).splitlines()
        words = (*D.BUILDING_TYPES, "Fount.", "worker")
        for letter in "abcd":  # each row of the district: five sites on one line
            # (at 80x24 the panel has no side frame: the row starts the line)
            row = next(line for line in lines if re.match(rf"(.*│)?{letter} ", line))
            cells = re.split(rf"^(?:.*?│)?{letter} ", row, maxsplit=1)[1].split("│", 1)[0]
            assert sum(cells.count(word) for word in words) == 5, row


async def test_at_160x45_everything_is_in_view_at_once_and_at_120_the_choices_have_room():
    session = _session(until=lambda s: s.state.quarter > 0 and s.state.decision == "source")
    app = ForumApp(bot_delay=0, session=session, choice_hold=0)
    async with app.run_test(size=(160, 45)) as pilot:
        await _to_play(pilot, app)
        text = screen_text(app)
        for title in ("Your action circle", "Players", "Forum, senate, ships, cards"):
            assert title in text, title
        assert "Provinces" in text and "Construction district" in text
        assert "Aquitania" in text and "military camp" in text  # the map whole, not cut
        await pilot.resize_terminal(120, 36)
        await pilot.pause()
        decisions = app.screen.query_one("#decisions")
        assert decisions.region.width >= 55


async def test_pgdn_scrolls_the_panel_without_leaving_the_choices_and_a_panel_opens_at_its_top():
    session = _session(until=lambda s: s.state.quarter > 0 and s.state.decision == "source")
    app = ForumApp(bot_delay=0, session=session, choice_hold=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await _to_play(pilot, app)
        text = screen_text(app)
        # the circle's supply and camps in view (the short list leaves its rows), or below
        # with the frame saying so
        assert "supply " in text or "PgDn: more" in text, text
        box = app.screen.query_one("#t-panel-box")
        await pilot.press("b")
        await pilot.pause()
        assert box.max_scroll_y > 0 and box.scroll_y == 0
        await pilot.press("pagedown")
        await pilot.pause()
        assert box.scroll_y > 0
        assert app.focused is app.screen.query_one("#decisions")
        await pilot.press("c")  # another panel: from its top, its header in view
        await pilot.pause()
        assert box.scroll_y == 0
        assert "Ann's action circle" in screen_text(app)


async def test_the_status_line_says_when_the_round_ends_with_this_turn():
    session = _session(until=lambda s: s.state.round_ends and s.view_of(s.decider).legal)
    app = ForumApp(bot_delay=0, session=session, choice_hold=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await _to_play(pilot, app)
        status = screen_text(app).splitlines()[0]
        assert "· this turn ends the round" in status and "ends in" not in status


async def test_setup_names_the_start_player():
    # drawn once every seat has placed its markers (EN l.107 before l.113, R37): the status
    # says so while they are placed, and names them from the starting cards on
    session = _session()
    app = ForumApp(bot_delay=0, session=session, choice_hold=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await _to_play(pilot, app)
        assert "start player drawn after the markers" in screen_text(app).splitlines()[0]
    session = _session(until=lambda s: s.state.decision == "card")
    app = ForumApp(bot_delay=0, session=session, choice_hold=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await _to_play(pilot, app)
        start = session.name(session.state.start_player)
        assert f"start player {start}" in screen_text(app).splitlines()[0]


async def test_at_80x24_the_first_coach_box_leaves_the_choices_in_view_and_names_the_decision():
    # the coach opens over a screen shown a moment before: laid out for the window's size
    # (its breakpoints set when shown), the box sits above the choices, as in Forum Trajanum;
    # its title is the decision's own words (not the hand-over's start-player remark)
    session = GameSession.new(
        7, TrajanOptions(players=2), ["Ann", "Easy bot"], ["", "easy"], autosave=False,
        game="trajan", start=lambda record: start_coach(record, [0]),
    )  # fmt: skip
    app = ForumApp(bot_delay=0, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        assert await wait_for(pilot, lambda: isinstance(app.screen, CoachScreen))
        coach, play = app.screen, app.screen_stack[-2]
        box, decide = coach.query_one("#coach-box"), play.query_one("#p-decide")
        assert await wait_for(pilot, lambda: box.region.bottom <= decide.region.y)
        title = session.state.tasks[-1].title
        second = str(play.query_one("#decisions").get_option_at_index(1).prompt)
        # the second choice readable
        assert await wait_for(pilot, lambda: second.split(" (")[0].strip() in screen_text(app))
        assert f"Coach: {title[:1].upper()}{title[1:]}" in screen_text(app)


async def test_at_80x24_the_coach_covers_neither_the_choices_nor_the_panel_it_explains():
    # issue 27 item 10: a strip of one or two sentences over the status line (m: the rest);
    # the panel's content and the choices stay in view along the setup and the first turns
    session = GameSession.new(
        7, TrajanOptions(players=2), ["Ann", "Easy bot"], ["", "easy"], autosave=False,
        game="trajan", start=lambda record: start_coach(record, [0]),
    )  # fmt: skip
    app = ForumApp(bot_delay=0, session=session, choice_hold=0)
    explained: set[str] = set()
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(200):
            await pilot.pause()
            screen = app.screen
            if isinstance(screen, CoachScreen):
                play = app.screen_stack[-2]
                await pilot.pause()
                box = screen.query_one("#coach-box").region
                choices = play.query_one("#decisions").region
                panel = play.query_one("#t-panel").region  # what the panel shows
                rows = min(8, play.query_one("#decisions").option_count)  # or all of them
                assert choices.height >= rows and panel.height > 0
                assert not box.overlaps(choices) and not box.overlaps(panel), (box, panel)
                assert screen.query_one("#coach-short").region.height <= 2
                explained.add(play.data.view.task.kind)
                await pilot.press("escape")
                continue
            if isinstance(screen, HandOverScreen):
                await pilot.press("enter")
            elif isinstance(screen, TrajanScreen) and screen.data.view.legal:
                await pilot.press("1")
            if {"markers", "source", "sow"} <= explained:
                break
        assert {"markers", "source", "sow"} <= explained, explained


def _panel_keys_line(text: str) -> str | None:
    """The screen's line listing the panels' keys as the key bar's group ("c b m d p l o
    Panels"), if any."""
    return next((line.rstrip() for line in text.splitlines() if " Panels" in line), None)


async def test_at_80x24_every_panel_key_is_on_the_key_bar_while_the_coach_covers_the_top():
    """QA at 80x24: the panels' keys were listed on the switched panel's title alone, which
    the coach's strip covers at a first decision: Map, District, Players and Log had no key
    on the screen. The key bar lists them all ("c b m d p l o Panels") with the coach up and
    without it, and the panel's title no longer lists them (no key twice); ``o`` opens the
    other players' circles."""
    from forum_trajanum.games.trajan.ui.circles import OthersScreen
    from forum_trajanum.games.trajan.ui.panels import PANEL_KEYS

    session = _session(until=lambda s: s.state.quarter > 0 and s.state.decision == "source")
    start_coach(session.record, [0, 1])
    app = ForumApp(bot_delay=0, session=session, choice_hold=0)
    keys = [*PANEL_KEYS.values(), "o"]
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        if isinstance(app.screen, HandOverScreen):
            await pilot.press("enter")
        assert await wait_for(pilot, lambda: isinstance(app.screen, CoachScreen))
        assert await wait_for(pilot, lambda: "i: more" in screen_text(app))
        line = _panel_keys_line(screen_text(app))
        assert line is not None and line.endswith(" ".join(keys) + " Panels"), line
        await pilot.press("escape")  # the coach closed: the same keys, once on the screen
        assert await wait_for(pilot, lambda: isinstance(app.screen, TrajanScreen))
        text = screen_text(app)
        line = _panel_keys_line(text)
        assert line is not None and line.endswith(" ".join(keys) + " Panels"), line
        title = str(app.screen.query_one("#t-panel-box").border_title)
        assert "(keys" not in title, title
        assert "Circle" not in text.splitlines()[-1]  # each key once, in the group
        await pilot.press("o")
        assert await wait_for(pilot, lambda: isinstance(app.screen, OthersScreen))


@pytest.mark.parametrize("size", [(120, 36), (160, 45)])
async def test_from_120_columns_the_key_bar_names_each_panel_and_the_title_its_keys(size):
    """Where the words fit, the key bar names each panel's key (no group) and the switched
    panel's title lists the keys that switch it, as before."""
    session = _session(until=lambda s: s.state.quarter > 0 and s.state.decision == "source")
    app = ForumApp(bot_delay=0, session=session, choice_hold=0)
    async with app.run_test(size=size) as pilot:
        await _to_play(pilot, app)
        text = screen_text(app)
        assert _panel_keys_line(text) is None
        assert "o Others" in text.splitlines()[-1]
        title = str(app.screen.query_one("#t-panel-box").border_title)
        assert re.search(r"\(keys( [a-z])+\)", title), title


@SIZES
async def test_every_tile_on_the_province_map_is_named_whole_or_cut_with_a_mark(size):
    """QA at 160x45: the tile under "Germ. Inf." read "wild deman" (cut where its shortest
    form did not fit the map's cell). Each tile shows one of its forms, else ends in "…"."""
    from forum_trajanum.games.trajan.ui.panels import FORUM_KEYS, TILE_KEY, WILD_FORMS

    session = GameSession.new(
        1, TrajanOptions(players=2), ["Ann", "Bob"], ["", ""], autosave=False, game="trajan"
    )
    kinds = {FORUM_KEYS[TILE_KEY[t]][0] for t in session.state.provinces if t >= 0}
    assert {"wild_demand", "wild_construction"} <= kinds  # seed 1: both on the map
    app = ForumApp(bot_delay=0, session=session, choice_hold=0)
    async with app.run_test(size=size) as pilot:
        await _to_play(pilot, app)
        await pilot.press("m")
        await pilot.pause()
        lines = screen_text(app).splitlines()
        camp = next((n for n, line in enumerate(lines) if "ilitary camp" in line), len(lines))
        drawn = "\n".join(lines[:camp])  # the map's cells (the list below says tiles whole)
        shown = re.findall(r"wild:? ?[^\s│─]*", drawn)
        assert shown, drawn  # a wild tile in view
        forms = {form for each in WILD_FORMS.values() for form in each}
        for label in shown:
            assert label in forms or label.endswith("…"), (label, shown)


async def test_at_80x24_a_short_list_leaves_its_rows_to_the_panel_which_keeps_them_as_you_move():
    # a whole game by keys at 80x24: two choices over nine empty rows while the circle above
    # said "PgDn: more" (its supply and camps cut); the decision panel now fits its list, the
    # circle is whole, and neither a message nor the cursor moves the panels
    session = _session(until=lambda s: s.state.quarter > 0 and s.state.decision == "source")
    app = ForumApp(bot_delay=0, session=session, choice_hold=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await _to_play(pilot, app)
        screen = app.screen
        lst, box = screen.query_one("#decisions"), screen.query_one("#t-panel-box")
        assert lst.option_count < 8
        text = screen_text(app)
        assert "supply " in text and "PgDn: more" not in text, text
        assert box.max_scroll_y == 0  # every line of the circle in view
        decide = screen.query_one("#p-decide")
        regions = set()
        for n in range(lst.option_count):
            lst.highlighted = n
            await pilot.pause()
            regions.add((decide.region, box.region))
        screen.say("Bot Bot failed (no choice in time); it plays the first choice instead.")
        await pilot.pause()
        regions.add((decide.region, box.region))
        assert len(regions) == 1, regions


async def test_at_80x24_the_first_screen_shows_the_whole_circle_and_a_message_moves_no_panel(
    monkeypatch,
):
    # a whole game by keys at 80x24: the first decision's words took one line of the two kept
    # for them, and the empty second line cost the circle its supply line ("PgDn: more"
    # under the coach); a long list now gives up a row to a second line instead (the first
    # tray's 21 pairs in one list, as they were: the long list this checks)
    flat_markers(monkeypatch)
    session = _session()
    app = ForumApp(bot_delay=0, session=session, choice_hold=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await _to_play(pilot, app)
        screen = app.screen
        lst, box = screen.query_one("#decisions"), screen.query_one("#t-panel-box")
        title = screen.query_one("#decision-title")
        assert lst.option_count > 10  # a long list: it scrolls
        assert await wait_for(pilot, lambda: "supply " in screen_text(app))
        assert box.max_scroll_y == 0 and "PgDn: more" not in screen_text(app)
        assert title.size.height == 1
        decide = screen.query_one("#p-decide")
        before = (decide.region, box.region, lst.size.height)
        screen.say("Nothing was played: your turn goes on, choose again.")
        assert await wait_for(pilot, lambda: title.size.height == 2)
        assert "Nothing was played" in screen_text(app)
        assert (decide.region, box.region) == before[:2]
        assert lst.size.height == before[2] - 1  # the list gave up the row
        screen.say("")
        assert await wait_for(pilot, lambda: title.size.height == 1)
        assert (decide.region, box.region, lst.size.height) == before
        # the recap's (or the hint's) one line above the list: the list gives up its row
        note = screen.query_one("#t-hint")
        screen._set_note(Text("Meanwhile: Bob took a Trajan tile."))
        assert await wait_for(pilot, lambda: note.display and note.size.height == 1)
        assert await wait_for(pilot, lambda: lst.size.height == before[2] - 1)
        assert (decide.region, box.region) == before[:2]
