"""The shell plays a game it has never heard of (issue 29): Tiny, the test-only game of
``tests/tinygame/`` (registered by ``tests/testonly.py`` for these tests), is offered by the
New game form, played to its end by keys against its bot at 80x24, saved, listed with its
summary, reopened, undone across a step but not across a card seen, and replayed, with nothing
of the program naming it: everything the shell shows of it comes through its
:class:`~forum_trajanum.tui.contract.GameUI`.

What the shell still lacks is marked ``xfail(strict=True)`` with the reason: the day it is
done, the test passes and its mark must go."""

from __future__ import annotations

import pytest
from textual.widgets import Select

from forum_trajanum.core import saves
from forum_trajanum.core.session import GameSession
from forum_trajanum.games import GAMES
from forum_trajanum.tui.app import ForumApp
from forum_trajanum.tui.games import GamesScreen
from forum_trajanum.tui.screens import HandOverScreen, NewGameScreen
from forum_trajanum.tui.seats import settings_from_seats
from forum_trajanum.tui.startscreen import StartScreen
from tests.tinygame.ui.replay import TinyReplayScreen
from tests.tinygame.ui.screens import (
    TinyHelpScreen,
    TinyOverScreen,
    TinyScoringScreen,
    TinyScreen,
)
from tests.waiting import settled

from .conftest import past_hold, press_quickly, screen_text

pytestmark = pytest.mark.usefixtures("test_only_games")
SMALL = (80, 24)


def _saved_game(actions: int | None, bots=("", "easy"), seed: int = 3) -> GameSession:
    """A 2-player Tiny game (Ann and an Easy bot) saved after ``actions`` first legal
    actions (None: to its end), closed."""
    game = GAMES.get("tiny")
    s = GameSession.new(seed, game.options(players=2), ["Ann", "Easy bot"], list(bots),
                        game="tiny")  # fmt: skip
    while not s.over and (actions is None or len(s.record.actions) < actions):
        s.play(s.rules.legal_actions(s.state)[0])
    s.wait_saved()
    s.close()
    return s


async def _menu(pilot, app, entry: str) -> None:
    menu = app.screen.query_one("#menu")
    menu.highlighted = next(
        i for i in range(menu.option_count) if menu.get_option_at_index(i).id == entry
    )
    await pilot.press("enter")


async def _choose(pilot, app, field: str, value) -> None:
    """Choose ``value`` in a list field of the form by keys: Space opens it, the arrows go to
    the entry, Enter takes it."""
    select = app.screen.query_one(f"#{field}", Select)
    select.focus()
    values = [v for _, v in select._options]
    await pilot.press("space")
    steps = values.index(value) - values.index(select.value)
    await pilot.press(*(["down"] * steps if steps > 0 else ["up"] * -steps), "enter")
    assert select.value == value


async def test_the_new_game_form_offers_the_test_only_game_and_starts_it_by_keys():
    app = ForumApp(bot_delay=0, choice_hold=0.001)
    async with app.run_test(size=SMALL) as pilot:
        assert isinstance(app.screen, StartScreen)
        await _menu(pilot, app, "new")
        assert isinstance(app.screen, NewGameScreen)
        await _choose(pilot, app, "game", "tiny")
        await _choose(pilot, app, "bot-1", "easy")
        app.screen.query_one("#seed").focus()
        await pilot.press("3", "enter", "enter")  # the seed, then Start
        session = app.session
        assert session is not None and session.record.game == "tiny"
        assert session.record.bots == ["", "easy"] and session.record.seed == 3
        await pilot.pause()
        assert isinstance(app.screen, TinyScreen)


async def test_a_whole_tiny_game_by_keys_against_its_bot_at_80x24(quick_idle):
    """Started as ``forum-trajanum new --game tiny --seats Ann,easy`` starts it, played by
    keys: the play screen shows the person's own hand only (the bot's as "?"), each round's
    scoring is shown, the final ranking ends it, and the save holds the finished game."""
    settings = settings_from_seats("Ann,easy", game="tiny", seed=3)
    app = ForumApp(bot_delay=0, choice_hold=0.001, new_game=settings)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        session = app.session
        assert session is not None and session.record.game == "tiny"
        assert session.record.bots == ["", "easy"] and session.record.seed == 3
        scorings = presses = 0
        while not isinstance(app.screen, TinyOverScreen):
            screen = app.screen
            assert not isinstance(screen, HandOverScreen)  # one person at the table
            if isinstance(screen, TinyScoringScreen):
                scorings += 1
            elif isinstance(screen, TinyScreen) and screen.data.view.viewer >= 0:
                assert screen.data.view.viewer == 0 == session.decider
                bot_line = next(line for line in screen_text(app).splitlines() if "bot:" in line)
                hand = bot_line.split("hand ")[1].split(" ·")[0].split()
                assert set(hand) <= {"?"}, bot_line  # the bot's cards are never shown
            await past_hold(pilot)
            await press_quickly(pilot, "1" if type(screen) is TinyScreen else "enter")
            presses += 1
            assert presses < 60, "the game did not finish"
        assert session.over and scorings == 3
        assert "Final ranking" in screen_text(app)
        await pilot.press("enter")
        assert isinstance(app.screen, StartScreen)
    [info] = saves.list_games(finished=True)
    assert info.game == "tiny" and info.stage() == "finished" and "won with" in info.result()
    record, state = saves.read_game(info.id)
    assert record.actions == session.record.actions and GAMES.get("tiny").is_over(state)


async def test_a_card_played_is_undone_by_key_but_not_once_a_card_is_drawn():
    """Hot seat, two people: the first takes back a card played (u), then plays and draws;
    the next person, after the hand-over, cannot undo the other's draw."""
    s = _saved_game(0, bots=("", ""))
    app = ForumApp(bot_delay=0, open_game=s.game.id)
    async with app.run_test(size=SMALL) as pilot:
        assert isinstance(app.screen, HandOverScreen)
        await pilot.press("enter")
        await past_hold(pilot)
        first = app.session.decider
        assert isinstance(app.screen, TinyScreen) and app.screen.data.view.viewer == first
        hand = list(app.session.state.seats[first].hand)
        await pilot.press("1")  # play the lowest card
        assert app.session.state.seats[first].hand == hand[1:]
        await pilot.press("u")
        assert app.session.state.seats[first].hand == hand and app.session.record.actions == []
        await past_hold(pilot)
        await pilot.press("1")
        await past_hold(pilot)
        await pilot.press("1")  # draw: a card seen, and the turn passes
        played = list(app.session.record.actions)
        assert played[-1] == "draw" and app.session.decider != first
        assert isinstance(app.screen, HandOverScreen)
        await pilot.press("enter")
        await past_hold(pilot)
        await pilot.press("u")
        assert "Nothing to undo" in screen_text(app)
        assert app.session.record.actions == played


async def test_the_games_list_shows_a_saved_tiny_game_with_its_summary_and_opens_it():
    _saved_game(5)
    app = ForumApp(bot_delay=0)
    async with app.run_test(size=SMALL) as pilot:
        await _menu(pilot, app, "continue")
        assert isinstance(app.screen, GamesScreen)
        text = screen_text(app)
        assert "Tiny · Ann, Easy bot" in text and "round 2 of 3" in text
        await pilot.press("enter")
        await pilot.pause()
        assert app.session is not None and app.session.record.game == "tiny"
        assert len(app.session.record.actions) == 5
        assert isinstance(app.screen, TinyScreen)
        assert "Round 2 of 3" in screen_text(app)


async def test_the_replay_window_opens_a_finished_tiny_game_and_steps_through_it():
    s = _saved_game(None)
    length = len(s.record.actions)
    app = ForumApp(bot_delay=0)
    async with app.run_test(size=SMALL) as pilot:
        await _menu(pilot, app, "finished")
        assert isinstance(app.screen, GamesScreen)
        await pilot.press("r")
        await settled(pilot)
        assert isinstance(app.screen, TinyReplayScreen)
        assert f"Action 0 of {length}" in screen_text(app)
        await pilot.press("right")
        await settled(pilot)
        assert f"Action 1 of {length}" in screen_text(app)
        assert "played the" in screen_text(app)  # a finished game tells the secret cards
        await pilot.press("end")
        await settled(pilot)
        assert f"Action {length} of {length}" in screen_text(app)
        assert "?" not in screen_text(app)  # no secrets left: every hand is shown
        await pilot.press("escape")
        await settled(pilot)
        assert isinstance(app.screen, GamesScreen)


async def test_the_replay_command_opens_a_tiny_save_through_its_contract():
    """``forum-trajanum replay FILE`` finds the game's replay screen in its UI contract."""
    from forum_trajanum.tui.replayapp import ReplayApp, replay_screen_for

    s = _saved_game(4)
    screen = replay_screen_for(s.game.path)
    assert isinstance(screen, TinyReplayScreen) and not screen.replay.finished
    app = ReplayApp(screen)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("end")
        text = screen_text(app)
        assert "Action 4 of 4" in text and "hands are not shown" in text
        assert "played the" not in text  # an unfinished game keeps its secrets


async def test_the_help_key_opens_the_games_own_help_from_its_contract():
    s = _saved_game(1)
    app = ForumApp(bot_delay=0, open_game=s.game.id)
    async with app.run_test(size=SMALL) as pilot:
        await past_hold(pilot)
        assert isinstance(app.screen, TinyScreen)
        await pilot.press("question_mark")
        assert isinstance(app.screen, TinyHelpScreen)
        assert "the highest wins the prize" in screen_text(app)
        await pilot.press("escape")
        assert isinstance(app.screen, TinyScreen)
