"""A move in the app reaches the engine's legality check once (issue 29, "one view shape"):
the screen hands up the view's own action, the session plays it, and the engine's ``apply``
is the one check; a bot's choice is played as it is, without its view being made again."""

from __future__ import annotations

import dataclasses

import pytest

from forum_trajanum.core.session import GameSession
from forum_trajanum.games.forum_trajanum.ui.playscreen import PlayScreen
from forum_trajanum.games.trajan.engine.state import TrajanOptions
from forum_trajanum.games.trajan.ui.playscreen import TrajanScreen
from forum_trajanum.tui.app import ForumApp
from tests.waiting import wait_for

from .conftest import past_hold, session_at


class _Counted:
    """A session's rules noting each call of ``apply``, ``legal_actions`` and ``view`` (with
    the action applied), in order; a bot noting when it has chosen goes in the same list."""

    def __init__(self, session: GameSession) -> None:
        game = session.rules
        self.calls: list[tuple[str, object]] = []

        def apply(state, action, player=None):
            self.calls.append(("apply", action))
            return game.apply(state, action, player)

        def legal_actions(state):
            self.calls.append(("legal_actions", None))
            return game.legal_actions(state)

        def view(state, seat):
            self.calls.append(("view", seat))
            return game.view(state, seat)

        session.rules = dataclasses.replace(
            game, apply=apply, legal_actions=legal_actions, view=view
        )

    def kinds(self) -> list[str]:
        return [kind for kind, _ in self.calls]


def _trajan_hot_seat() -> GameSession:
    return GameSession.new(
        3, TrajanOptions(players=2), ["Ann", "Bob"], ["", ""], autosave=False, game="trajan"
    )


@pytest.mark.parametrize(
    ("start", "screen"),
    [
        pytest.param(lambda: session_at("draft", seed=3), PlayScreen, id="forum-trajanum"),
        pytest.param(_trajan_hot_seat, TrajanScreen, id="trajan"),
    ],
)
async def test_a_persons_choice_is_the_views_own_action_and_the_engine_checks_it_once(
    start, screen
):
    session = start()
    app = ForumApp(bot_delay=0, session=session, choice_hold=0)
    posted: list = []
    play = app.play_action

    def noting(action) -> None:
        posted.append(action)
        play(action)

    app.play_action = noting
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.press("enter")  # the hand-over
        assert await wait_for(pilot, lambda: isinstance(app.screen, screen))
        await past_hold(pilot)
        shown = app.screen.data.view.legal
        counted = _Counted(app.session)
        actions = app.session.record.actions
        start = len(actions)
        await pilot.press("1")
        assert await wait_for(pilot, lambda: len(actions) > start)
        # the entry's action as the view holds it: no text to parse, nothing looked up
        assert len(posted) == 1 and any(posted[0] is a for a in shown)
        kinds = counted.kinds()
        assert kinds[0] == "apply" and counted.calls[0][1] is posted[0]
        # every action played (the chosen one, and any step with one answer after it) is
        # checked once: by its apply
        assert kinds.count("apply") == len(actions) - start


class _NotingBot:
    """A bot that plays the last legal action of its view and notes when it has chosen."""

    level = "noting"

    def __init__(self, calls: list) -> None:
        self.calls = calls
        self.chosen: list = []

    def choose(self, view):
        action = view.legal[-1]
        self.chosen.append(action)
        self.calls.append(("chosen", action))
        return action


async def test_a_bots_choice_is_played_as_it_is_without_making_its_view_again():
    session = session_at("draft", seed=3, bots=["", "normal"])
    counted = _Counted(session)
    bot = _NotingBot(counted.calls)
    app = ForumApp(bot_delay=0, session=session, choice_hold=0, bot_factory=lambda *_: bot)
    async with app.run_test(size=(120, 36)) as pilot:
        assert await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen))
        await past_hold(pilot)
        await pilot.press("1")  # the person's choice; the bot's decisions come after it
        assert await wait_for(pilot, lambda: len(_chosen(counted.calls)) >= 2)
    chosen = _chosen(counted.calls)
    assert len(chosen) >= 2
    for n in chosen:
        # right after choosing: its action applied as it is, nothing made or looked up first
        action = counted.calls[n][1]
        assert counted.calls[n + 1] == ("apply", action) and counted.calls[n + 1][1] is action


def _chosen(calls: list) -> list[int]:
    """Where the bot chose in ``calls``, each choice already followed by a call."""
    return [n for n, (kind, _) in enumerate(calls[:-1]) if kind == "chosen"]
