"""One timeline: a record read as the steps of its game, for every reader of records.

The session rebuilding a saved game, the replay screen, ``export`` and the saves' check of a
file all read a record through :class:`Timeline`: the state at the start, then for each action
who played it, the state before it and after it, its public log lines and the lines only its
player knew then. A record whose actions stop being legal part-way keeps the steps before that
(:attr:`Timeline.good` and :attr:`Timeline.problem` say where).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from forum_trajanum.core.errors import GameError, RecordError
from forum_trajanum.core.game import GAMES

if TYPE_CHECKING:
    from forum_trajanum.core.game import Game
    from forum_trajanum.core.record import GameRecordBase


def start(record: GameRecordBase, game: Game | None = None) -> Any:
    """The state before any action of ``record`` (of ``game``, by default the game it names);
    options that setup refuses raise RecordError."""
    game = GAMES.get(record.game) if game is None else game
    try:
        return game.new_game(record.seed, record.options)
    except (GameError, ValueError, TypeError) as exc:
        raise RecordError(f"the record's options cannot start a game: {exc}") from exc


def replay_valid(
    record: GameRecordBase, game: Game | None = None, upto: int | None = None
) -> tuple[Any, int, str]:
    """Replay as far as the actions allow: (state, actions replayed, problem or "")."""
    game = GAMES.get(record.game) if game is None else game
    timeline = Timeline(record, game, upto=upto, words=False).run()
    return timeline.state, timeline.good, timeline.problem


def replay(record: GameRecordBase, upto: int | None = None) -> Any:
    """The state after the first ``upto`` actions of ``record`` (all by default); an action
    that cannot be replayed raises RecordError."""
    state, _, problem = replay_valid(record, upto=upto)
    if problem:
        raise RecordError(problem)
    return state


@dataclass
class TimelineStep:
    """One action of a record, as it was played."""

    number: int  #: 1 for the first action
    seat: int  #: who played it
    action: Any
    text: str
    #: the state before the action (a copy of its own; ``None`` when words were not asked for)
    before: Any
    #: the state after it: the timeline's own state, changed by the next step (clone to keep)
    after: Any
    #: the public log lines (seat, text) and those only the player knew then
    lines: list[tuple[int, str]]
    secret: list[tuple[int, str]]


class Timeline:
    """Replay ``record`` (of ``game``) once, step by step; iterate for the steps. With
    ``words=False`` no state is copied and no line is worded (a check of a save: fast)."""

    def __init__(
        self,
        record: GameRecordBase,
        game: Game,
        *,
        upto: int | None = None,
        words: bool = True,
    ) -> None:
        self.record = record
        self.game = game
        self.upto = upto
        self.words = words
        #: the state after the last step replayed (the start before any)
        self.state = start(record, game)
        #: how many actions replayed, and why the next one did not ("" when all did)
        self.good = 0
        self.problem = ""

    def __iter__(self) -> Iterator[TimelineStep]:
        game, state, words = self.game, self.state, self.words
        for number, text in enumerate(self.record.actions[: self.upto], start=1):
            try:
                action = game.parse(text)
                seat = game.current_player(state)
                before = state.clone() if words else None
                game.apply(state, action)
            except GameError as exc:
                self.problem = f"action {number} ({text!r}) cannot be replayed: {exc}"
                return
            self.good = number
            if words:
                lines = game.public_lines(before, action, state)
                secret = game.secret_lines(before, action, state, seat)
            else:
                lines = secret = []
            yield TimelineStep(number, seat, action, text, before, state, lines, secret)

    def run(self) -> Timeline:
        """Replay to the end (or the first action that does not replay); returns self."""
        for _ in self:
            pass
        return self
