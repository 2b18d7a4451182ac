"""Trajan's part of the responsiveness benchmark (``python -m forum_trajanum.tui.bench``, the
``bench`` of its UI contract): a hot-seat game at a choice of a source tray, the list's
cursor moved and a choice taken with each undo back (a whole-screen update each)."""

from __future__ import annotations

from forum_trajanum.tui.bench import RepaintProbe, until


def _trajan_session(seed: int):
    """A Trajan hot-seat game at a player's choice of a source tray with several trays."""
    from forum_trajanum.core.session import GameSession
    from forum_trajanum.games.trajan.engine.state import TrajanOptions
    from forum_trajanum.games.trajan.engine.tasks import SourceTask

    session = GameSession.new(
        seed, TrajanOptions(players=2), ["Ann", "Bob"], ["", ""], game="trajan"
    )
    while not (
        isinstance(session.state.task, SourceTask)
        and len(session.view_of(session.decider).legal) >= 4
    ):
        session.play(session.view_of(session.decider).legal[0])
    return session


async def cursor_and_board(width: int, height: int, samples: int):
    """Trajan's play screen: key-to-repaint seconds of moving in the list of choices (its
    cursor) and of whole-screen updates (a choice taken, each undo back)."""
    from forum_trajanum.games.trajan.ui.playscreen import TrajanScreen
    from forum_trajanum.tui.app import ForumApp
    from forum_trajanum.tui.decisionlist import DecisionList

    session = _trajan_session(3)
    app = ForumApp(bot_delay=0, session=session, choice_hold=0, min_size=(80, 24))
    cursor: list[float] = []
    board: list[float] = []
    async with app.run_test(size=(width, height)) as pilot:
        await pilot.press("enter")  # the hand-over
        await until(pilot, lambda: isinstance(app.screen, TrajanScreen), "the play screen")
        probe = RepaintProbe(app)
        options = app.screen.query_one(DecisionList)
        options.focus()
        await pilot.pause()
        for i in range(samples):
            key = "down" if (i // 2) % 2 == 0 else "up"  # down twice, up twice, ...
            before = options.highlighted
            cursor.append(
                await probe.key_to_repaint(key, lambda b=before: options.highlighted != b)
            )
            await pilot.pause()
        cursor_cpu, probe.cpu = probe.cpu, []
        actions = app.playing.record.actions
        for _ in range(samples):
            count = len(actions)
            board.append(await probe.key_to_repaint("1", lambda c=count: len(actions) > c))
            await pilot.pause()
            while len(actions) > count:
                done = len(actions)
                board.append(await probe.key_to_repaint("u", lambda d=done: len(actions) < d))
                await pilot.pause()
    return cursor, board, cursor_cpu, probe.cpu
