"""A game's glossary as the shell uses it: the words a newcomer meets on the screen without a
rulebook, each with what it means, and when each first appears on a player's screen (its
:class:`Note`), so that the first-game coach explains it then, once
(:mod:`forum_trajanum.tui.coach`).

The words are each game's, given by its UI contract (``GameUI.glossary``, from a module of
the game's ``ui`` package); this module names no game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any


def heading(word: str) -> str:
    """A word as the start of a line: "river tile" -> "River tile"."""
    return word[:1].upper() + word[1:]


@dataclass(frozen=True)
class Note:
    """A word the coach explains the first time ``shown(view)`` holds for the viewer's own
    view."""

    key: str  # kept in the record's coach settings once explained
    word: str  # a key of the glossary's words
    shown: Callable[[Any], bool]


@dataclass(frozen=True)
class Glossary:
    """A game's words (word -> what it means) and the notes the coach explains, in the order
    it explains them."""

    words: Mapping[str, str] = field(default_factory=dict)
    notes: tuple[Note, ...] = ()

    def notes_shown(self, view: Any, seen: set[str]) -> list[Note]:
        """The notes on the screen of ``view``'s viewer now that are not in ``seen``."""
        return [note for note in self.notes if note.key not in seen and note.shown(view)]

    def explained(self, notes: list[Note]) -> str:
        """Each note's word and what it means, a line each ("River tile: the one ...")."""
        return "\n".join(f"{heading(note.word)}: {self.words[note.word]}" for note in notes)


#: A game without words to explain.
NO_GLOSSARY = Glossary()
