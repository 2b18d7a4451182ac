"""Choosing on Trajan's play screen by keys, as a person does: a choice that ends the turn
waits for Enter or e before it is played (issue 36.5: a one-digit slip is never final)."""

from __future__ import annotations


def waiting(screen) -> bool:
    """Whether ``screen`` holds a choice that ends the turn, waiting for Enter or e."""
    return getattr(screen, "waiting_to_end", False)


async def choose(pilot, key: str = "1") -> None:
    """Press ``key`` on the list; when the choice ends the turn, e then plays it."""
    await pilot.press(key)
    if waiting(pilot.app.screen):
        await pilot.press("e")
