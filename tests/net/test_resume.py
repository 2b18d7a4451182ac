"""A host killed mid-game resumes from its save (issue 30: "kill -9 of the host mid-game,
then host --continue, and every client is back where it was"; "a game started on a host is a
normal saved game")."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import sys

import pytest

from forum_trajanum.net.protocol import parse_address
from tests.net.helpers import joined, play_to_the_end

ADDRESS = re.compile(r"^  (\w+): (http://\S+)")
GAME = re.compile(r"^Table (\d+): .*, game (\S+)$")


async def start_host(*arguments: str):
    """``forum-trajanum host ...`` in a process of its own; it and what it printed up to its
    last address line (the seats' addresses, and the game's id)."""
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "forum_trajanum",
        "host",
        *arguments,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    said = []
    async with asyncio.timeout(60):
        while True:
            line = (await process.stdout.readline()).decode()
            assert line, f"the host ended early: {said}"
            said.append(line.rstrip("\n"))
            if line.startswith("Press Ctrl+C"):
                return process, said


def killed(process) -> None:
    if process.returncode is None:
        process.send_signal(signal.SIGKILL)


@pytest.mark.long
async def test_a_host_killed_mid_game_resumes_with_continue_and_every_client_is_back():
    process, said = await start_host(
        "--game", "trajan", "--seats", "Ann,Bob,easy", "--port", "0", "--seed", "4"
    )
    try:
        addresses = [parse_address(m[2]) for line in said if (m := ADDRESS.match(line))]
        game_id = next(m[2] for line in said if (m := GAME.match(line)))
        assert [a.table for a in addresses] == [1, 1] and addresses[0].port > 0
        assert "Only this machine can reach this host" in "\n".join(said)
        async with joined(addresses) as clients:
            await play_to_the_end(clients, until=lambda cs: cs[0].state.steps > 80)
            before = {c.seat: (c.state.steps, [x.text for x in c.log]) for c in clients}
            process.send_signal(signal.SIGKILL)
            await process.wait()
            await clients[0].wait_for(lambda c: not c.connected)
            # the same game on the same port, from its save; the addresses still open the seats
            process, again = await start_host("--continue", game_id)
            assert any(f"game {game_id}" in line for line in again)
            for client in clients:
                await client.wait_for(lambda c: c.connected and c.connections == 2)
                steps, log = before[client.seat]
                # nothing lost: every action a client had seen was on disk before it saw it
                assert client.state.steps >= steps
                assert [x.text for x in client.log][: len(log)] == log
            await play_to_the_end(clients)
            assert all(c.state.over for c in clients)
    finally:
        killed(process)
        await process.wait()
