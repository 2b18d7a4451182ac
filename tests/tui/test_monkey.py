"""A monkey at the keyboard (issue 26: no traceback ever reaches a player, no game is ever
lost): thousands of random keys, from the keys the screens bind, sent in bursts without
waiting for each to be handled, as a fast typist or a key held down in a terminal sends them.
From a new game into play, the menu, the lists of games, the forms and back, in every
registered game. Nothing may raise, nothing may reach ``crash.log``, and every saved game
still opens. The random generator is seeded: each run sends the same keys (what they meet
can differ a little: bots think in threads); a failure names its key's number."""

from __future__ import annotations

import random
import string

import pytest

from forum_trajanum.core import saves
from forum_trajanum.core.game import GAMES
from forum_trajanum.core.saves.paths import CRASH_LOG
from forum_trajanum.core.session import GameSession
from forum_trajanum.tui.app import ForumApp
from forum_trajanum.tui.screens import NewGameSettings
from forum_trajanum.tui.startscreen import StartScreen

#: Keys the screens bind (decision lists, boards, panels, dialogs, forms, the menu).
BOUND = [
    *string.digits,
    *string.ascii_lowercase,
    *string.ascii_uppercase,
    *[
        "up",
        "down",
        "left",
        "right",
        "enter",
        "escape",
        "tab",
        "shift+tab",
        "space",
        "question_mark",
    ],
    *["pageup", "pagedown", "home", "end"],
]
#: What moves a game on, more often than the rest: a whole game is hundreds of decisions.
PLAY = ["1", "enter", "2", "enter", "1", "space", "3", "enter"]
#: Keys sent in all, per game (a run of ten to twenty seconds).
KEYS = 2000


def random_key(rng: random.Random, app: ForumApp) -> str:
    key = rng.choice(PLAY) if rng.random() < 0.6 else rng.choice(BOUND)
    if key == "q" and isinstance(app.screen, StartScreen) and rng.random() < 0.9:
        return "enter"  # the menu's q quits the app: now and then, not at every q
    return key


SEATS = [["", "normal"], ["", ""], ["easy", ""]]


def settings(rng: random.Random, game: str) -> NewGameSettings:
    """A new game of ``game``: against a bot, or two people (with hand-overs)."""
    return NewGameSettings(
        players=2,
        names=["Ann", "Bob"],
        bots=rng.choice(SEATS),
        seed=rng.randrange(1, 10**6),
        game=game,
    )


def near_its_end(rng: random.Random, game: str) -> GameSession:
    """A game of random legal actions a few decisions before its end (its last scoring, the
    end of the game, the menu after it: where a burst of keys goes on past the last one)."""
    rules = GAMES.get(game)
    seed, seats = rng.randrange(1, 10**6), rng.choice(SEATS)

    def started() -> GameSession:
        options = rules.options(players=2)
        return GameSession.new(seed, options, ["Ann", "Bob"], seats, autosave=False, game=game)

    whole = started()
    while not whole.over:
        whole.play(rng.choice(whole.view_of(whole.decider).legal))
    session = started()
    for action in whole.record.actions[: -rng.randint(2, 12)]:
        session.play(action)
    session.autosave = True
    session.save()
    return session


def next_app(rng: random.Random, game: str, apps: int) -> ForumApp:
    """An app that starts a game near its end (the first), a new game (the second), then
    any of these or the start menu (which continues the games of the apps before)."""
    start = (
        ["near the end", "new"][apps] if apps < 2 else rng.choice(["new", "near the end", "menu"])
    )
    if start == "new":
        return ForumApp(bot_delay=0, new_game=settings(rng, game), guard_errors=False)
    if start == "near the end":
        return ForumApp(bot_delay=0, session=near_its_end(rng, game), guard_errors=False)
    return ForumApp(bot_delay=0, guard_errors=False)


@pytest.mark.long
@pytest.mark.parametrize("game", GAMES.names())
async def test_thousands_of_random_keys_in_bursts_raise_nothing_and_lose_no_game(
    game, save_home, quick_idle
):
    rng = random.Random(f"monkey {game}")
    sent = apps = 0
    while sent < KEYS:
        # the keys take each app anywhere, even to Quit on the menu: then the next starts
        app = next_app(rng, game, apps)
        apps += 1
        until = min(KEYS, sent + rng.randint(100, 400))  # this app's keys, or fewer if it quits
        async with app.run_test(size=(80, 24)) as pilot:
            while app.is_running and sent < until:
                for _ in range(rng.randint(1, 16)):  # a burst: none handled before the next
                    app.simulate_key(random_key(rng, app))
                    sent += 1
                await pilot.pause()  # until the app is idle: what the burst started has run
                assert app._exception is None, f"key {sent}: {app._exception!r}"
            if app.is_running:
                await app.action_quit()
        assert app._exception is None, f"app {apps}, key {sent}: {app._exception!r}"
        assert app.return_code in (0, None)
        if app.session is not None:
            app.session.close()  # as the app's process ending does: the game is unlocked
    assert not (save_home / CRASH_LOG).exists()
    games = saves.list_games(finished=None)
    assert games, "the keys played no game at all"
    for info in games:  # every game saved on the way opens, undamaged
        session, opened = GameSession.open(info.id)
        session.close()
        assert not opened.damaged, f"{info.id}: {opened.damage()}"


async def test_a_digit_sent_twice_on_the_which_game_dialog_closes_it_once():
    """The second "2" reaches the dialog after the first closed it: it pops no other screen
    (Textual's dismiss would pop the start menu, and the next switch of screens failed)."""
    from forum_trajanum.tui.dialogs import ChooseGameScreen, HelpScreen
    from tests.waiting import wait_for

    app = ForumApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        assert await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        app.simulate_key("question_mark")
        assert await wait_for(pilot, lambda: isinstance(app.screen, ChooseGameScreen))
        app.simulate_key("2")
        app.simulate_key("2")
        assert await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        await pilot.pause()
        below, top = app.screen_stack[-2:]
        assert isinstance(below, StartScreen) and isinstance(top, HelpScreen)
        await pilot.press("escape")
        assert await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
    assert app._exception is None


async def test_a_digit_checked_against_the_list_before_it_changed_does_nothing_visible(
    save_home,
):
    """Forum Trajanum, "Use a Colonia tile": 2 and 1 in one burst. The 2 plays "use
    received"; the 1 was checked against the same list and asks for "use own", no longer
    possible. It changes nothing, and the engine's words ("use own is not possible now: the
    decision is ...") are not shown to the player: they go to the problem log."""
    from tests.tui.conftest import past_hold, screen_text, session_at
    from tests.waiting import wait_for

    session = session_at("use", seed=3)
    assert [str(a) for a in session.view_of(session.decider).legal] == ["use own", "use received"]
    app = ForumApp(bot_delay=0, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")  # the hand-over
        await past_hold(pilot)
        played = len(session.record.actions)
        app.simulate_key("2")
        app.simulate_key("1")
        log = save_home / "forum-trajanum.log"
        assert await wait_for(pilot, lambda: log.exists() and "'use own'" in log.read_text())
        await pilot.pause()
        assert [str(a) for a in session.record.actions[played:]] == ["use received"]
        assert "not possible" not in screen_text(app)
        assert "allowed:" not in screen_text(app)
    assert "use own is not possible now" in log.read_text()


async def test_a_hand_over_asked_for_is_not_shown_when_a_key_of_the_same_burst_left_the_game(
    save_home,
):
    """Found by random keys (Trajan, 120x36): a move that passes the turn to another person
    asks for the hand-over screen once the messages already sent are handled; q in the same
    burst took the app to the menu first, and the hand-over screen then came up over the
    menu, its Enter asking the game left for its next step ("LookupError: no game is being
    played"). A game's screen asked for before the game was left is not shown."""
    from forum_trajanum.tui.messages import MenuRequested
    from forum_trajanum.tui.screens import HandOverScreen
    from tests.tui.conftest import past_hold, session_at
    from tests.waiting import wait_for

    session = session_at("setup_diagonal")
    app = ForumApp(bot_delay=0, session=session, guard_errors=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")  # the hand-over to P1
        await past_hold(pilot)
        played = len(session.record.actions)
        asked = app.push_overlay

        def after_the_burst(screen, callback) -> None:
            # q typed in the same burst, its message already waiting: handled first
            app.post_message(MenuRequested())
            asked(screen, callback)

        app.push_overlay = after_the_burst  # type: ignore[method-assign]
        await pilot.press("enter")  # P1's diagonal: P2's cranes come next, after a hand-over
        assert await wait_for(pilot, lambda: app.session is None)
        await pilot.pause()
        assert len(session.record.actions) == played + 1
        assert isinstance(app.screen, StartScreen), app.screen
        assert not any(isinstance(s, HandOverScreen) for s in app.screen_stack)
        await pilot.press("enter")
        await pilot.pause()
        assert app._exception is None, repr(app._exception)
    assert app._exception is None, repr(app._exception)


async def test_the_trajan_cards_window_closed_in_the_burst_that_opened_it_raises_nothing(
    save_home, monkeypatch
):
    """Found by random keys (Forum Trajanum): t, then Escape in the same burst, in cycle II.
    The window scrolls to the current cycle's card after its first repaint, and that came
    after the window had closed ("NoMatches: '#trajan-cards'"). A window closed meanwhile is
    left alone."""
    from forum_trajanum.games.forum_trajanum.engine import GameOptions
    from forum_trajanum.games.forum_trajanum.ui.dialogs import TrajanCardsScreen
    from tests.tui.conftest import busy, past_hold, play_screen
    from tests.waiting import wait_for

    session = GameSession.new(7, GameOptions(players=2), ["Ann", "Bob"], ["", ""], autosave=False)
    while session.state.cycle < 2 or session.state.tasks[-1].kind != "draft":
        session.play(busy(session.view_of(session.decider).legal))
    app = ForumApp(bot_delay=0, session=session, guard_errors=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_screen(pilot)
        await past_hold(pilot)
        opened: list = []
        mounted = TrajanCardsScreen.on_mount

        def on_mount(screen) -> None:
            opened.append(screen)
            mounted(screen)

        monkeypatch.setattr(TrajanCardsScreen, "on_mount", on_mount)
        app.simulate_key("t")
        app.simulate_key("escape")
        assert await wait_for(pilot, lambda: bool(opened))
        await pilot.pause()
        await pilot.pause()
        assert not isinstance(app.screen, TrajanCardsScreen)
        assert app._exception is None, repr(app._exception)
    assert app._exception is None, repr(app._exception)
