"""A game session: the state, its record, undo snapshots, the public log and autosave, for any
game on the core (the session speaks through the game's :class:`~forum_trajanum.core.game.Game`
value, ``rules``).

No Textual here. Screens never see the state; they get ``view(state, player)`` of the player
whose decision it is, or :meth:`GameSession.public_view` (public information only).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from forum_trajanum.core import saves
from forum_trajanum.core.errors import GameError
from forum_trajanum.core.game import GAMES, Game
from forum_trajanum.core.record import FIRST_GAME, GameRecordBase
from forum_trajanum.core.timeline import Timeline

#: Why undo stops at an action that shows something hidden, when its game does not say.
GENERAL_STOP = "that step showed something hidden, so it cannot be taken back"


@dataclass
class LogEntry:
    """One public log line: who did what, and when (the game's period: (cycle, round) or
    (quarter, round); (0, 0) during the setup): the log's marks."""

    seat: int
    text: str
    period: tuple[int, int] = (0, 0)
    #: The seat whose action wrote the line (-1: not known): a line about one seat may come
    #: of another's move (a penalty at the quarter's end that another player's turn began).
    actor: int = -1
    #: Every seat's points by category (the game's ``points``) just after the action that
    #: wrote the line: what was scored since a line is the difference with its points.
    points: tuple[dict[str, int], ...] = ()


@dataclass
class _Snapshot:
    state: Any
    actions: int
    log: int
    rounds: int = 0


@dataclass(frozen=True)
class RoundScores:
    """Every player's score (by seat) at the end of one round (public: scores are open)."""

    period: tuple[int, int]
    scores: tuple[int, ...]


@dataclass
class GameSession:
    """A game in progress: the state, its record, the public log and undo snapshots."""

    record: GameRecordBase
    state: Any
    log: list[LogEntry] = field(default_factory=list)
    #: The scores after every finished round (the last round's after the final scoring);
    #: rebuilt by replaying a record, so a loaded game has its whole history.
    rounds: list[RoundScores] = field(default_factory=list)
    #: Save after every action; the game's own file is created at the first save.
    autosave: bool = True
    save_error: str = ""
    #: Write each save in the saves' writer thread (the app: the screen repaints meanwhile;
    #: :meth:`wait_saved` reports a failure). Off: each save is on disk when play returns.
    background_saves: bool = False
    #: The game's save file (locked while this session plays it); None until the first save.
    game: saves.GameFile | None = None
    #: The game's rules (found by the record's game when not given).
    rules: Game = None  # type: ignore[assignment]  # None: __post_init__ finds it by name
    #: What the last action played led to by itself (the game's ``played_alone``), for the
    #: next decision's message; "" when nothing did.
    played_alone: str = ""
    #: The seat that played each action of the record, in order (rebuilt by replaying a
    #: record): a host answers a resent action only to the seat that chose it.
    actors: list[int] = field(default_factory=list)
    _undo: list[_Snapshot] = field(default_factory=list)
    #: The public log lines of the steps the last undo took back (what it undid, in words).
    undone: list[str] = field(default_factory=list)
    #: Why the last undo barrier stops undo: (the seat whose action it was, the game's words
    #: for it; "" for a hand-over or a bot's move).
    _undo_stop: tuple[int, str] = (-1, "")
    #: How many actions the last save known to be written held.
    _saved_actions: int = 0

    def __post_init__(self) -> None:
        if self.rules is None:  # not given (see above)
            self.rules = GAMES.get(self.record.game)

    @classmethod
    def new(
        cls,
        seed: int,
        options: Any,
        names: list[str],
        bots: list[str],
        autosave: bool = True,
        start: Callable[[GameRecordBase], None] | None = None,
        game: str = FIRST_GAME,
    ) -> GameSession:
        """Start a new ``game`` (with its own save file when ``autosave`` is on); ``start``,
        if given, fills in the new record's app data (``meta``) before the first save."""
        rules = GAMES.get(game)
        record = rules.record(seed=seed, options=options, names=names, bots=bots)
        if start is not None:
            start(record)
        state = rules.new_game(seed, record.options)
        session = cls(record=record, state=state, autosave=autosave, rules=rules)
        session.save()
        return session

    @classmethod
    def from_record(
        cls, record: GameRecordBase, autosave: bool = True, game: saves.GameFile | None = None
    ) -> GameSession:
        """Rebuild a session from a record, the log included (replays every action once). The
        undo snapshots are rebuilt as play made them: undo after Continue goes back as far as
        it could have gone before (to the last action that revealed something). Raises
        :class:`GameError` when an action does not replay."""
        session, timeline = cls._replayed(record)
        if timeline.problem:
            raise GameError(timeline.problem)
        session.autosave = autosave
        session.game = game
        return session

    @classmethod
    def _replayed(cls, record: GameRecordBase) -> tuple[GameSession, Timeline]:
        """A session rebuilt from the actions of ``record`` that replay (one timeline)."""
        rules = GAMES.get(record.game)
        timeline = Timeline(record, rules)
        session = cls(
            record=record.model_copy(update={"actions": []}),
            state=timeline.state,
            rules=rules,
            autosave=False,
        )
        for step in timeline:
            session._played(step.before, step.action, step.seat, step.lines)
        session._saved_actions = timeline.good
        return session, timeline

    @classmethod
    def open(cls, game_id: str) -> tuple[GameSession, saves.OpenedGame]:
        """Open a saved game (locking it for this process); raises :class:`saves.SaveError`
        in player words. The record is replayed once: the session is rebuilt by the same
        replay that checks the file (a save damaged part-way resumes at its last good
        action)."""
        built: list[GameSession] = []

        def replay(record: GameRecordBase) -> tuple[Any, int, str]:
            session, timeline = cls._replayed(record)
            built.append(session)
            return timeline.state, timeline.good, timeline.problem

        opened = saves.open_game(game_id, replay=replay)
        session = built[-1]
        session.record = opened.record  # its actions are the ones that replayed
        session.game = opened.game
        session.autosave = True
        return session, opened

    # --- who and what -------------------------------------------------------------------

    @property
    def players(self) -> int:
        return self.rules.players(self.state)

    @property
    def decider(self) -> int:
        """The seat deciding now (-1 when the game is over)."""
        return self.rules.current_player(self.state)

    @property
    def over(self) -> bool:
        return self.rules.is_over(self.state)

    def name(self, seat: int) -> str:
        """The name of a seat (with its seat number when no name was given)."""
        names = self.record.names
        if 0 <= seat < len(names) and names[seat].strip():
            return names[seat].strip()
        return f"Player {seat + 1}"

    def bot_level(self, seat: int) -> str:
        """The bot level of a seat, or "" for a human."""
        bots = self.record.bots
        return bots[seat] if 0 <= seat < len(bots) else ""

    def is_bot(self, seat: int) -> bool:
        return bool(self.bot_level(seat))

    def view_of(self, seat: int) -> Any:
        """What ``seat`` may know now."""
        return self.rules.view(self.state, seat)

    def public_view(self) -> Any:
        """Public information only (shown while bots play and between players): the view of
        an onlooker who holds no seat."""
        return self.rules.view(self.state, -1)

    # --- acting -------------------------------------------------------------------------

    def play(self, action: Any, seat: int | None = None, joined: bool = False) -> list[LogEntry]:
        """Apply ``action`` (an action, as a view's ``legal`` holds it, or its text) for the
        deciding seat; returns the public log lines it added (none for a step of a draft,
        which is secret until all have passed). ``joined``: the action completes the one
        choice the seat's last action began (a build chosen with the conversion it needs),
        so one undo takes both back.

        Raises :class:`GameError` (state unchanged) for a text that does not parse or an action
        that is not legal now. The engine's ``apply`` is the one check of legality: nothing
        here or in the screens looks the action up in the legal ones first.
        """
        rules = self.rules
        if isinstance(action, str):
            action = rules.parse(action)
        state = self.state
        actor = rules.current_player(state)
        if seat is not None and seat != actor:
            raise GameError(f"it is {self.name(actor)}'s decision, not {self.name(seat)}'s")
        before = state.clone()
        rules.apply(state, action, actor)  # an illegal action raises and changes nothing
        self.played_alone = rules.played_alone(before, action, state)
        lines = self._played(
            before, action, actor, rules.public_lines(before, action, state), joined
        )
        self.save()
        return lines

    def _played(
        self,
        before: Any,
        action: Any,
        actor: int,
        lines: list[tuple[int, str]],
        joined: bool = False,
    ) -> list[LogEntry]:
        """Note an action just applied to the state: the record, the log lines, the round's
        scores, and an undo snapshot (``before``, a copy of the state before it) unless it
        revealed something or ended the player's turn, or is ``joined`` to the last step
        (then that step's snapshot, from before both, takes them back together)."""
        rules = self.rules
        when = rules.period(before)
        snapshot = _Snapshot(before, len(self.record.actions), len(self.log), len(self.rounds))
        self.record.append(action)
        self.actors.append(actor)
        points = tuple(rules.points(self.state)) if lines else ()
        entries = [LogEntry(seat, text, when, actor, points) for seat, text in lines]
        self.log += entries
        self._note_round_end(when)
        barrier = rules.reveals_information(before, action)
        if barrier or rules.current_player(self.state) != actor or self.is_bot(actor):
            self._undo.clear()
            why = (rules.undo_stop(before, action) or GENERAL_STOP) if barrier else ""
            self._undo_stop = (actor, why)
        elif not (joined and self._undo):
            self._undo.append(snapshot)
        return entries

    def _note_round_end(self, before: tuple[int, int]) -> None:
        """Record the scores when the round ``before`` has ended: a new round began (after the
        scoring that closes a cycle or quarter) or the game is over."""
        last = self.rounds[-1] if self.rounds else None
        if before[1] == 0 or (last is not None and last.period == before):
            return  # before the first round, or this round's scores are already recorded
        if self.rules.period(self.state) != before or self.over:
            self.rounds.append(RoundScores(before, tuple(self.rules.scores(self.state))))

    def can_undo(self) -> bool:
        """Whether the deciding (human) player can take back a step of this turn."""
        return bool(self._undo) and not self.is_bot(self.decider)

    def nothing_to_undo(self) -> str:
        """Why the deciding player can take nothing back now, in words (for "Nothing to undo:
        ..."): the game's reason when the deciding seat's own action stopped undo last, else
        that no step of theirs was taken since play came to them."""
        seat, why = self._undo_stop
        if self.is_bot(self.decider):
            return "it is not your decision"
        if seat == self.decider and why:
            return why
        return "you have taken no step since play came to you"

    def undo(self) -> bool:
        """Take back the last step since the last undo barrier; False when there is none."""
        if not self.can_undo():
            return False
        snap = self._undo.pop()
        self.undone = [entry.text for entry in self.log[snap.log :]]
        self.state = snap.state
        del self.record.actions[snap.actions :]
        del self.actors[snap.actions :]
        del self.log[snap.log :]
        del self.rounds[snap.rounds :]
        self.save()
        return True

    def save(self) -> None:
        """Write the game's save (atomic) when autosave is on; the first save creates the
        game's own file, so a new game never overwrites another. A failure is kept in
        ``save_error`` (and the log) until a later save succeeds."""
        if not self.autosave:
            return
        try:
            if self.game is None:
                self.game = saves.create_game(self.record, self.state)
                self._saved_actions = len(self.record.actions)
            else:
                self.game.save(self.record, self.state, background=self.background_saves)
                if not self.background_saves:
                    self._saved_actions = len(self.record.actions)
            self.save_error = ""
        except (saves.SaveError, OSError) as exc:
            self._failed(exc)

    def _failed(self, exc: Exception) -> None:
        if not self.save_error:
            saves.log_problem(f"saving the game failed: {exc}")
        self.save_error = str(exc)

    @property
    def unsaved(self) -> int:
        """How many of the last actions are not known to be on disk while saving fails (0
        when the last save was written, or saving is off)."""
        if not self.save_error or not self.autosave:
            return 0
        return max(1, len(self.record.actions) - self._saved_actions)

    @property
    def saved(self) -> bool:
        """Whether no save is being written (``wait_saved`` then returns at once)."""
        return self.game is None or self.game.written

    def wait_saved(self) -> None:
        """Wait until the last save is on disk; a failed one sets ``save_error``."""
        if self.game is None:
            return
        try:
            self.game.flush()
        except (saves.SaveError, OSError) as exc:
            self._failed(exc)
        else:
            if not self.save_error:
                self._saved_actions = len(self.record.actions)

    def save_as(self, name: str) -> saves.GameInfo:
        """Save a copy of the game so far under ``name`` (a separate game in the list)."""
        return saves.save_copy(self.record, self.state, name)

    def close(self) -> None:
        """Release the game's save file (another window may open the game now)."""
        if self.game is not None:
            self.game.close()


if TYPE_CHECKING:  # the type checker holds GameSession to what the screens use of a session
    from forum_trajanum.core.seat import Session

    _LOCAL: type[Session] = GameSession
