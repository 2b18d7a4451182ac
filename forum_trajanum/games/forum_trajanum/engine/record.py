"""Forum Trajanum's game records: the core's record (:mod:`forum_trajanum.core.record`) with
this game's options, and the step that brings release 0.1.0's saves (file version 1) up to
version 2. Reading, writing and replaying (``start``, ``replay``, ``replay_valid``) are the
core's.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

from pydantic import ValidationError

from forum_trajanum.core import record as core
from forum_trajanum.core.errors import GameError, RecordError
from forum_trajanum.core.record import RECORD_FORMAT, RECORD_VERSION, ReadRecord
from forum_trajanum.core.timeline import replay
from forum_trajanum.games.forum_trajanum.engine.actions import parse
from forum_trajanum.games.forum_trajanum.engine.rules import apply, legal_actions
from forum_trajanum.games.forum_trajanum.engine.setup import new_game
from forum_trajanum.games.forum_trajanum.engine.state import GameOptions, GameState

__all__ = ["RECORD_FORMAT", "RECORD_VERSION", "GameRecord", "ReadRecord", "read_record"]


class GameRecord(core.GameRecordBase):
    """A Forum Trajanum game: seed, options and actions in order (with the seats and the
    app's data)."""

    game: Literal["forum-trajanum"] = "forum-trajanum"
    options: GameOptions

    @classmethod
    def from_json(cls, text: str | bytes) -> GameRecord:
        """Load a Forum Trajanum record of any known version; any damage raises
        :class:`RecordError`."""
        found = read_record(text)
        if found.problem:
            raise RecordError(found.problem)
        if not isinstance(found.record, cls):
            raise RecordError("this save is not a Forum Trajanum game")
        return found.record

    @classmethod
    def load(cls, text: str | bytes) -> tuple[GameRecord, GameState]:
        """Load and replay a record in one step."""
        record = cls.from_json(text)
        return record, replay(record)


def read_record(data: str | bytes) -> ReadRecord:
    """Read a save file of any version and of any registered game (the core's reader)."""
    from forum_trajanum.games import GAMES

    return core.read_record(data, GAMES)


def _migrate_1_to_2(data: dict) -> dict:
    """Version 1 -> 2: the record's own version replaces the state's schema version; the game
    keeps release 0.1.0's start-player rotation (``GameOptions.legacy_cycle_pass``), without
    which its recorded actions of cycles II and III would fall to other players; and the setup
    action ``diagonal main`` / ``diagonal anti`` gets today's text where the engine asks which
    of the two citizens goes on which corner (see :func:`_old_diagonals`)."""
    data = {k: v for k, v in data.items() if k != "schema_version"}
    data["record_version"] = 2
    if isinstance(data.get("options"), dict):  # its recorded actions follow 0.1.0's rotation
        data["options"] = {**data["options"], "legacy_cycle_pass": True}
    actions = data.get("actions")
    if isinstance(actions, list) and any(_old_diagonal_text(a) for a in actions):
        try:
            options = GameOptions.model_validate(data.get("options"))
            data["actions"] = _old_diagonals(int(data["seed"]), options, actions)
        except (ValidationError, GameError, KeyError, TypeError, ValueError):
            pass  # damaged seed or options: reading the record will say so
    return data


def _old_diagonal_text(text: object) -> bool:
    """A version-1 diagonal action: exactly two words, ``diagonal main|anti``."""
    return isinstance(text, str) and len(text.split()) == 2 and text.split()[0] == "diagonal"


def _old_diagonals(seed: int, options: GameOptions, actions: list) -> list:
    """Rewrite version-1 ``diagonal X`` texts that today's engine no longer accepts.

    Release 0.1.0 put the two remaining female-back citizens on the diagonal's corners in
    tile order (Patrician, Merchant, Craftsman, minus the one drawn). Where today's action
    names the citizens corner by corner (``diagonal main PAT MER``), the equivalent is the
    legal action whose two kinds are in that order. Only the setup part is replayed."""
    last = max(i for i, text in enumerate(actions) if _old_diagonal_text(text))
    order = ("PAT", "MER", "CRA")
    state = new_game(seed, options)
    out = list(actions)
    for i, text in enumerate(actions[: last + 1]):
        if _old_diagonal_text(text):
            legal = [str(a) for a in legal_actions(state)]
            if text not in legal:
                for candidate in legal:
                    words = candidate.split()
                    if (
                        len(words) == 4
                        and words[:2] == text.split()
                        and words[2] in order
                        and words[3] in order
                        and order.index(words[2]) < order.index(words[3])
                    ):
                        out[i] = candidate
                        break
        try:
            apply(state, parse(out[i]))
        except GameError:
            break  # a damaged record: what was rewritten so far stays, replay says where
    return out


#: One migration per file version: ``MIGRATIONS[v]`` turns version ``v`` data into ``v + 1``.
MIGRATIONS: dict[int, Callable[[dict], dict]] = {1: _migrate_1_to_2}
