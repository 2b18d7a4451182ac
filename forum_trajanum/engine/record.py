"""Game records: seed + options + the list of actions, in a versioned file format.

A record is what a save file holds; ``replay`` rebuilds the exact state. The file format has
its own version, :data:`RECORD_VERSION`, independent of the in-memory state's
``SCHEMA_VERSION``:

- version 1 (release 0.1.0): one JSON object ``{"format", "schema_version": 1, "seed",
  "options", "actions": [...], "names", "bots"}``;
- version 2: JSON lines. The first line is the header (every field but the actions, plus
  ``record_version``, ``action_count`` and the app's ``meta``), then one JSON string per
  action. A file cut or damaged part-way therefore still yields every action before the damage
  (:func:`read_record`), and a cut inside an action's line never parses as a shorter action
  because its closing quote is missing.

Older versions are brought up to date by :data:`MIGRATIONS`, one function per version step.
Any problem with a record raises :class:`RecordError` with a message fit for a player.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, Field, ValidationError

from forum_trajanum.core.errors import GameError, RecordError
from forum_trajanum.engine.actions import Action, parse
from forum_trajanum.engine.rules import apply, legal_actions
from forum_trajanum.engine.setup import new_game
from forum_trajanum.engine.state import GameOptions, GameState

RECORD_FORMAT = "forum-trajanum-record"
#: The version of the save-file format this code writes.
RECORD_VERSION = 2


class GameRecord(BaseModel):
    """Everything needed to rebuild a game: seed, options and actions in order."""

    format: str = RECORD_FORMAT
    seed: int
    options: GameOptions
    actions: list[str] = Field(default_factory=list)
    names: list[str] = Field(default_factory=list)  # seat names, for the app
    bots: list[str] = Field(default_factory=list)  # per seat: "" (human) or a bot level
    #: The app's own data about the game (title, times, a summary); the engine ignores it.
    meta: dict[str, Any] = Field(default_factory=dict)

    def start(self) -> GameState:
        """The state before any action; options that setup refuses raise RecordError."""
        try:
            return new_game(self.seed, self.options)
        except GameError as exc:
            raise RecordError(f"the record's options cannot start a game: {exc}") from exc

    def replay(self, upto: int | None = None) -> GameState:
        """The state after the first ``upto`` actions (all by default)."""
        state, _, problem = self.replay_valid(upto)
        if problem:
            raise RecordError(problem)
        return state

    def replay_valid(self, upto: int | None = None) -> tuple[GameState, int, str]:
        """Replay as far as the actions allow: (state, actions replayed, problem or "")."""
        state = self.start()
        for number, text in enumerate(self.actions[:upto], start=1):
            try:
                apply(state, parse(text))
            except GameError as exc:
                return state, number - 1, f"action {number} ({text!r}) cannot be replayed: {exc}"
        return state, len(self.actions[:upto]), ""

    def to_json(self) -> str:
        """The record in the current file format (version 2, JSON lines)."""
        header = self.model_dump(mode="json", exclude={"actions"})
        header = {"format": RECORD_FORMAT, "record_version": RECORD_VERSION, **header}
        header["action_count"] = len(self.actions)
        lines = [json.dumps(header, ensure_ascii=False, separators=(",", ":"))]
        lines += [json.dumps(text) for text in self.actions]
        return "\n".join(lines) + "\n"

    @classmethod
    def from_json(cls, text: str | bytes) -> GameRecord:
        """Load a record of any known version; any damage raises :class:`RecordError`."""
        found = read_record(text)
        if found.problem:
            raise RecordError(found.problem)
        return found.record

    @classmethod
    def load(cls, text: str | bytes) -> tuple[GameRecord, GameState]:
        """Load and replay a record in one step."""
        record = cls.from_json(text)
        return record, record.replay()

    def append(self, action: Action) -> None:
        self.actions.append(str(action))


@dataclass
class ReadRecord:
    """What :func:`read_record` found: the record up to the first damage, how many actions
    were lost after it, and what the damage was (technical, for a log; "" when none)."""

    record: GameRecord
    lost: int = 0
    problem: str = ""


def read_record(data: str | bytes) -> ReadRecord:
    """Read a save file of any version, keeping every action before the first damaged one.

    Raises :class:`RecordError` only when nothing usable is left (not a record, a damaged
    header, a version made by a newer release)."""
    raw = data.encode("utf-8") if isinstance(data, str) else data
    first, _, rest = raw.partition(b"\n")
    header = _json_object(first)
    if header is not None and "record_version" in header:
        return _read_lines(header, rest)
    whole = _json_object(raw)
    if whole is None:
        raise RecordError("the save is not valid JSON (corrupt or truncated)")
    _check_format(whole)
    version = whole.get("schema_version")
    if version not in MIGRATIONS:
        raise RecordError(
            f"the record has version {version!r}; this version of the game reads versions "
            f"1 to {RECORD_VERSION}"
        )
    record = _validated(migrate(whole, version))
    return ReadRecord(record)


def _json_object(raw: bytes) -> dict | None:
    try:
        value = json.loads(raw)
    except (ValueError, UnicodeDecodeError):
        return None
    return value if isinstance(value, dict) else None


def _check_format(data: dict) -> None:
    if data.get("format") != RECORD_FORMAT:
        raise RecordError("this file is not a Forum Trajanum game record")


def _validated(data: dict) -> GameRecord:
    fields = {k: v for k, v in data.items() if k in GameRecord.model_fields}
    try:
        return GameRecord.model_validate(fields)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(x) for x in first["loc"])
        raise RecordError(f"the record is damaged at {where!r}: {first['msg']}") from exc


def _read_lines(header: dict, rest: bytes) -> ReadRecord:
    _check_format(header)
    version = header.get("record_version")
    if not isinstance(version, int) or version > RECORD_VERSION or version < 2:
        raise RecordError(
            f"the record has version {version!r}; this version of the game reads versions "
            f"1 to {RECORD_VERSION} (it may come from a newer release)"
        )
    actions: list[str] = []
    lines = rest.split(b"\n")
    if lines and lines[-1] == b"":
        lines.pop()  # the final newline
    problem = ""
    for number, line in enumerate(lines, start=1):
        try:
            text = json.loads(line)
        except (ValueError, UnicodeDecodeError):
            text = None
        if not isinstance(text, str):
            problem = f"action {number} is damaged: {line[:40]!r}"
            break
        actions.append(text)
    expected = header.get("action_count")
    lost = len(lines) - len(actions)
    if isinstance(expected, int) and expected > len(actions):
        lost = max(lost, expected - len(actions))
        problem = problem or f"the save ends after {len(actions)} of {expected} actions"
    data = migrate({**header, "actions": actions}, version)
    return ReadRecord(_validated(data), lost, problem)


def migrate(data: dict, version: int) -> dict:
    """Bring the record data of file version ``version`` up to :data:`RECORD_VERSION`."""
    while version < RECORD_VERSION:
        data = MIGRATIONS[version](data)
        version += 1
    return data


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
