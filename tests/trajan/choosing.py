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


async def past_the_hand_over(pilot) -> None:
    """Wait for the hand-over or the person's own decision on the play screen, whichever
    comes (a game with one person at the table has no hand-over: waiting for one took the
    whole deadline), then Enter past a hand-over to the decision."""
    from forum_trajanum.games.trajan.ui.playscreen import TrajanScreen
    from forum_trajanum.tui.screens import HandOverScreen
    from tests.waiting import wait_for

    app = pilot.app

    def deciding() -> bool:
        return isinstance(app.screen, TrajanScreen) and bool(app.screen.data.view.legal)

    assert await wait_for(pilot, lambda: isinstance(app.screen, HandOverScreen) or deciding())
    if isinstance(app.screen, HandOverScreen):
        await pilot.press("enter")
    assert await wait_for(pilot, deciding)
