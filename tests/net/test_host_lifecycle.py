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


async def refusal_of(address, port: int):
    """What the host answers a hello with ``address``'s secret (raw websocket)."""
    import aiohttp

    from forum_trajanum.net.protocol import Hello, Refused, dump, read_host

    url = f"ws://127.0.0.1:{port}/ws"
    async with aiohttp.ClientSession() as http, http.ws_connect(url) as ws:
        hello = Hello(table=address.table, secret=address.secret, client="lost-address")
        await ws.send_str(dump(hello))
        message = read_host((await ws.receive(timeout=10)).data)
    assert isinstance(message, Refused)
    return message


async def test_continue_with_new_address_replaces_a_lost_address_for_good():
    from forum_trajanum.net.client import Client
    from forum_trajanum.net.host import announce
    from tests.net.helpers import hosting

    async with hosting("trajan", "Ann", "Bob", "easy") as hosted:
        ann_lost, bob = hosted.addresses[1]
        game_id = hosted.table().session.game.id
    printed: list[str] = []
    plan = HostPlan(resume=[game_id], new_address=["ann"], port=0)
    for run in range(2):  # resumed with a new address, then resumed again as it is
        host = await start(plan)
        try:
            announce(host, printed.append)
            new = {seat: a for seat, _, a in host.addresses(1)}.get(0)
            if run == 0:
                assert new is not None and new.secret != ann_lost.secret
                assert any(new.url() in line for line in printed)
                ann = new
            refused = await refusal_of(ann_lost, host.port)
            assert not refused.retry and "opens no seat" in refused.words
            for address, seat in ((ann, 0), (bob, 1)):
                client = Client(address.__class__(address.host, host.port, 1, address.secret))
                await client.start()
                assert client.seat == seat
                await client.close()
        finally:
            await host.stop()
        plan = HostPlan(resume=[game_id], port=0)


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["host", "--seats", "Ann,Bob", "--new-address", "Ann"], "for a game resumed"),
        (["host", "--continue", "PLACEHOLDER", "--new-address", "Cy"], "nobody of that name"),
    ],
)
def test_new_address_for_nobody_resumed_is_refused_in_words(argv, words, capsys):
    from forum_trajanum.core.game import GAMES
    from forum_trajanum.net.table import Table

    options = GAMES.get("trajan").options(players=2)
    table, _ = Table.new(1, "trajan", options, ["Ann", "Bob"], ["", ""], 3)
    game_id = table.session.game.id
    table.close()
    argv = [game_id if arg == "PLACEHOLDER" else arg for arg in argv]
    assert main([*argv, "--port", "0"]) == 2
    said = capsys.readouterr().err
    assert words in said and "Traceback" not in said
    assert len(list_games(finished=None)) == 1  # no new game was made


def urls_in(lines: list[str]) -> list[str]:
    import re

    return [url for line in lines for url in re.findall(r"https?://\S+", line)]


async def test_a_host_bound_everywhere_prints_an_address_per_network_of_the_machine_and_says_which(
    monkeypatch,
):
    from forum_trajanum.net import host as host_module
    from forum_trajanum.net.client import Client
    from forum_trajanum.net.host import announce, machine_addresses
    from forum_trajanum.net.protocol import parse_address

    real = machine_addresses()
    if not real:
        pytest.skip("this machine has no network address but the loopback")
    assert all(not address.startswith("127.") for _, address in real)
    networks = [real[0], ("wlan0", "198.51.100.4")]
    monkeypatch.setattr(host_module, "machine_addresses", lambda: networks)
    host = await start(HostPlan(names=["Ann", "Bob"], bots=["", ""], bind="0.0.0.0", port=0))
    try:
        printed: list[str] = []
        announce(host, printed.append)
        urls = urls_in(printed)
        assert urls and not any("127.0.0.1" in url for url in urls)
        for what, address in networks:
            assert any(f"{address} ({what})" in line for line in printed)  # which is which
            assert sum(f"//{address}:" in url for url in urls) == 2  # each seat's, on each
        # the first printed address plays the seat from this machine's own network address
        first = parse_address(urls[0])
        client = Client(first)
        await client.start()
        assert client.seat == 0
        await client.close()
    finally:
        await host.stop()


async def test_public_address_names_the_host_in_every_address_printed():
    from forum_trajanum.net.host import PlanError, announce

    plan = HostPlan(names=["Ann", "Bob"], bots=["", ""], bind="0.0.0.0", port=0)
    plan.public_address = "game.example.org"
    host = await start(plan)
    try:
        printed: list[str] = []
        announce(host, printed.append)
        urls = urls_in(printed)
        assert len(urls) == 2 and all(url.startswith("http://game.example.org:") for url in urls)
    finally:
        await host.stop()
    plan.public_address = "http://game.example.org:80\x1b]0;x\x07"
    with pytest.raises(PlanError, match="is not a host name") as refused:
        await start(plan)
    assert "\x1b" not in str(refused.value)
    assert list_games(finished=None) != []  # only the first host's game


async def test_new_address_on_a_host_that_cannot_listen_keeps_the_old_address(port_in_use):
    from forum_trajanum.net.client import Client
    from tests.net.helpers import hosting

    async with hosting("trajan", "Ann", "Bob") as hosted:
        ann = hosted.addresses[1][0]
        game_id = hosted.table().session.game.id
    plan = HostPlan(resume=[game_id], new_address=["Ann"], port=port_in_use)
    with pytest.raises(OSError):
        await start(plan)  # no new address was printed: none was made
    host = await start(HostPlan(resume=[game_id], port=0))
    try:
        client = Client(ann.__class__(ann.host, host.port, 1, ann.secret))
        await client.start()
        assert client.seat == 0
        await client.close()
    finally:
        await host.stop()
