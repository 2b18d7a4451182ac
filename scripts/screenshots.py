"""Write the README's screenshots: the turn screen of a game in its second cycle, at 80x24
and at 160x45 (``assets/screenshot-80x24.svg``, ``assets/screenshot-160x45.svg``).

Run from the repository: ``.venv/bin/python scripts/screenshots.py``. The game is fixed (seed
and Normal bots playing both seats up to the shot), so the pictures change only when the look
of the app does.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from forum_trajanum.core.session import GameSession
from forum_trajanum.games.forum_trajanum.bots.factory import make_bot
from forum_trajanum.games.forum_trajanum.engine import GameOptions
from forum_trajanum.tui.app import ForumApp

ASSETS = Path(__file__).resolve().parent.parent / "assets"
SEED = 11


def session() -> GameSession:
    """Ann (seat 1) and Bob (seat 2), both played by Normal bots up to Ann's first main
    action of cycle II's second round; then Ann is a person and it is her turn."""
    game = GameSession.new(SEED, GameOptions(players=2), ["Ann", "Bob"], ["", ""], autosave=False)
    bots = [make_bot("normal", SEED * 10 + seat) for seat in range(2)]
    while True:
        state = game.state
        task = state.tasks[-1].kind if state.tasks else None
        if (state.cycle, state.round) >= (2, 2) and game.decider == 0 and task == "use":
            return game
        seat = game.decider
        game.play(str(bots[seat].choose(game.view_of(seat))))


async def shoot(size: tuple[int, int], path: Path) -> None:
    app = ForumApp(bot_delay=0, session=session(), choice_hold=0)
    async with app.run_test(size=size) as pilot:
        await pilot.press("enter")  # past the hand-over screen
        await pilot.pause()
        path.write_text(app.export_screenshot(title="Forum Trajanum"))
    print(f"wrote {path} ({size[0]}x{size[1]})")


def main() -> None:
    for size in ((80, 24), (160, 45)):
        asyncio.run(shoot(size, ASSETS / f"screenshot-{size[0]}x{size[1]}.svg"))


if __name__ == "__main__":
    main()
