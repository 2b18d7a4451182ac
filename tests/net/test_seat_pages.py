"""A seat's address as a browser page, without a browser: ``serve``'s rules hold for it (the
seat's secret is the page's secret, the terminal's websocket only from the host's own page and
names, at most ``--max-games`` seats in browsers at once, a seat in use said so)."""

from __future__ import annotations

import aiohttp
import pytest

from forum_trajanum.net.browser import NO_SEAT
from tests.net.helpers import hosting, joined

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
