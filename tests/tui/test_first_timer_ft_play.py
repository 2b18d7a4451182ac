"""What a first-timer met playing a whole Forum Trajanum game at 80x24: one undo takes back
the whole entry chosen, the Trajan window says what a scored card gave, and a message about
one's own move does not stay on screen through another seat's turn."""

from __future__ import annotations

import pytest

from forum_trajanum.games.forum_trajanum.ui.hinting import HINT_MARK
from forum_trajanum.tui.app import ForumApp
from forum_trajanum.tui.keys import ENTRY_KEYS
from tests.waiting import wait_for

from .conftest import past_hold, screen_text, session_at

SMALL = (80, 24)


@pytest.fixture
def uncapped_hints(monkeypatch):
    """Every hint plays all its worlds (its wall-clock cap could cut a loaded test run's)."""
    from functools import partial

    from forum_trajanum.games.forum_trajanum.bots import hint

    monkeypatch.setattr(hint, "suggest", partial(hint.suggest, time_cap=float("inf")))


def _ids(app) -> list[str]:
    lst = app.screen.query_one("#decisions")
    return [lst.get_option_at_index(i).id for i in range(lst.option_count)]


# --- point 1: the arrows do what the key bar says while the coach or the hint is up -----


async def test_the_arrows_move_the_colonia_cursor_while_the_coach_is_open_as_the_key_bar_says():
    # at 80x24 the coach's strip sits over the status line; the key bar below read
    # "←↑↓→ Colonia" but the arrows did nothing until Escape closed the strip
    from forum_trajanum.tui.coach import CoachScreen, start_coach

    session = session_at("build", seed=3)
    session.autosave = False
    start_coach(session.record, [0, 1])
    app = ForumApp(bot_delay=0, session=session, choice_hold=0)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("enter")
        assert await wait_for(pilot, lambda: isinstance(app.screen, CoachScreen))
        play = app.screen_stack[-2]
        grid = play.query_one("#colonia")
        grid.focus()
        await pilot.pause()
        assert screen_text(app).splitlines()[-1].startswith("←↑↓→ Colonia")
        start = grid.cursor
        await pilot.press("right")
        assert await wait_for(pilot, lambda: grid.cursor == start + 1)
        assert app.screen is play  # the strip closed as read, the board in view
        await pilot.press("down")
        assert await wait_for(pilot, lambda: grid.cursor == start + 7)


async def test_the_arrows_move_the_colonia_cursor_while_the_hint_is_shown():
    session = session_at("build", seed=1)
    session.autosave = False
    app = ForumApp(bot_delay=0, session=session, choice_hold=0)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("enter")
        await past_hold(pilot)
        grid = app.screen.query_one("#colonia")
        grid.focus()
        await pilot.press("h")
        hint = app.screen.query_one("#hint")
        assert await wait_for(pilot, lambda: hint.hint is not None)
        assert hint.shown() and screen_text(app).splitlines()[-1].startswith("←↑↓→ Colonia")
        start = grid.cursor
        await pilot.press("right")
        assert await wait_for(pilot, lambda: grid.cursor == (start // 6) * 6 + (start + 1) % 6)
        assert hint.shown()  # the hint stays while the cursor moves


# --- point 2: one undo takes back a build chosen with its conversion, both actions --------


async def test_one_undo_takes_back_a_build_chosen_with_its_conversion_and_says_what():
    # rules "Building step": resources may be converted before building; the list's entry
    # "Build a blue fountain (B) on C1 — recolour: ..." plays the conversion then the build,
    # one choice of the player: the first u took back the build alone and said "Undone."
    session = session_at("build", seed=3)
    session.autosave = False
    app = ForumApp(bot_delay=0, session=session, choice_hold=0)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("enter")
        await past_hold(pilot)
        before = [str(a) for a in session.record.actions]
        entry = "then:convert recolour Y B|build B C1"
        ids = _ids(app)
        await pilot.press(ENTRY_KEYS[ids.index(entry)])
        assert await wait_for(pilot, lambda: len(session.record.actions) >= len(before) + 2)
        await past_hold(pilot)
        assert session.view_of(session.decider).viewer == session.decider
        await pilot.press("u")
        assert await wait_for(pilot, lambda: len(session.record.actions) <= len(before) + 1)
        await pilot.pause()
        assert [str(a) for a in session.record.actions] == before
        assert entry in _ids(app)  # the building step as it was, the entry offered again
        said = " ".join(screen_text(app).split())
        assert "Undone: " in said and "fountain" in said, said


# --- point 3: a hinted conversion that one listed build-after-conversion starts ---------


@pytest.mark.parametrize("seed", [15, 10])
async def test_a_hinted_conversion_is_named_as_the_listed_build_its_plan_goes_on_with(
    seed, uncapped_hints
):
    # rules "Building step": resources may be converted before building. The hint's search
    # rates "recolour a green worker yellow" best, and its plan builds a yellow stable next:
    # one entry of the list plays both; the hint said "[I] then [n] Recolour with an
    # assistant…" (open the conversions, take one). Seed 15: one combined entry starts
    # with that conversion; seed 10: two do (on C1 and on another cell), the plan's is named
    session = session_at("build", seed=seed)
    session.autosave = False
    app = ForumApp(bot_delay=0, session=session, choice_hold=0)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("enter")
        await past_hold(pilot)
        await pilot.press("h")
        hint = app.screen.query_one("#hint")
        assert await wait_for(pilot, lambda: hint.hint is not None)
        await pilot.pause()
        conversion, then = str(hint.hint.action), hint.hint.then
        assert conversion == "convert recolour G Y" and str(then).startswith("build Y ")
        lst = app.screen.query_one("#decisions")
        ids = _ids(app)
        starting = [i for i in ids if i.startswith(f"then:{conversion}|")]
        assert len(starting) == (1 if seed == 15 else 2)
        at = ids.index(f"then:{conversion}|{then}")
        label = str(lst.get_option_at_index(at).prompt)
        assert HINT_MARK in label  # the ★ on the combined entry, which is highlighted
        assert lst.highlighted == at
        line = " ".join(str(hint.content).split())
        words = label.split(HINT_MARK)[-1].split(" — ")[0]  # "Build a yellow stable (Y) on …"
        assert line.startswith(f"Hint: [{ENTRY_KEYS[at]}] {words}"), line
        assert "then [" not in line.split(".")[0]
        played = len(session.record.actions)
        await pilot.press("enter")  # the hint's entry: the conversion, then the build
        assert await wait_for(pilot, lambda: len(session.record.actions) >= played + 2)
        assert [str(a) for a in session.record.actions[played:]] == [conversion, str(then)]


# --- point 4: the Trajan window after a scoring ------------------------------------------


async def test_the_trajan_window_after_cycle_one_says_what_its_card_gave_and_opens_at_cycle_two():
    # rules "Trajan scoring": a cycle's card is scored once, at the end of its cycle; after
    # cycle I's scoring the window said "Cycle I: I-1 (scored after cycle I) ... you: met
    # twice now", as if it could still score
    from forum_trajanum.games.forum_trajanum.engine.state import TRAJAN_CARDS_KEY
    from forum_trajanum.games.forum_trajanum.ui.dialogs import TrajanCardsScreen

    from .conftest import busy

    session = session_at("draft", seed=13)
    session.autosave = False
    while not (session.state.scorings and session.state.tasks[-1].kind == "draft"):
        session.play(busy(session.view_of(session.decider).legal))
    pv = session.view_of(session.decider)
    gave = pv.scorings[0][pv.viewer][TRAJAN_CARDS_KEY]
    app = ForumApp(bot_delay=0, session=session, choice_hold=0)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("enter")
        await past_hold(pilot)
        await pilot.press("t")
        assert await wait_for(pilot, lambda: isinstance(app.screen, TrajanCardsScreen))
        heading = app.screen.query_one("#cycle-2")
        box = app.screen.query_one("#trajan-cards")
        assert await wait_for(pilot, lambda: heading.region.y == box.content_region.y)
        assert "Cycle II: II-3 (this cycle's card)" in screen_text(app).splitlines()[2]
        lines = [str(line.content) for line in app.screen.query("#trajan-cards Static")]
        first = lines.index(next(t for t in lines if t.startswith("Cycle I:")))
        second = lines.index(next(t for t in lines if t.startswith("Cycle II:")))
        cycle_one = lines[first:second]
        assert "(scored after cycle I)" in cycle_one[0]
        said = f"you scored {gave} VP for its tasks" if gave else "you scored no VP for it"
        assert said in cycle_one
        assert not any(t.startswith("you: ") for t in cycle_one), cycle_one
        assert any(t.startswith("you: ") for t in lines[second:])  # the current card: now


# --- point 5: one's own moves are not news once a bot's turn has begun -------------------


async def test_while_a_bot_plays_the_screen_does_not_repeat_the_players_own_moves():
    # at 80x24, while Bob (a bot) played, the lines above the empty list still said "Tess
    # placed an envoy on Forum row 1, column 4", the player's own move (ui.md principle 6:
    # no message outlives its moment)
    from forum_trajanum.core.session import GameSession
    from forum_trajanum.games.forum_trajanum.engine import GameOptions
    from forum_trajanum.games.forum_trajanum.ui.play import WatchScreen

    from .conftest import busy, decision_line, first_legal_bot_factory

    session = GameSession.new(
        3, GameOptions(players=2), ["Tess", "Bob"], ["", "normal"], autosave=False
    )
    while not (session.state.tasks[-1].kind == "envoy" and session.decider == 0):
        session.play(busy(session.view_of(session.decider).legal))
    # Bob's moves stay on the board for a while: the screen is looked at before his first
    app = ForumApp(
        bot_delay=30, session=session, choice_hold=0, bot_factory=first_legal_bot_factory
    )
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("enter")
        await past_hold(pilot)
        while session.decider == 0:  # Tess plays on (first choices) until her turn is over
            played = len(session.record.actions)
            await pilot.press("1")
            assert await wait_for(pilot, lambda n=played: len(session.record.actions) > n)
            await past_hold(pilot)
        assert await wait_for(pilot, lambda: isinstance(app.screen, WatchScreen))
        assert any(line.startswith("Tess ") for line in app.screen.data.log)  # in the log
        line = decision_line(app)
        assert line.startswith("Bob is playing"), line
        assert "Tess" not in line, line
