"""The first-game coach (issue 11): each kind of decision explained once to a coached seat,
switched off by "Don't show again" or k, kept in the save so that Continue repeats nothing."""

from __future__ import annotations

import pytest

from forum_trajanum.core import saves
from forum_trajanum.core import timeline as replaying
from forum_trajanum.games.forum_trajanum.engine.tasks import TASK_TYPES
from forum_trajanum.games.forum_trajanum.ui.playscreen import PlayScreen
from forum_trajanum.tui.app import ForumApp
from forum_trajanum.tui.coach import CoachScreen, coach_on, mark_seen, seen_kinds, start_coach
from forum_trajanum.tui.screens import HandOverScreen, NewGameScreen
from forum_trajanum.tui.seats import settings_from_seats
from tests.waiting import wait_for

from .conftest import past_hold, screen_text, session_at

DRAFT = TASK_TYPES["draft"].explain


def _coached_session(seats, decision="draft", skip=0):
    session = session_at(decision, seed=4, skip=skip)
    start_coach(session.record, seats)
    session.autosave = False
    return session


def _first_words(text: str) -> str:
    return text.split(". ")[0][:40]  # wrapped on screen: a start that fits on one line


async def _play_on(pilot, app, seat: int, kinds: int, coached: list) -> None:
    """Play first choices by keys until ``seat`` has decided ``kinds`` different kinds of
    decision; every coach dialog seen is noted in ``coached`` as (seat, kind)."""
    decided: set[str] = set()
    for _ in range(400):
        screen = app.screen
        if isinstance(screen, CoachScreen):
            pv = app.session.view_of(app.session.decider)
            coached.append((pv.viewer, pv.decision))
            await pilot.press("enter")
            continue
        if isinstance(screen, PlayScreen) and screen.data.view.viewer == seat:
            decided.add(screen.data.view.decision)
            if len(decided) >= kinds:
                return
        await past_hold(pilot)
        await pilot.press("1" if isinstance(screen, PlayScreen) else "enter")
    raise AssertionError("the seat did not get that many kinds of decision")


async def test_the_coach_explains_each_kind_of_decision_once():
    session = _coached_session([0, 1])
    seat = session.decider
    app = ForumApp(bot_delay=0, session=session, choice_hold=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")  # the hand-over
        assert await wait_for(pilot, lambda: isinstance(app.screen, CoachScreen))
        assert await wait_for(pilot, lambda: _first_words(DRAFT) in screen_text(app))
        assert "Coach: Draft tiles" in screen_text(app)  # at 80x24 a strip: its start
        # the draft, and the river tile that appears on its screen for the first time
        assert seen_kinds(session.record, seat) == {"draft", "note:river"}
        await pilot.press("i")  # all of it
        river = "River tile: the one Colonia tile left over at setup"
        assert await wait_for(pilot, lambda: river in screen_text(app))
        await pilot.press("enter")  # OK
        assert isinstance(app.screen, PlayScreen)
        coached: list = []
        await _play_on(pilot, app, seat, 3, coached)
        # the draft came again (the second tile, the next round), its explanation did not
        assert (seat, "draft") not in coached
        assert len(coached) == len(set(coached))  # each kind once per seat
        assert any(who == seat for who, _ in coached)  # the seat's new kinds were explained


@pytest.mark.long
@pytest.mark.long
async def test_dont_show_again_switches_the_coach_off_and_a_seat_without_it_sees_none():
    session = _coached_session([0])  # seat 1 has no coach
    app = ForumApp(bot_delay=0, session=session, choice_hold=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        coached: list = []
        if session.decider == 0:
            assert await wait_for(pilot, lambda: isinstance(app.screen, CoachScreen))
            await pilot.press("k")  # Don't show again
            assert "Coach off for P1" in screen_text(app)
        else:  # seat 1 plays first: nothing explained to it
            await _play_on(pilot, app, 1, 2, coached)
            assert await wait_for(pilot, lambda: isinstance(app.screen, CoachScreen))
            await pilot.press("k")
        assert not coach_on(session.record, 0)
        await _play_on(pilot, app, 0, 4, coached)
        await _play_on(pilot, app, 1, 4, coached)
        assert coached == []


async def test_k_switches_the_coach_off_and_on_again():
    session = _coached_session([])
    seat = session.decider
    app = ForumApp(bot_delay=0, session=session, choice_hold=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        assert isinstance(app.screen, PlayScreen)  # no coach for this seat
        await pilot.press("k")  # on: the draft, new to this seat, is explained at once
        assert coach_on(session.record, seat)
        assert await wait_for(pilot, lambda: isinstance(app.screen, CoachScreen))
        assert _first_words(DRAFT) in screen_text(app)
        await pilot.press("enter")
        await pilot.press("k")  # off again
        assert not coach_on(session.record, seat)
        assert "Coach off" in screen_text(app)
        coached: list = []
        await _play_on(pilot, app, seat, 3, coached)
        assert coached == []


async def _opened_screen(game_id: str) -> type:
    """Continue the saved game ``game_id`` and return the screen its player meets."""
    app = ForumApp(bot_delay=0, open_game=game_id, choice_hold=0)
    async with app.run_test(size=(80, 24)) as pilot:
        assert await wait_for(pilot, lambda: isinstance(app.screen, HandOverScreen))
        await pilot.press("enter")
        await pilot.pause()
        shown = type(app.screen)
        app.session.close()  # the game's lock: it is opened again below
        return shown


async def test_continue_does_not_repeat_an_explanation_seen_before():
    session = session_at("draft", seed=4)
    seat = session.decider
    start_coach(session.record, [0, 1])
    for kind in ("draft", "note:river"):  # the draft's screen shows the river tile too
        mark_seen(session.record, seat, kind)
    session.save()
    game_id = session.game.id
    session.close()
    assert await _opened_screen(game_id) is not CoachScreen
    # the coach is still on after Continue: an unseen kind is explained
    record, _ = saves.read_game(game_id)
    assert coach_on(record, seat) and seen_kinds(record, seat) == {"draft", "note:river"}
    record.meta.coach.seen = {}
    game = saves.open_game(game_id).game
    game.save(record, replaying.replay(record))
    game.close()
    assert await _opened_screen(game_id) is CoachScreen


async def test_an_old_save_without_coach_settings_loads_without_the_coach():
    session = session_at("draft", seed=4)
    assert session.record.meta.coach is None
    session.save()
    game_id = session.game.id
    session.close()
    assert issubclass(await _opened_screen(game_id), PlayScreen)


def test_the_command_line_coaches_first_games_unless_told_otherwise():
    assert settings_from_seats("Ann,Bob,normal").coach == (0, 1)  # nobody finished a game
    assert settings_from_seats("Ann,Bob,normal", coach=["bob", "3"]).coach == (1,)
    assert settings_from_seats("Ann,Bob", coach=[]).coach == ()


async def test_the_new_game_form_turns_the_coach_on_for_a_first_game_only(monkeypatch):
    def finished(finished=False):
        info = saves.GameInfo("old", saves.games_dir() / "old", names=["Livia", "Cato"])
        info.bots, info.over = ["", "easy"], True
        return [info] if finished else []

    monkeypatch.setattr(saves, "list_games", finished)
    app = ForumApp(bot_delay=0)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.press("enter")  # New game
        assert isinstance(app.screen, NewGameScreen)
        form = app.screen
        assert form.query_one("#coach-0").value and form.query_one("#coach-1").value
        await pilot.click("#name-0")
        await pilot.press("end", *["backspace"] * 8, *"Livia")
        assert not form.query_one("#coach-0").value  # Livia has finished a game
        form.query_one("#bot-1").value = "easy"
        await pilot.pause()
        # a bot's box: never ticked, but a Tab stop like a person's (issue 36: it was disabled)
        coach = form.query_one("#coach-1")
        assert coach.has_class("-bot-seat") and not coach.disabled and not coach.value
        form.query_one("#coach-0").value = True  # Livia wants the coach after all
        await pilot.click("#seed")
        await pilot.press(*"5", "enter", "enter")  # on to the Start button, and Start
        assert app.session.record.meta.coach.on == [0]


async def test_at_80x24_the_coach_leaves_the_choices_in_view_and_a_digit_takes_one():
    session = _coached_session([0, 1])
    app = ForumApp(bot_delay=0, session=session, choice_hold=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")  # the hand-over
        assert await wait_for(pilot, lambda: isinstance(app.screen, CoachScreen))
        coach, play = app.screen, app.screen_stack[-2]
        box, decide = coach.query_one("#coach-box"), play.query_one("#p-decide")
        assert await wait_for(pilot, lambda: box.region.bottom <= decide.region.y)
        decisions = play.query_one("#decisions")

        def second_readable() -> bool:  # the second entry's words are on screen
            words = str(decisions.get_option_at_index(1).prompt).split(" ", 1)[1][:30]
            return words in screen_text(app)

        assert await wait_for(pilot, second_readable)
        second = decisions.get_option_at_index(1)
        count = len(session.record.actions)
        await pilot.press("2")
        assert await wait_for(pilot, lambda: len(session.record.actions) > count)
        assert session.record.actions[count] == second.id


@pytest.mark.long
@pytest.mark.usefixtures("quick_idle")
async def test_at_80x24_the_coach_covers_neither_the_choices_nor_the_board_it_explains():
    # issue 27 item 10: one or two sentences in a strip over the status line, the rest one key
    # (m) away; neither the decision list nor the board panel on screen is covered
    session = _coached_session([0, 1], decision="setup_cranes")
    app = ForumApp(bot_delay=0, session=session, choice_hold=0)
    explained: set[str] = set()
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(300):
            screen = app.screen
            if isinstance(screen, CoachScreen):
                play = app.screen_stack[-2]
                await pilot.pause()
                box = screen.query_one("#coach-box").region
                choices = play.query_one("#decisions").region
                shown = [p.region for p in play.query("#board .panel") if p.region.height]
                # the list shows its eight rows, or every choice of a shorter one
                rows = min(8, play.query_one("#decisions").option_count)
                assert choices.height >= rows and len(shown) == 1, shown  # compact: one panel
                panel = shown[0]
                assert not box.overlaps(choices) and not box.overlaps(panel), (box, panel)
                assert screen.query_one("#coach-short").region.height <= 2
                if not explained:  # m: the whole explanation, m again: its short form
                    whole = screen.query_one("#coach-text")
                    await pilot.press("i")
                    await pilot.pause()
                    assert whole.display and whole.region.height > 2
                    assert " ".join(screen.text.split())[:60] in " ".join(screen_text(app).split())
                    await pilot.press("i")
                    await pilot.pause()
                    assert not whole.region.height
                explained.add(play.data.view.decision)
                await pilot.press("escape")
                await pilot.pause()
                continue
            await past_hold(pilot)
            key = "1" if isinstance(screen, PlayScreen) else "enter"
            if key == "1" and screen.data.view.decision == "build" and len(screen.actions) > 1:
                key = "2"  # a build (1 ends the turn): the envoy of a structure follows
            await pilot.press(key)
            if {"draft", "use", "build", "envoy"} <= explained:
                break
        assert {"setup_cranes", "draft", "use", "build", "envoy"} <= explained, explained


async def test_at_80x24_h_on_the_coach_closes_it_and_asks_for_the_hint():
    # the teammate's game: h with the coach strip up did nothing and said nothing
    session = _coached_session([0, 1])
    app = ForumApp(bot_delay=0, session=session, choice_hold=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")  # the hand-over
        assert await wait_for(pilot, lambda: isinstance(app.screen, CoachScreen))
        assert await wait_for(pilot, lambda: not app.screen.held)
        count = len(session.record.actions)
        await pilot.press("h")
        assert await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen))
        assert len(session.record.actions) == count  # nothing chosen
        hints = app.screen.query_one("#hint")
        assert hints.hint_view is app.screen.data.view  # asked for (thinking, or done)
        assert await wait_for(pilot, lambda: hints.hint is not None)
        await pilot.pause()
        assert "Hint:" in screen_text(app)


@pytest.mark.parametrize("key", ["q", "question_mark"])
async def test_at_80x24_q_and_question_mark_on_the_coach_close_it_and_do_what_the_key_bar_says(
    key,
):
    # QA at 80x24: with the coach strip up the key bar below still said "q Menu" and "? Help",
    # and both keys did nothing at all (a first-timer pressed q twice and stayed put)
    from forum_trajanum.tui.dialogs import HelpScreen
    from forum_trajanum.tui.startscreen import StartScreen

    session = _coached_session([0, 1])
    app = ForumApp(bot_delay=0, session=session, choice_hold=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")  # the hand-over
        assert await wait_for(pilot, lambda: isinstance(app.screen, CoachScreen))
        assert await wait_for(pilot, lambda: not app.screen.held)
        assert "q Menu" in screen_text(app) and "? Help" in screen_text(app)
        count = len(session.record.actions)
        await pilot.press(key)
        wanted = StartScreen if key == "q" else HelpScreen
        assert await wait_for(pilot, lambda: isinstance(app.screen, wanted))
        assert not any(isinstance(s, CoachScreen) for s in app.screen_stack)
        assert len(session.record.actions) == count  # nothing chosen


async def test_a_panel_key_of_the_key_bar_closes_the_coach_and_shows_that_panel():
    """QA at 80x24: with the coach up, the key bar's panel keys did nothing. Now the coach
    closes as read and the key does its work (l the log); the coach's own key for the rest of
    its explanation is said on its line (i: more)."""
    session = _coached_session([0, 1])
    app = ForumApp(bot_delay=0, session=session, choice_hold=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")  # the hand-over
        assert await wait_for(pilot, lambda: isinstance(app.screen, CoachScreen))
        assert await wait_for(pilot, lambda: "i: more" in screen_text(app))
        play = app.screen_stack[-2]
        await past_hold(pilot)
        await pilot.press("l")  # the key bar's Log: the log panel shown
        assert await wait_for(pilot, lambda: app.screen is play and play.panel == "log")
