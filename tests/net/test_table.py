"""A table's bots on the host: a bot's choice is played as it is, the engine's apply the one
check (as the app's ``bot_done``); a choice the engine refuses, or a bot that fails, falls back
to the bot's own view's first legal action."""

from __future__ import annotations

import asyncio

import pytest

from forum_trajanum.core.game import GAMES
from forum_trajanum.net.host import Host
from forum_trajanum.net.table import Table


class Chooser:
    """A bot that notes each decision it is asked (the number of actions so far, its view)
    and answers with ``pick(view)``."""

    def __init__(self, table_box: list, pick) -> None:
        self.table_box, self.pick, self.asked = table_box, pick, []

    def choose(self, view):
        table = self.table_box[0]
        self.asked.append((len(table.session.record.actions), view))
        return self.pick(view)


def _refused(view):
    return "not an action of this game"


def _failing(view):
    raise RuntimeError("a bot's bug")


@pytest.mark.parametrize("game", GAMES.names())
async def test_a_bots_choice_is_played_as_it_is_and_a_refused_or_failed_one_falls_back(game):
    host = Host("127.0.0.1", 0)
    await host.start()
    try:
        rules = GAMES.get(game)
        table, _ = Table.new(
            1, game, rules.options(players=3), ["A", "B", "C"], ["easy"] * 3, 5, **host.pools
        )
        box = [table]
        bots = [
            Chooser(box, lambda view: view.legal[-1]),  # an action object, not its text
            Chooser(box, _refused),
            Chooser(box, _failing),
        ]
        base = table.session.record.seed * 10  # a seat's bot is seeded by the game and seat
        table.game.bot_factory = lambda level, seed: bots[seed - base]
        host.add(table)
        actions = table.session.record.actions
        async with asyncio.timeout(60):  # a hang fails, a slow machine does not
            while not (all(len(bot.asked) >= 3 for bot in bots) or table.session.over):
                await asyncio.sleep(0.01)
        await table.stop()
        for seat, bot in enumerate(bots):
            assert bot.asked, f"seat {seat} was never asked"
            for step, view in bot.asked:
                if step >= len(actions):
                    continue  # asked as the table stopped
                wanted = view.legal[-1] if seat == 0 else view.legal[0]
                assert actions[step] == str(wanted)
    finally:
        await host.stop()
