"""One game on a host: its session (the core's, saved after every action), its seats (people
with secrets, bots played on the host) and its flow (the core's conductor).

No networking here: the host (:mod:`forum_trajanum.net.host`) hands a table the messages of
its seats' connections and is told after every change (:attr:`Table.changed`), to send each
connected seat its own state (:meth:`Table.state_for`).

- A person's action names the decision it answers (:attr:`Table.decision`: the number of
  actions so far and of steps taken back): an answer to another decision is refused, unless it
  is the very action that decision got from the very seat that sends it (a resend after a lost
  connection), which is answered as applied without playing it again. Nothing doubled. To any
  other seat, every answer to a past decision is the same refusal: a guess at another seat's
  hidden choice (a draft's keep, a marker placement) learns nothing.
- Every action is on disk before anybody hears of it (the session's save, waited for off the
  event loop): a host killed at any moment resumes where every client last was. When a save
  fails (a full disk, a read-only folder), every seat's state says so, the host's terminal
  too, and no move is played (nor any bot's) until saving works again: it is tried again on
  every move asked for and every :data:`SAVE_RETRY` seconds.
- Bots choose from their own view, in a thread (the event loop serves the other tables
  meanwhile); a decision with one possible answer is played by itself, as the app does
  (the conductor says so).
- The save keeps each person's secret as a digest only
  (:class:`~forum_trajanum.core.record.HostedMeta`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from concurrent.futures import Executor, Future
from typing import Any

from forum_trajanum.core import saves
from forum_trajanum.core.errors import GameError
from forum_trajanum.core.record import HostedMeta
from forum_trajanum.core.session import GameSession
from forum_trajanum.core.table import BotTurn, GameTable
from forum_trajanum.net.protocol import (
    Act,
    Answer,
    LogLine,
    RoundLine,
    State,
    Undo,
    digest,
    new_secret,
    secret_matches,
)
from forum_trajanum.net.views import legal_texts, view_data

LOG = logging.getLogger("forum-trajanum.host")

#: What a client is told when its answer came after the game moved on.
MOVED_ON = "The game has moved on since you chose that; here is where it stands now."
#: Seconds between tries to save again while saving fails.
SAVE_RETRY = 5.0
#: Seconds at least between two tries asked for by moves (a flood of moves while the disk is
#: full must not become a flood of writes).
SAVE_TRY_GAP = 1.0


async def _written(write: Future) -> None:
    """Wait on the event loop until a save's ``write`` is done (well or not). Unlike
    ``asyncio.wrap_future``, being cancelled (the table stops) leaves the write alone."""
    loop = asyncio.get_running_loop()
    done = loop.create_future()

    def wake() -> None:
        if not done.done():
            done.set_result(None)

    def written(_write: Future) -> None:  # in the writer's thread
        with contextlib.suppress(RuntimeError):  # the loop is closed: nobody waits
            loop.call_soon_threadsafe(wake)

    write.add_done_callback(written)
    await done


class TableError(ValueError):
    """A table that cannot be set up or resumed; the words say why."""


class Table:
    """One game played on a host (see the module's docstring)."""

    def __init__(
        self,
        number: int,
        session: GameSession,
        *,
        bot_pool: Executor | None = None,
        save_pool: Executor | None = None,
    ) -> None:
        hosted = session.record.meta.hosted
        if hosted is None:
            raise TableError("the game has no seats for a host")
        self.number = number
        self.session = session
        session.background_saves = True  # written by the writer thread, waited for off-loop
        #: the game at the table: what comes next (the host maps its steps to messages)
        self.game = GameTable(session)
        self.lock = asyncio.Lock()
        self.bot_pool = bot_pool
        self.save_pool = save_pool
        #: Called after every change (an action, a step taken back), with the table.
        self.changed: Callable[[Table], None] = lambda _table: None
        self._advancing: asyncio.Task | None = None
        #: (seat, words): what the last action of ``seat`` led to by itself.
        self._alone: tuple[int, str] = (-1, "")
        #: Prints a line on the host's terminal (the host sets it: a save failing, working).
        self.say: Callable[[str], None] = lambda _text: None
        self.save_retry = SAVE_RETRY
        self._retrying: asyncio.Task | None = None
        #: Why the game cannot be saved ("" while it can), and how many moves are not on
        #: disk: kept while a save is tried again (the session's error is cleared meanwhile).
        self.save_problem = ""
        self._unsaved = 0
        self._tried = 0.0  # when saving was last tried while it failed (the loop's clock)

    # --- making and resuming ----------------------------------------------------------

    @classmethod
    def new(
        cls,
        number: int,
        game: str,
        options,
        names: list[str],
        bots: list[str],
        seed: int,
        *,
        bind: str = "127.0.0.1",
        port: int = 0,
        autosave: bool = True,
        **pools,
    ) -> tuple[Table, dict[int, str]]:
        """A new game at table ``number``, saved at once; returns it and each person's
        secret by seat (shown once: the save keeps digests only)."""
        secrets = {seat: new_secret() for seat in range(len(names)) if not bots[seat]}
        digests = [digest(secrets[seat]) if seat in secrets else "" for seat in range(len(names))]

        def start(record) -> None:
            hosted = HostedMeta(table=number, bind=bind, port=port, digests=digests)
            record.meta = record.meta.model_copy(update={"hosted": hosted})

        session = GameSession.new(
            seed, options, names, bots, autosave=autosave, start=start, game=game
        )
        if autosave and session.save_error:
            session.close()
            raise TableError(f"the game cannot be saved: {session.save_error}")
        return cls(number, session, **pools), secrets

    @classmethod
    def resume(cls, game_id: str, **pools) -> tuple[Table, dict[int, str]]:
        """A saved game at the table its save names, the same secrets working as before. A
        game never played on a host gets a secret for each person (returned; none else)."""
        try:
            session, _opened = GameSession.open(game_id)
        except saves.SaveError as exc:
            raise TableError(str(exc)) from exc
        fresh: dict[int, str] = {}
        hosted = session.record.meta.hosted
        if hosted is None:
            people = [s for s in range(session.players) if not session.is_bot(s)]
            fresh = {seat: new_secret() for seat in people}
            digests = [digest(fresh[s]) if s in fresh else "" for s in range(session.players)]
            hosted = HostedMeta(digests=digests)
            session.record.meta = session.record.meta.model_copy(update={"hosted": hosted})
        return cls(hosted.table, session, **pools), fresh

    def listening(self, bind: str, port: int) -> None:
        """Note where the host listens (``--continue`` listens there again), in the save."""
        self.set_hosted(bind=bind, port=port)
        self.session.save()

    def close(self) -> None:
        """Release the game's save (after its last write)."""
        if self._advancing is not None:
            self._advancing.cancel()
        if self._retrying is not None:
            self._retrying.cancel()
        self.session.close()

    # --- who -------------------------------------------------------------------------

    @property
    def hosted(self) -> HostedMeta:
        hosted = self.session.record.meta.hosted
        assert hosted is not None
        return hosted

    @property
    def decision(self) -> str:
        """The name of the decision to answer now: actions so far, steps taken back."""
        return f"{len(self.session.record.actions)}.{self.hosted.undos}"

    def seat_of(self, secret: str) -> int | None:
        """The person's seat whose secret this is (every seat's digest is compared, in
        constant time each), or None."""
        found = None
        for seat, expected in enumerate(self.hosted.digests):
            if secret_matches(secret, expected):
                found = seat
        return found

    def people(self) -> list[int]:
        """The seats of people (not bots)."""
        return [seat for seat, d in enumerate(self.hosted.digests) if d]

    def set_hosted(self, **update) -> None:
        """Change the save's data of the hosted game (saved with the next save)."""
        meta = self.session.record.meta
        hosted = self.hosted.model_copy(update=update)
        self.session.record.meta = meta.model_copy(update={"hosted": hosted})

    # --- what a seat is sent ------------------------------------------------------------

    def state_for(self, seat: int, log_from: int) -> State:
        """Everything ``seat`` may know now: its own view, its legal actions, the public log
        from line ``log_from`` on (from the start when the log is shorter: steps were taken
        back), the scores after each round."""
        return self._state(self.session.view_of(seat), seat, log_from, view_data)

    def state_text(self, seat: int, log_from: int) -> str:
        """:meth:`state_for` as the JSON text sent (the view written by its own model)."""
        view = self.session.view_of(seat)
        state = self._state(view, seat, log_from, lambda _view: {})
        head = state.model_dump_json(exclude={"view"})
        return f'{head[:-1]},"view":{view.model_dump_json()}}}'

    def _state(self, view, seat: int, log_from: int, data) -> State:
        s = self.session
        start = min(log_from, len(s.log))
        lines = [
            LogLine.model_construct(
                seat=e.seat,
                text=e.text,
                period=e.period,
                actor=e.actor,
                points=list(e.points),
            )
            for e in s.log[start:]
        ]
        rounds = [
            RoundLine.model_construct(period=r.period, scores=list(r.scores)) for r in s.rounds
        ]
        decider = s.decider
        alone = self._alone[1] if self._alone[0] == seat == decider else ""
        return State.model_construct(
            v=1,
            type="state",
            decision=self.decision,
            steps=len(s.record.actions),
            decider=decider,
            over=s.over,
            view=data(view),
            legal=legal_texts(view),
            log_start=start,
            log=lines,
            rounds=rounds,
            scorings=s.rules.scorings(s.state),
            can_undo=decider == seat and s.can_undo(),
            played_alone=" ".join(filter(None, (alone, self.not_saving()))),
        )

    # --- saving -----------------------------------------------------------------------

    def not_saving(self) -> str:
        """Player words while the game cannot be saved ("" while it can): sent to every seat
        with each state (in ``played_alone``, which every client shows), and as the answer to
        a move asked for meanwhile."""
        if not self.save_problem:
            return ""
        count = self._unsaved
        lost = f"the last {count} moves" if count > 1 else "the last move"
        return (
            f"The host cannot save this game ({self.save_problem[:200]}): {lost} would be lost if "
            "it stopped now, so no move is played until it can save again (it tries again by "
            "itself)."
        )

    async def _can_save(self, force: bool = False) -> bool:
        """Whether saving works (the lock held): while it failed, it is tried again now (at
        most once every :data:`SAVE_TRY_GAP` seconds, unless ``force``); once it works, every
        seat hears so and the flow goes on."""
        s = self.session
        if not (self.save_problem or s.save_error):
            return True
        now = asyncio.get_running_loop().time()
        if not force and self.save_problem and now - self._tried < SAVE_TRY_GAP:
            return False
        self._tried = now
        s.save()
        await self._saved()
        if s.save_error:
            return False
        self.changed(self)
        self.kick()
        return True

    # --- a person's messages ------------------------------------------------------------

    async def act(self, seat: int, message: Act) -> Answer:
        """Play a person's action, if it answers the decision of now and is theirs."""
        async with self.lock:
            s = self.session
            if not await self._can_save():
                return Answer(id=message.id, applied=False, words=self.not_saving())
            if message.decision != self.decision:
                if self._already_played(seat, message):
                    return Answer(id=message.id, applied=True)
                return Answer(id=message.id, applied=False, words=MOVED_ON)
            if s.over:
                return Answer(id=message.id, applied=False, words="The game is over.")
            if seat != s.decider:
                words = f"It is {s.name(s.decider)}'s decision, not yours."
                return Answer(id=message.id, applied=False, words=words)
            try:
                await self._play(message.action, seat)
            except GameError as exc:
                LOG.info(
                    "table %d: %s's %r refused: %s",
                    self.number,
                    s.name(seat),
                    message.action[:60],
                    exc,
                )
                words = "That is not one of your choices now (the list on screen is up to date)."
                return Answer(id=message.id, applied=False, words=words)
        self.kick()
        return Answer(id=message.id, applied=True)

    def _already_played(self, seat: int, message: Act) -> bool:
        """Whether ``message`` is ``seat``'s resend of the action it gave its decision (its
        answer was lost with the connection). Only the seat that decided that step is told:
        for any other seat this is False whatever the action named, or the answer would say
        whether a guess at its hidden choice was right."""
        steps, undos = (int(part) for part in message.decision.split("."))
        s = self.session
        actions = s.record.actions
        return (
            undos == self.hosted.undos
            and steps < len(actions)
            and steps < len(s.actors)
            and s.actors[steps] == seat
            and actions[steps] == message.action
        )

    async def undo(self, seat: int, message: Undo) -> Answer:
        """Take back the last step of ``seat``'s own turn, if it answers the decision of now
        and nothing hidden was revealed since."""
        async with self.lock:
            s = self.session
            if not await self._can_save():
                return Answer(id=message.id, applied=False, words=self.not_saving())
            if message.decision != self.decision:
                return Answer(id=message.id, applied=False, words=MOVED_ON)
            if seat != s.decider or not s.can_undo():
                words = "Nothing can be taken back now: only steps of your own turn, until "
                words += "something hidden is shown."
                return Answer(id=message.id, applied=False, words=words)
            self.set_hosted(undos=self.hosted.undos + 1)
            s.undo()  # saves (the step taken back and the count of undos)
            self._alone = (-1, "")
            await self._saved()
            self.changed(self)
        return Answer(id=message.id, applied=True)

    # --- the flow ---------------------------------------------------------------------

    async def _play(self, action, seat: int) -> None:
        """Apply an action (or its text; the lock held), wait for its save, then tell the
        host."""
        self.game.play(action, seat)
        await self._played(seat)

    async def _played(self, seat: int) -> None:
        """After ``seat``'s action (the lock held): wait for its save, then tell the host."""
        s = self.session
        self._alone = (seat, s.played_alone)
        await self._saved()
        if s.over:
            self.say(self.final_words())
        self.changed(self)

    def final_words(self) -> str:
        """The end of the game in a line, for the host's terminal: the final scores, and who
        won (the game's own ranking: ties share a place)."""
        s = self.session
        scores = s.rules.scores(s.state)
        ranking = s.rules.ranking(s.state)
        shown = ", ".join(f"{s.name(seat)} {scores[seat]}" for seat in range(s.players))
        first = " and ".join(s.name(seat) for seat in ranking[0]) if ranking else "?"
        won = "win" if ranking and len(ranking[0]) > 1 else "wins"
        return f"Table {self.number}: the game is over: {first} {won} ({shown})."

    async def _saved(self) -> None:
        """Wait until the save is on disk. A failure is said on the host's terminal (once,
        until saving works again) and stops play until then (:meth:`not_saving`)."""
        s = self.session
        last = s.game.last_write if s.game is not None else None
        if last is not None and not last.done():  # awaited on the loop: no thread blocks
            await _written(last)
        if not s.saved:  # pragma: no cover - a save asked for while this one was written
            await asyncio.get_running_loop().run_in_executor(self.save_pool, s.wait_saved)
        failing = bool(self.save_problem)
        s.wait_saved()  # at once now: notes the save's error, if any
        self.save_problem, self._unsaved = s.save_error, s.unsaved
        if s.save_error and not failing:
            self._tried = asyncio.get_running_loop().time()
            # the host's terminal hears it (say); the problem log has it from the session
            LOG.info("table %d: saving failed: %s", self.number, s.save_error)
            self.say(
                f"Table {self.number}: saving the game failed ({s.save_error}); no move is "
                f"played until it can save again (tried every {self.save_retry:g} s)."
            )
            self._retrying = asyncio.get_running_loop().create_task(self._retry_saving())
        elif not s.save_error and failing:
            self.say(f"Table {self.number}: the game is saved again; play goes on.")
            if self._retrying is not None and self._retrying is not asyncio.current_task():
                self._retrying.cancel()
            self._retrying = None

    async def _retry_saving(self) -> None:
        """While saving fails: try again every :attr:`save_retry` seconds; once it works,
        every seat hears so and the flow goes on."""
        while True:
            await asyncio.sleep(self.save_retry)
            async with self.lock:
                if await self._can_save(force=True):
                    return

    def kick(self) -> None:
        """Let the flow go on (bots, decisions with one answer) until a person decides."""
        if self._advancing is None or self._advancing.done():
            self._advancing = asyncio.get_running_loop().create_task(self.advance())

    async def advance(self) -> None:
        """Play what the conductor says until a person must decide or the game ends."""
        s = self.session
        while True:
            async with self.lock:
                if self.save_problem or s.save_error:
                    return  # nothing is played until the game can be saved again
                step = self.game.next_step()
                if step.kind in ("scoring", "handover"):
                    self.game.shown(step)  # each client shows these on its own screen
                    continue
                if step.kind == "auto":
                    await self._play(step.action, step.seat)
                    continue
                if step.kind != "bot":
                    return  # a person decides, or the game is over
                turn = self.game.bot_turn(step.seat)
                said = self.game.stand_ins.pop(step.seat, "")
                if said:  # once, when the bot was made
                    LOG.warning("table %d: %s", self.number, said)
            action, problem = await self._bot_choice(turn)
            async with self.lock:
                if self.game.stale(turn):  # pragma: no cover - only a bot acts meanwhile
                    continue
                _played, words = self.game.play_bot(turn, action, problem)
                if words:
                    LOG.warning("table %d: %s", self.number, words)
                await self._played(turn.seat)

    async def _bot_choice(self, turn: BotTurn) -> tuple[Any, str]:
        """A bot's choice from its own view, thought out in a thread, and what went wrong
        ("" when nothing did)."""
        try:
            loop = asyncio.get_running_loop()
            return await loop.run_in_executor(self.bot_pool, turn.bot.choose, turn.view), ""
        except Exception as exc:  # a bot's bug must not stop the table
            return None, f"{type(exc).__name__}: {exc}"

    async def stop(self) -> None:
        """Stop the flow (a bot thinking is left to finish in its thread, unheard)."""
        for task in (self._advancing, self._retrying):
            if task is not None and not task.done():
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
