"""A seat's address opened in a browser plays the seat there (issue 30: "The same address
opened in a browser plays the seat there (reuse `serve`'s page and its secret and Origin
rules)"): a real ``forum-trajanum host`` on 127.0.0.1 and Debian's Chromium driven by
Playwright, as ``tests/web/test_browser.py`` drives ``serve`` (skipped where either is
missing)."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from tests.waiting import DEADLINE, wait_until
from tests.web.test_browser import Tab, browser  # noqa: F401 - the browser fixture

pytest.importorskip("textual_serve", reason="textual-serve is not installed ([web] extra)")


@pytest.fixture
def host(save_home):
    """``forum-trajanum host --seats Ann,normal`` on a free port of 127.0.0.1: Ann's
    address; SIGTERM must stop it cleanly after."""
    env = {**os.environ, "FORUM_TRAJANUM_HOME": str(save_home)}
    command = [sys.executable, "-m", "forum_trajanum.cli", "host", "--seats", "Ann,normal"]
    process = subprocess.Popen(
        [*command, "--port", "0", "--seed", "3"],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    lines = []
    while not (lines and lines[-1].startswith("Press Ctrl+C")):
        line = process.stdout.readline()
        assert line, "".join(lines)
        lines.append(line)
    threading.Thread(target=process.stdout.read, daemon=True).start()
    (address,) = re.findall(r"Ann: (http://127\.0\.0\.1:\d+/1/[a-z0-9-]+)", "".join(lines))
    yield address
    process.send_signal(signal.SIGTERM)
    assert process.wait(timeout=DEADLINE) == 0


def _actions(home: Path) -> int:
    from forum_trajanum.core import saves

    (game,) = saves.list_games(finished=None)
    return game.actions


def _pressed(tab: Tab) -> bool:
    tab.press_paced("Enter")
    return True


@pytest.mark.long  # a browser's game, as tests/web's
def test_a_seats_address_in_a_browser_plays_that_seat_and_a_wrong_secret_is_refused(
    browser,  # noqa: F811
    host,
    save_home,
    tmp_path,
):
    tab = Tab(browser, host, Path(os.environ.get("SCREENSHOTS") or tmp_path), "seat")
    page = tab.page
    assert page.title() == "Forum Trajanum: Ann"
    # the seat's own play screen: Ann's board and her decision (the bot waits for her)
    tab.wait_for_text("Colonia of Ann (you)")
    tab.wait_for_text("Ann's choice")
    before = _actions(save_home)
    tab.shot("play")
    # a move by keys: Enter takes the first of Ann's choices (a press while the new list is
    # held is ignored: pressed again), and the move reaches the host, which saves it
    wait_until(lambda: _pressed(tab) and _actions(save_home) > before, what="Ann's move saved")
    tab.shot("moved")
    # a wrong secret gets a refusal page, and no terminal
    wrong = host.rsplit("/", 1)[0] + "/aaaaa-bbbbb-ccccc-ddddd"
    response = page.goto(wrong)
    assert response.status == 403
    assert "opens no seat" in page.inner_text("body")
    assert page.query_selector("#terminal") is None
