"""A seat's address as a browser page, without a browser: ``serve``'s rules hold for it (the
seat's secret is the page's secret, the terminal's websocket only from the host's own page and
names, at most ``--max-games`` seats in browsers at once, a seat in use said so)."""

from __future__ import annotations

import asyncio
import ssl
import subprocess

import aiohttp
import pytest

from forum_trajanum.net.browser import NO_SEAT
from forum_trajanum.net.host import tls_context
from tests.net.helpers import hosting, joined
from tests.waiting import DEADLINE

pytest.importorskip("textual_serve", reason="textual-serve is not installed ([web] extra)")


async def test_a_seats_page_and_terminal_keep_serves_rules_secret_origin_names_and_bound():
    async with hosting("forum-trajanum", "Ann", "Bob", max_pages=1) as hosted:
        ann, _bob = hosted.addresses[1]
        wrong = f"{ann.origin()}/1/aaaaa-bbbbb-ccccc-ddddd"
        terminal = f"ws://{ann.where}/term/1/{ann.secret}"
        async with aiohttp.ClientSession() as http:
            async with http.get(ann.url()) as page:
                assert page.status == 200
                assert f"/term/1/{ann.secret}" in await page.text()
                assert page.headers["Cache-Control"] == "no-store"  # the page holds the secret
            for refused in (wrong, f"{ann.origin()}/2/{ann.secret}"):
                async with http.get(refused) as page:
                    assert (page.status, await page.text()) == (403, NO_SEAT)
            # a name rebound to this machine (DNS rebinding) gets no page
            rebound = {"Host": f"attacker.example:{ann.port}"}
            async with http.get(ann.url(), headers=rebound) as page:
                assert page.status == 403
            # the terminal: only from the host's own page, only with a seat's secret
            for headers in ({"Origin": "http://evil.example"}, rebound):
                with pytest.raises(aiohttp.WSServerHandshakeError) as no:
                    await http.ws_connect(terminal, headers=headers)
                assert no.value.status == 403
            with pytest.raises(aiohttp.WSServerHandshakeError) as no:
                await http.ws_connect(terminal.replace(ann.secret, "aaaaa-bbbbb"))
            assert no.value.status == 403
            # a seat played from another window: the page says so (no app that would end)
            async with joined([ann]), http.get(ann.url()) as page:
                assert page.status == 409
                assert "Ann's seat is already played" in await page.text()
            # --max-games: beyond the seats the host shows in browsers, the page says so
            hosted.host.pages.playing = 1
            async with http.get(ann.url()) as page:
                assert page.status == 503
                assert "--max-games" in await page.text()


async def test_over_tls_a_seats_page_runs_join_for_its_seat_trusting_the_hosts_certificate(
    tmp_path,
):
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
         "-keyout", str(key), "-out", str(cert), "-subj", "/CN=127.0.0.1",
         "-addext", "subjectAltName=IP:127.0.0.1"],
        check=True, capture_output=True,
    )  # fmt: skip
    context = tls_context(str(cert), str(key))
    options = {"ssl_context": context, "certfile": str(cert)}
    async with hosting("trajan", "Ann", "Bob", **options) as hosted:
        ann = hosted.addresses[1][0]
        trusted = ssl.create_default_context(cafile=str(cert))
        terminal = f"wss://{ann.where}/term/1/{ann.secret}"
        async with aiohttp.ClientSession() as http:
            async with http.get(ann.url(), ssl=trusted) as page:
                assert page.status == 200 and terminal in await page.text()
            # the page's terminal: an app process joins Ann's seat over TLS, like any client
            async with http.ws_connect(terminal, ssl=trusted, headers={"Origin": ann.origin()}):
                async with asyncio.timeout(DEADLINE):
                    while 0 not in hosted.host.connections[1]:
                        await asyncio.sleep(0.02)
            # the tab closed: its app ends, and the seat is free again
            async with asyncio.timeout(DEADLINE):
                while 0 in hosted.host.connections[1]:
                    await asyncio.sleep(0.02)
