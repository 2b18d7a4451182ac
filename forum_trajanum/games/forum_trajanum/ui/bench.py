"""Forum Trajanum's part of the responsiveness benchmark (``python -m forum_trajanum.tui.bench``,
the ``bench`` of its UI contract): a hot-seat game at a build, the Colonia cursor moved and a
build taken with each undo back (a whole-board update each)."""

from __future__ import annotations

from forum_trajanum.tui.bench import RepaintProbe, until


def _session_at_build(seed: int):
    from forum_trajanum.core.session import GameSession
    from forum_trajanum.games.forum_trajanum.engine import GameOptions
    from forum_trajanum.games.forum_trajanum.engine.actions import Build
    from forum_trajanum.games.forum_trajanum.engine.tasks import Decision

    session = GameSession.new(seed, GameOptions(players=2), ["Ann", "Bob"], ["", ""])
    while session.state.tasks[-1].kind != Decision.BUILD or not any(
        isinstance(a, Build) for a in session.view_of(session.decider).legal
    ):
        session.play(session.view_of(session.decider).legal[0])
    return session


def _first_build(choices) -> int:
    """The index of the first build in the decision list (its id is the action's text)."""
    ids = [choices.get_option_at_index(i).id or "" for i in range(choices.option_count)]
    return next(i for i, entry in enumerate(ids) if entry.startswith("build "))


async def cursor_and_board(width: int, height: int, samples: int):
    """Key-to-repaint seconds of cursor moves and of whole-board updates at one size."""
    from forum_trajanum.games.forum_trajanum.ui.playscreen import PlayScreen
    from forum_trajanum.games.forum_trajanum.ui.widgets import ColoniaGrid
    from forum_trajanum.tui.app import ForumApp
    from forum_trajanum.tui.decisionlist import DecisionList

    session = _session_at_build(3)
    # no hold after the hand-over: with --samples 1 the first Enter would come too soon
    app = ForumApp(bot_delay=0, session=session, choice_hold=0, min_size=(80, 24))
    cursor: list[float] = []
    board: list[float] = []
    async with app.run_test(size=(width, height)) as pilot:
        await pilot.press("enter")  # the hand-over
        await until(pilot, lambda: isinstance(app.screen, PlayScreen), "the play screen")
        probe = RepaintProbe(app)
        grids = [g for g in app.screen.query(ColoniaGrid) if g.display and g.can_focus]
        grid = grids[0]
        grid.focus()
        await pilot.pause()
        for _ in range(samples):
            before = grid.cursor
            cursor.append(await probe.key_to_repaint("right", lambda b=before: grid.cursor != b))
            await pilot.pause()
        cursor_cpu, probe.cpu = probe.cpu, []
        app.screen.query_one(DecisionList).focus()
        await pilot.pause()
        actions = app.playing.record.actions
        choices = app.screen.query_one(DecisionList)
        for _ in range(samples):
            # a build (a step with one possible answer may follow it at once), then undo
            # step by step back to where it began: every one a whole-board update. Not the
            # top entry: it ends the turn, which cannot be undone
            choices.highlighted = _first_build(choices)
            await pilot.pause()
            count = len(actions)
            board.append(await probe.key_to_repaint("enter", lambda c=count: len(actions) > c))
            await pilot.pause()
            while len(actions) > count:
                done = len(actions)
                board.append(await probe.key_to_repaint("u", lambda d=done: len(actions) < d))
                await pilot.pause()
    return cursor, board, cursor_cpu, probe.cpu
