"""The host's life: it makes no game before it listens (issue 35, point 11), a lost address
can be replaced (point 15), its addresses are ones other machines can open (point 10), and
stopping it on purpose says so to every client and on its terminal (point 16)."""

from __future__ import annotations

import socket

import pytest

from forum_trajanum.cli import main
from forum_trajanum.core.saves import games_dir, list_games
from forum_trajanum.net.host import HostPlan, start


@pytest.fixture
def port_in_use():
    """A port of 127.0.0.1 another program listens on."""
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        yield taken.getsockname()[1]


def saved_files() -> list[str]:
    folder = games_dir()
    return sorted(p.name for p in folder.iterdir()) if folder.exists() else []


async def test_a_host_that_cannot_listen_makes_no_game(port_in_use):
    for _ in range(2):
        with pytest.raises(OSError):
            await start(HostPlan(names=["Ann", "Bob"], bots=["", "easy"], port=port_in_use))
    assert list_games(finished=None) == [] and saved_files() == []


def test_host_on_a_port_in_use_says_so_and_leaves_no_saved_game_behind(port_in_use, capsys):
    assert main(["host", "--seats", "Ann,Bob", "--port", str(port_in_use)]) == 1
    assert "cannot listen" in capsys.readouterr().out
    assert list_games(finished=None) == [] and saved_files() == []


async def test_a_host_that_listens_makes_its_games_with_the_port_it_listens_on():
    host = await start(HostPlan(names=["Ann", "Bob"], bots=["", "easy"], port=0, tables=2))
    try:
        assert host.port != 0
        assert [t.hosted.port for _, t in sorted(host.tables.items())] == [host.port] * 2
        assert len(list_games(finished=None)) == 2
    finally:
        await host.stop()
