"""Game records: seed + options + the list of actions, with a schema version.

A record is what a save file holds; ``replay`` rebuilds the exact state. Any problem with a
record (bad JSON, missing fields, an unknown version, an action that does not parse or is not
legal where it stands) raises :class:`RecordError` with a message fit for a player.
"""

from __future__ import annotations

import json

from pydantic import BaseModel, Field, ValidationError

from forum_trajanum.engine.actions import Action, parse
from forum_trajanum.engine.errors import GameError, RecordError
from forum_trajanum.engine.rules import apply
from forum_trajanum.engine.setup import new_game
from forum_trajanum.engine.state import SCHEMA_VERSION, GameOptions, GameState

RECORD_FORMAT = "forum-trajanum-record"


class GameRecord(BaseModel):
    """Everything needed to rebuild a game: seed, options and actions in order."""

    format: str = RECORD_FORMAT
    schema_version: int = SCHEMA_VERSION
    seed: int
    options: GameOptions
    actions: list[str] = Field(default_factory=list)
    names: list[str] = Field(default_factory=list)  # seat names, for the app
    bots: list[str] = Field(default_factory=list)  # per seat: "" (human) or a bot level

    def start(self) -> GameState:
        """The state before any action; options that setup refuses raise RecordError."""
        try:
            return new_game(self.seed, self.options)
        except GameError as exc:
            raise RecordError(f"the record's options cannot start a game: {exc}") from exc

    def replay(self, upto: int | None = None) -> GameState:
        """The state after the first ``upto`` actions (all by default)."""
        state = self.start()
        for number, text in enumerate(self.actions[:upto], start=1):
            try:
                apply(state, parse(text))
            except GameError as exc:
                raise RecordError(f"action {number} ({text!r}) cannot be replayed: {exc}") from exc
        return state

    def to_json(self) -> str:
        return self.model_dump_json(indent=1)

    @classmethod
    def from_json(cls, text: str | bytes) -> GameRecord:
        """Load a record, checking its format and version; raises :class:`RecordError`."""
        try:
            data = json.loads(text)
        except (ValueError, UnicodeDecodeError) as exc:
            raise RecordError(f"the save is not valid JSON (corrupt or truncated): {exc}") from exc
        if not isinstance(data, dict) or data.get("format") != RECORD_FORMAT:
            raise RecordError("this file is not a Forum Trajanum game record")
        version = data.get("schema_version")
        if version != SCHEMA_VERSION:
            raise RecordError(
                f"the record has schema version {version!r}; this version of the game reads "
                f"version {SCHEMA_VERSION}"
            )
        try:
            return cls.model_validate(data)
        except ValidationError as exc:
            first = exc.errors()[0]
            where = ".".join(str(x) for x in first["loc"])
            raise RecordError(f"the record is damaged at {where!r}: {first['msg']}") from exc

    @classmethod
    def load(cls, text: str | bytes) -> tuple[GameRecord, GameState]:
        """Load and replay a record in one step."""
        record = cls.from_json(text)
        return record, record.replay()

    def append(self, action: Action) -> None:
        self.actions.append(str(action))
