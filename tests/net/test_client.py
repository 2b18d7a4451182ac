"""The game session of a joined seat (issue 30: "the join client reuses the play screens
through the core's session interface"): :class:`RemoteSession` answers what the app asks of
a :class:`GameSession`, from the host's messages, in a thread of its own."""

from __future__ import annotations

import asyncio
import random
import threading

import pytest

from forum_trajanum.core.errors import GameError
from forum_trajanum.net.client import JoinError, RemoteSession
from forum_trajanum.net.protocol import Address
from tests.net.helpers import hosting


async def test_a_remote_session_plays_a_whole_game_as_a_game_session_is_played():
    async with hosting("trajan", "Ann", "Bob", "easy") as hosted:
        table = hosted.table()
        ann, bob = [await RemoteSession.connect(address) for address in hosted.addresses[1]]
        changed = threading.Condition()

        def noted(_session) -> None:
            with changed:
                changed.notify_all()

        def next_mover() -> RemoteSession | None:
            """The session whose decision it is, once its own state says so (None: the
            game is over)."""

            def found():
                if ann.over:
                    return [None]
                return [s for s in (ann, bob) if s.decider == s.seat]

            with changed:
                return changed.wait_for(found, 60)[0]

        try:
            ann.on_change(noted)
            bob.on_change(noted)
            assert (ann.seat, bob.seat, ann.players) == (0, 1, 3)
            assert ann.name(2) == "Easy bot" and ann.is_bot(2) and not ann.is_bot(1)
            assert ann.rules.name == "trajan"
            rng = random.Random(2)
            mirrored = 0
            while (mover := await asyncio.to_thread(next_mover)) is not None:
                view = mover.view_of(mover.seat)
                assert view.viewer == mover.seat and view.legal
                with pytest.raises(GameError, match=r"plays .*'s seat only"):
                    mover.play("pass", seat=1 - mover.seat)
                await asyncio.to_thread(mover.play, str(rng.choice(view.legal)))
                # the seat's own view mirrors the host's (when the host has not moved on)
                if mover.host_state.decision == table.decision:
                    assert mover.view_of(mover.seat) == table.session.view_of(mover.seat)
                    mirrored += 1
            await asyncio.to_thread(bob.wait_until, lambda s: s.over)
            assert mirrored > 20
            assert [e.text for e in ann.log] == [e.text for e in table.session.log]
            assert ann.rounds == table.session.rounds
            assert ann.public_view() == table.session.view_of(0)
            assert ann.saved and ann.unsaved == 0 and not ann.can_undo()
        finally:
            await ann.aclose()
            await bob.aclose()


async def test_a_remote_session_that_cannot_join_says_why_in_player_words():
    async with hosting("trajan", "Ann", "Bob") as hosted:
        right = hosted.addresses[1][0]
        wrong = Address(right.host, right.port, 1, "zzzzz-zzzzz-zzzzz-zzzzz")
        with pytest.raises(JoinError, match="opens no seat"):
            await RemoteSession.connect(wrong)
        nobody = Address(right.host, 9, 1, right.secret)  # no host listens there
        # said at once (issue 35, point 17): a patience (20 s) longer than an answer at once takes
        with pytest.raises(JoinError, match=r"No game host is listening at 127\.0\.0\.1:9"):
            await RemoteSession.connect(nobody, timeout=20)
