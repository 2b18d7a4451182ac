"""Crane colours corner by corner.

The engine offers the setup's crane choice as whole arrangements (``cranes BGYR``: the colours
of the corners A1, F1, A6, F6 in that order). Players choose one corner at a time instead.
Each step keeps the engine's arrangements whose colours begin with those chosen so far, so
which colours remain possible is always the engine's word, never a rule of this module; and
only a complete arrangement, one of the engine's own actions, is ever played.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from forum_trajanum.games.forum_trajanum.data import COLOUR_NAMES
from forum_trajanum.games.forum_trajanum.engine.actions import SetupCranes
from forum_trajanum.games.forum_trajanum.engine.words import CORNER_NAMES

#: Start of the option id of a step that is not an action yet (the rest: the colours chosen).
STEP_ID = "crane-step:"


def colour_label(colour: str) -> str:
    """``"B"`` -> "blue (B)"."""
    return f"{COLOUR_NAMES[colour]} ({colour})"


@dataclass(frozen=True)
class CraneStep:
    """One entry of the list: a colour for the next corner.

    ``chosen`` holds the colours with this one, corner by corner; ``action`` is the complete
    arrangement when this colour leaves only one (the remaining corners are then forced)."""

    corner: int
    colour: str
    chosen: str
    action: SetupCranes | None

    @property
    def id(self) -> str:
        """The option id: the engine's action text, or a step of the picker."""
        return str(self.action) if self.action is not None else STEP_ID + self.chosen

    def label(self) -> str:
        """The entry's words, e.g. "Corner A6: blue (B), so F6: red (R)"."""
        text = f"Corner {CORNER_NAMES[self.corner]}: {colour_label(self.colour)}"
        if self.action is not None:
            forced = [
                f"{CORNER_NAMES[i]}: {colour_label(c)}"
                for i, c in enumerate(self.action.colours)
                if i > self.corner
            ]
            if forced:
                text += ", so " + ", ".join(forced)
        return text


def crane_steps(arrangements: Sequence[SetupCranes], chosen: str) -> list[CraneStep]:
    """The colours the next corner may have after ``chosen``, in the engine's order.

    Empty when no arrangement begins with ``chosen`` (or ``chosen`` is complete)."""
    left = [a for a in arrangements if a.colours.startswith(chosen)]
    corner = len(chosen)
    steps = []
    for colour in dict.fromkeys(a.colours[corner] for a in left if len(a.colours) > corner):
        picked = chosen + colour
        settled = [a for a in left if a.colours.startswith(picked)]
        steps.append(CraneStep(corner, colour, picked, settled[0] if len(settled) == 1 else None))
    return steps


def chosen_text(chosen: str) -> str:
    """The colours chosen so far in words, e.g. "A1 blue (B), F1 green (G)"."""
    return ", ".join(f"{CORNER_NAMES[i]} {colour_label(c)}" for i, c in enumerate(chosen))
