"""Words a first-timer meets are explained (issue 19, items 7, 9 and 10): each word of the
glossary in the legend, the help and the coach the first time it appears; the rules reference
wrapped once, by the screen; the Trajan cards say whether the player meets each task now and
what is missing."""

from __future__ import annotations

import itertools

import pytest
from rich.console import Console
from textual.geometry import Region

from forum_trajanum.core.session import GameSession
from forum_trajanum.games.forum_trajanum.engine import GameOptions
from forum_trajanum.games.forum_trajanum.engine.cards import progress
from forum_trajanum.games.forum_trajanum.ui.dialogs import TrajanCardsScreen
from forum_trajanum.games.forum_trajanum.ui.glossary import GLOSSARY, NOTES, WORDS
from forum_trajanum.games.forum_trajanum.ui.help import RULES_PARAGRAPHS, legend
from forum_trajanum.games.forum_trajanum.ui.playscreen import PlayScreen
from forum_trajanum.tui.app import ForumApp
from forum_trajanum.tui.coach import (
    CoachScreen,
    coach_on,
    due,
    mark_seen,
    seen_kinds,
    start_coach,
)
from forum_trajanum.tui.compat import screen_strips
from forum_trajanum.tui.dialogs import HelpScreen
from forum_trajanum.tui.glossary import heading
from tests.tui.conftest import screen_text
from tests.waiting import settled, wait_for

from .conftest import busy, past_hold, session_at


def screen_text_of(screen) -> str:
    """The text ``screen`` shows (a screen under a dialog keeps its last frame)."""
    return "\n".join(strip.text for strip in screen_strips(screen))


def widget_text(screen, selector: str) -> str:
    """The text a widget of ``screen`` shows, read off the screen where it lies."""
    region = screen.query_one(selector).region
    strips = screen_strips(screen)
    return "\n".join(strips[y].crop(region.x, region.right).text for y in range(*region.line_span))


def flat(text: str) -> str:
    """Text with its line breaks and runs of spaces as single spaces (wrapped on screen)."""
    return " ".join(text.split())


def legend_text(width: int = 100) -> str:
    console = Console(width=width, record=True)
    console.print(legend())
    return flat(console.export_text())


def test_the_legend_explains_every_word_of_the_glossary():
    text = legend_text()
    for word, meaning in WORDS.items():
        assert flat(meaning) in text, word
    assert "vacated" not in text  # "·" at setup is an empty space, not a vacated one
    assert "that went unused" not in text  # the reserve holds used tiles too
    assert "…" not in legend_text(width=76)  # no symbol cut in an 80-column help screen


def test_the_legends_area_bonuses_have_their_names_in_the_symbol_column():
    console = Console(width=100, record=True)
    console.print(legend())
    lines = console.export_text().splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("Area bonuses"))
    rows = [line for line in lines[start + 1 : start + 6]]
    assert [row.split()[0] for row in rows] == ["tribune", "assistant", "coin", "upgrade", "2"]


def test_the_rules_reference_is_written_in_paragraphs_the_screen_wraps():
    # one paragraph a line: a narrow window wraps each once, never a line broken by the text
    assert all("\n" not in paragraph for paragraph in RULES_PARAGRAPHS)
    text = flat("\n".join(RULES_PARAGRAPHS))
    # Colonia scoring in words that cannot be read two ways, and what the bar and steps give
    assert "times 1 + the active citizens of its citizen row, so 1, 2 or 3 VP per kind" in text
    assert "+1 from position 3 and +2 from position 6" in text
    assert "scores 3 VP, 5 VP from position 3 and 7 VP from position 6" in text
    assert "Library: step 1: 1 worker of any colour + 1 tribune; step 2: 1 builder" in text
    assert "Market: step 1: 1 coin; step 2: 1 area bonus" in text


async def test_at_80x24_the_rules_tab_breaks_lines_only_where_the_window_ends():
    app = ForumApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("question_mark", "1")  # which game's help: Forum Trajanum
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("3")
        await pilot.pause()
        pane = app.screen.query_one("#rules")
        static = pane.query_one("Static")
        width = static.size.width
        lines = [strip.text.rstrip() for strip in static.render_lines(Region(0, 0, *static.size))]
        checked = 0
        for line, after in itertools.pairwise(lines):
            if line and after:  # a line broken inside a paragraph: the next word did not fit
                assert len(line) + 1 + len(after.split()[0]) > width, (line, after)
                checked += 1
        assert checked > 10


def coached(seed: int, decision: str, skip: int = 0) -> tuple[GameSession, object]:
    session = GameSession.new(seed, GameOptions(players=2), ["Ann", "Bob"], ["", ""], False)
    seen = 0
    while not (session.state.tasks and session.state.tasks[-1].kind == decision):
        session.play(busy(session.view_of(session.decider).legal))
    while seen < skip:
        session.play(busy(session.view_of(session.decider).legal))
        while not (session.state.tasks and session.state.tasks[-1].kind == decision):
            session.play(busy(session.view_of(session.decider).legal))
        seen += 1
    start_coach(session.record, [0, 1])
    return session, session.view_of(session.decider)


def test_the_coach_explains_the_reserve_the_first_time_it_appears_and_never_again():
    session, pv = coached(3, "build")
    assert pv.colonias[pv.viewer].reserve  # the tile received lies in the reserve now
    _title, text, kinds = due(session.record, pv, GLOSSARY)
    assert "Reserve: " + WORDS["reserve"] in text and "note:reserve" in kinds
    for kind in kinds:
        mark_seen(session.record, pv.viewer, kind)
    assert due(session.record, pv, GLOSSARY) == ("", "", [])


def test_the_coach_explains_the_collection_task_when_citizens_are_paid():
    session, pv = coached(3, "pay")
    for note in NOTES:  # everything else seen already
        if note.key != "note:collection":
            mark_seen(session.record, pv.viewer, note.key)
    _title, text, kinds = due(session.record, pv, GLOSSARY)
    assert "Collection task: " + WORDS["collection task"] in text
    assert kinds == ["pay", "note:collection"]


def test_the_coach_explains_the_marker_beside_trajans_column_when_its_card_comes_up():
    session, pv = coached(7, "draft")  # seed 7 draws III-4: "own forum marker beside ..."
    assert pv.trajan_cards[2] == "III-4" and pv.cycle == 1
    word = "Marker beside Trajan's Column: " + WORDS["marker beside Trajan's Column"]
    # not yet: cycle I's card asks other things
    assert word not in due(session.record, pv, GLOSSARY)[1]
    while session.public_view().cycle < 3:
        session.play(busy(session.view_of(session.decider).legal))
    pv = session.view_of(session.decider)
    # cycle III: its card is the one scored next
    assert word in due(session.record, pv, GLOSSARY)[1]


def test_the_coach_explains_the_female_back_citizen_at_setup():
    session, pv = coached(3, "setup_row")
    _title, text, _kinds = due(session.record, pv, GLOSSARY)
    assert "You drew a female-back citizen" in text  # the decision's own words ...
    assert "Female-back citizen: " + WORDS["female-back citizen"] in text  # ... and the word


async def test_the_trajan_cards_say_whether_the_player_meets_each_task_and_what_is_missing():
    session = session_at("build", seed=3)
    app = ForumApp(bot_delay=0, session=session, choice_hold=0)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.press("enter")
        await past_hold(pilot)
        await pilot.press("t")
        await pilot.pause()
        assert isinstance(app.screen, TrajanCardsScreen)
        pv = app.session.view_of(app.session.decider)
        me = pv.colonias[pv.viewer]
        # the window's lines, one widget each (so that a wrapped line keeps its indent)
        lines = app.screen.query("#trajan-cards Static")
        text = flat(" ".join(str(line.content) for line in lines))
        # rules "Trajan scoring": the tasks score at the end of the cycle, not when met
        assert (
            f"Each task you fulfil scores {me.trajan_card_value} VP at the cycle's scoring" in text
        )
        assert "VP now" not in text
        for card in pv.trajan_cards:
            for task in progress(card, me):
                if task.times:
                    assert "you: met once now" in text or "you: met twice now" in text
                else:
                    assert "you: not met; missing " + ", ".join(task.missing) in text


@pytest.mark.parametrize(
    ("decision", "word", "on_screen"),
    [
        ("build", "reserve", "Reserve "),  # the side panel lists the tiles received
        ("setup_row", "female-back citizen", "the drawn citizen"),  # the decision's words
    ],
)
async def test_the_coach_explains_a_word_when_it_first_appears_on_screen(decision, word, on_screen):
    # item 7: the reserve (rules "Take 2 Colonia tiles": the tiles received lie face up
    # beside the Colonia) after the first draft; the female-back citizen (rules "Setup")
    session = session_at(decision, seed=3)
    session.autosave = False
    seat = session.decider
    start_coach(session.record, [0, 1])
    note = next(n for n in NOTES if n.word == word)
    mark_seen(session.record, seat, decision)  # the decision's kind explained before
    for other in NOTES:
        if other is not note:
            mark_seen(session.record, seat, other.key)
    app = ForumApp(bot_delay=0, session=session, choice_hold=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")  # the hand-over
        assert await wait_for(pilot, lambda: isinstance(app.screen, CoachScreen))
        play = app.screen_stack[-2]
        side = play.query_one("#colonia-side")  # at 80x24 it scrolls: the word's line in view
        holder = [w for w in side.children if on_screen in flat(str(w.render()))]
        if holder:
            side.scroll_to_widget(holder[0], animate=False, top=True)
        # the word is on the player's screen (under the coach, laid out again after the
        # scroll) ...
        board = lambda: flat(screen_text_of(play))  # noqa: E731
        assert await wait_for(pilot, lambda: on_screen in board()), board()
        await settled(pilot)
        box = flat(widget_text(app.screen, "#coach-box"))
        assert f"New here: {word}" in box  # ... and the coach says what it means
        await pilot.press("i")  # at 80x24 a strip: i shows the whole explanation
        await settled(pilot)
        text = flat(widget_text(app.screen, "#coach-text"))
        assert text == f"{heading(word)}: {flat(WORDS[word])}"
        await pilot.press("enter")  # OK
        assert await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen))
        assert note.key in seen_kinds(session.record, seat)
        await pilot.press("k", "k")  # coach off and on: on asks what is owed now
        await pilot.pause()
        assert coach_on(session.record, seat)
        assert isinstance(app.screen, PlayScreen)  # nothing: the word was explained once


async def test_rules_and_help_on_the_start_screen_offers_each_game_and_opens_the_chosen_ones():
    """Issue 28.7: the start screen's help covers both games, each from its own screens."""
    from forum_trajanum.games import GAMES
    from forum_trajanum.games.trajan.ui.help import TrajanHelpScreen
    from forum_trajanum.tui.dialogs import ChooseGameScreen

    app = ForumApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("question_mark")
        assert isinstance(app.screen, ChooseGameScreen)
        text = screen_text(app)
        for n, name in enumerate(GAMES.names(), 1):
            assert f"{n} {GAMES.title(name)}" in text
        await pilot.press("2")
        await pilot.pause()
        assert isinstance(app.screen, TrajanHelpScreen)
        await pilot.press("3")
        await pilot.pause()
        assert "action circle" in screen_text(app)
        await pilot.press("escape", "question_mark", "escape")
        await pilot.pause()
        assert not isinstance(app.screen, (ChooseGameScreen, HelpScreen))
