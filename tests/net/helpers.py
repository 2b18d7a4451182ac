"""A real game host on 127.0.0.1 (in the test's event loop) and real clients, for the tests
of :mod:`forum_trajanum.net`."""

from __future__ import annotations

import asyncio
import contextlib
import random
from dataclasses import dataclass, field

from forum_trajanum.core.game import GAMES
from forum_trajanum.net.client import Client
from forum_trajanum.net.host import Host
from forum_trajanum.net.protocol import Address
from forum_trajanum.net.table import Table


@dataclass
class Hosted:
    """A host listening on 127.0.0.1, its tables, and each person's address by table."""

    host: Host
    addresses: dict[int, list[Address]] = field(default_factory=dict)

    def table(self, number: int = 1) -> Table:
        return self.host.tables[number]


def seats(*entries: str) -> tuple[list[str], list[str]]:
    """Names and bot levels: an entry in lower case is a bot's level."""
    names = [e if e[0].isupper() else f"{e.capitalize()} bot" for e in entries]
    bots = ["" if e[0].isupper() else e for e in entries]
    return names, bots


@contextlib.asynccontextmanager
async def hosting(game: str, *entries: str, tables: int = 1, seed: int = 7, **host_options):
    """A host on a free port of 127.0.0.1 with ``tables`` new games of these seats."""
    host = Host("127.0.0.1", 0, **host_options)
    await host.start()
    rules = GAMES.get(game)
    names, bots = seats(*entries)
    hosted = Hosted(host)
    try:
        for number in range(1, tables + 1):
            table, secrets = Table.new(
                number,
                game,
                rules.options(players=len(names)),
                names,
                bots,
                seed + number,
                port=host.port,
                **host.pools,
            )
            host.add(table, secrets)
            hosted.addresses[number] = [a for _, _, a in host.addresses(number)]
        yield hosted
    finally:
        await host.stop()


@contextlib.asynccontextmanager
async def joined(addresses, **options):
    """A started client for each address (closed after)."""
    clients = [Client(address, **options) for address in addresses]
    try:
        for client in clients:
            await client.start()
        yield clients
    finally:
        await asyncio.gather(*(client.close() for client in clients))


async def play_to_the_end(clients: list[Client], seed: int = 1, until=None) -> int:
    """Each client answers its own decisions with random legal actions until the game is over
    (or ``until(clients)`` holds); returns how many actions the clients played."""
    rng = random.Random(seed)
    played = 0

    def done(c: Client) -> bool:
        return c.state.over or (until is not None and until(clients))

    while not done(clients[0]):
        waits = [
            asyncio.ensure_future(c.wait_for(lambda c: c.state.legal or done(c), 60))
            for c in clients
        ]
        try:
            finished, _ = await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for wait in waits:
                wait.cancel()
        for wait in finished:
            wait.result()  # a timeout fails the test
        for client in clients:
            if client.state.legal and not done(client):
                answer = await client.act(rng.choice(client.state.legal))
                assert answer.applied, answer.words
                played += 1
    return played
