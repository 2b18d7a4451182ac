"""A host that cannot save says so to every seat and to its own terminal, and plays no move
until it can save again (issue 35, point 8: a full disk lost 52 moves after kill -9, a
read-only folder all 123, and nobody was told)."""

from __future__ import annotations

import asyncio
import errno
import os
import time

import pytest

from forum_trajanum.core.saves import writer
from forum_trajanum.core.saves.paths import games_dir
from forum_trajanum.net.client import Client
from forum_trajanum.net.host import stopped_words
from forum_trajanum.net.table import SAVE_TRY_GAP
from tests.net.helpers import hosting, joined


class Disk:
    """The saves' disk: full while :attr:`full` holds (every write fails with ENOSPC)."""

    def __init__(self, monkeypatch) -> None:
        self.full = False
        real = writer.write_atomic

        self.refused = 0  # writes refused

        def write(path, text):
            if self.full:
                self.refused += 1
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
            return real(path, text)

        monkeypatch.setattr(writer, "write_atomic", write)


async def table_free(hosted, seat: int) -> None:
    """Wait until the host has let ``seat``'s closed connection go."""
    async with asyncio.timeout(10):
        while seat in hosted.host.connections[1]:
            await asyncio.sleep(0.01)


def decider_of(clients):
    return next(c for c in clients if c.state.legal)


@pytest.mark.parametrize("game", ["forum-trajanum", "trajan"])
async def test_a_host_whose_disk_is_full_tells_every_seat_and_plays_no_move_until_it_saves(
    game, monkeypatch
):
    disk = Disk(monkeypatch)
    said: list[str] = []
    async with hosting(game, "Ann", "Bob", seed=5, say=said.append) as hosted:
        table = hosted.table()
        table.save_retry = 0.05
        async with joined(hosted.addresses[1]) as clients:
            await clients[0].wait_for(lambda c: c.state.legal or clients[1].state.legal)
            disk.full = True
            mover = decider_of(clients)
            first = await mover.act(mover.state.legal[0])
            assert first.applied  # played before the disk was found full: it is not lost
            for client in clients:
                await client.wait_for(lambda c: "cannot save" in c.state.played_alone)
                assert "no move is played" in client.state.played_alone
            assert any("saving the game failed" in line for line in said)
            assert "game of table 1 could not be saved" in stopped_words(hosted.host)
            assert all("\x1b" not in line and "\n" not in line for line in said)

            steps = len(table.session.record.actions)
            mover = decider_of(clients)
            refused = await mover.act(mover.state.legal[0])
            assert not refused.applied and "cannot save" in refused.words
            assert len(table.session.record.actions) == steps
            # a window opened meanwhile is told too, at once (Bob's, closed and opened again)
            await clients[1].close()
            await table_free(hosted, 1)
            clients[1] = Client(hosted.addresses[1][1])
            await clients[1].start()
            assert "cannot save" in clients[1].state.played_alone

            disk.full = False  # room again: the host finds out by itself and says so
            for client in clients:
                await client.wait_for(lambda c: "cannot save" not in c.state.played_alone)
            assert any("saved again" in line for line in said)
            assert "every game is saved" in stopped_words(hosted.host)
            mover = decider_of(clients)
            assert (await mover.act(mover.state.legal[0])).applied
            assert len(table.session.record.actions) > steps


async def test_a_host_whose_save_folder_turns_read_only_refuses_moves_and_says_so(
    monkeypatch,
):
    """The folder of saves made read-only under a running host (as root, a mode does not
    stop a write: a read-only folder is a write that fails with EROFS here)."""
    said: list[str] = []
    async with hosting("trajan", "Ann", "Bob", "easy", seed=2, say=said.append) as hosted:
        table = hosted.table()
        table.save_retry = 0.05
        folder = games_dir()
        real = writer.write_atomic

        def write(path, text):
            if path.parent == folder:
                raise OSError(errno.EROFS, os.strerror(errno.EROFS))
            return real(path, text)

        async with joined(hosted.addresses[1]) as clients:
            await clients[0].wait_for(lambda c: c.state.legal or clients[1].state.legal)
            monkeypatch.setattr(writer, "write_atomic", write)
            mover = decider_of(clients)
            await mover.act(mover.state.legal[0])
            for client in clients:
                await client.wait_for(lambda c: "Read-only file system" in c.state.played_alone)
            mover = decider_of(clients)
            answer = await mover.act(mover.state.legal[0])
            assert not answer.applied and "cannot save" in answer.words


async def test_a_flood_of_moves_while_the_disk_is_full_is_not_a_flood_of_writes(monkeypatch):
    disk = Disk(monkeypatch)
    async with hosting("forum-trajanum", "Ann", "Bob", seed=5) as hosted:
        hosted.table().save_retry = 3600  # only the moves asked for try again here
        async with joined(hosted.addresses[1]) as clients:
            await clients[0].wait_for(lambda c: c.state.legal or clients[1].state.legal)
            disk.full = True
            mover = decider_of(clients)
            await mover.act(mover.state.legal[0])
            await mover.wait_for(lambda c: "cannot save" in c.state.played_alone)
            before, began = disk.refused, time.monotonic()
            mover = decider_of(clients)
            answers = [await mover.act(mover.state.legal[0]) for _ in range(30)]
            took = time.monotonic() - began
            assert not any(answer.applied for answer in answers)
            assert disk.refused - before <= 1 + took // SAVE_TRY_GAP  # a try a second at most
