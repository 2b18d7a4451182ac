"""A hostile host cannot reach the joining player's terminal, nor crash ``join`` (issue 35,
point 7): everything a host sends is untrusted. Its texts (names, the game's title, log
lines, a refusal's words, what a move led to) are shown as plain text: no terminal code of
theirs reaches the terminal (a title, the clipboard, a reset) and no markup is read
(``[red]Ann`` is shown as written). A game this release does not know, a view that is no
view of the game, a legal action that does not parse: ``join`` says so in words and ends
with status 1, never a traceback. Each case against a fake host (a small websocket server
of the test's) and a real ``join`` in a pseudo-terminal reading every byte it writes."""

from __future__ import annotations

import asyncio
import json
import threading

import pytest

from forum_trajanum.core.text import printable
from forum_trajanum.net.client import Client, JoinError
from tests.net.hostile import (
    ESCAPES,
    FakeHost,
    Terminal,
    game_messages,
    no_terminal_codes_but_textuals,
    read_requests,
    script_of,
)


def hostile_game(game: str = "trajan"):
    """A true game of Ann (deciding) and Bob (joining), its texts made hostile."""
    welcome, state = game_messages(game, names=("[red]Ann" + ESCAPES, "Bob"), seat=1, actions=2)
    welcome["title"] = "Trajan" + ESCAPES
    for line in state["log"]:
        line["text"] += ESCAPES
    state["played_alone"] = "[bold]alone" + ESCAPES
    return welcome, state


def test_a_hostile_hosts_texts_reach_the_joiners_terminal_as_plain_text(tmp_path):
    welcome, state = hostile_game()
    presence = {"v": 1, "type": "presence", "connected": [True, True]}
    with (
        FakeHost(script_of(welcome, state, presence)) as host,
        Terminal(host.address, tmp_path) as term,
    ):
        # the title bar names the seat, the game's screen the decider: as written
        assert term.shows(b"[red]Ann", b"is deciding"), bytes(term.out[-2000:])
        term.press(b"q")
        assert term.wait() == 0, bytes(term.out[-2000:])
    out = bytes(term.out)
    assert b"PWNED-TITLE" in out  # shown, as visible escapes...
    assert no_terminal_codes_but_textuals(out), out  # ...never acted on


def hosts_that_send(case: str):
    """A welcome and state with one thing wrong (``case``)."""
    welcome, state = game_messages("trajan", seat=0)
    if case == "a game this release does not know":
        welcome["game"] = "chess"
    elif case == "a view that is no view of the game":
        state["view"] = {"board": [1, 2, 3]}
    elif case == "a legal action that does not parse":
        state["legal"] = ["markers rest", "fly to the moon" + ESCAPES]
    elif case == "options the game does not have":
        welcome["options"] = {"players": 9}
    elif case == "more names than the game's players":
        welcome["names"] = ["Ann", "Bob", "Cid"]
    elif case == "a decider the game does not have":
        state["decider"] = 5
    elif case == "not a message at all":
        state = {"v": 1, "type": "state", "decision": ESCAPES}
    return welcome, state


CASES = [
    "a game this release does not know",
    "a view that is no view of the game",
    "a legal action that does not parse",
    "options the game does not have",
    "more names than the game's players",
    "a decider the game does not have",
    "not a message at all",
]


@pytest.mark.parametrize("case", CASES)
async def test_a_client_refuses_what_a_host_sends_that_cannot_be_the_game_in_words(case):
    welcome, state = hosts_that_send(case)
    with FakeHost(script_of(welcome, state)) as host:
        client = Client(host.address)
        with pytest.raises(JoinError) as refused:
            await client.start(timeout=30)
    words = str(refused.value)
    assert words.startswith("The host sent something this window cannot read"), words
    assert printable(words) == words and client.ended == "malformed"


@pytest.mark.parametrize(
    "case",
    ["a game this release does not know", "a view that is no view of the game",
     "a legal action that does not parse"],
)  # fmt: skip
def test_join_ends_with_words_and_status_1_when_a_host_sends_what_cannot_be_the_game(
    case, tmp_path
):
    welcome, state = hosts_that_send(case)
    with FakeHost(script_of(welcome, state)) as host, Terminal(host.address, tmp_path) as term:
        assert term.wait() == 1
    out = bytes(term.out)
    assert b"cannot read" in out and b"Traceback" not in out, out
    assert no_terminal_codes_but_textuals(out), out


def test_join_ends_with_words_and_status_1_when_a_state_in_the_game_cannot_be_read(tmp_path):
    welcome, state = game_messages("trajan", seat=1, actions=2)
    shown = threading.Event()
    bad = {**state, "view": {"nonsense": True}}

    async def script(number, hello, ws) -> None:
        await ws.send_str(json.dumps(welcome))
        await ws.send_str(json.dumps(state))
        await asyncio.to_thread(shown.wait)  # the game is on the joiner's screen
        await ws.send_str(json.dumps(bad))
        await read_requests(ws, [])

    with FakeHost(script) as host, Terminal(host.address, tmp_path) as term:
        assert term.shows(b"is deciding"), bytes(term.out[-2000:])
        shown.set()
        assert term.wait() == 1
    out = bytes(term.out)
    assert b"cannot read" in out and b"Traceback" not in out, out[-3000:]


async def test_a_hosts_answer_and_refusal_words_come_as_plain_text():
    welcome, state = game_messages("trajan", seat=0)

    def answer(request):
        return [{"v": 1, "type": "answer", "id": request["id"], "applied": False,
                 "words": "[red]no" + ESCAPES}]  # fmt: skip

    with FakeHost(script_of(welcome, state, then=answer)) as host:
        client = Client(host.address)
        await client.start(timeout=30)
        try:
            said = await client.act("markers rest")
        finally:
            await client.close()
    assert said.words == "[red]no" + printable(ESCAPES) and "\x1b" not in said.words
    refusal = {"v": 1, "type": "refused", "words": "go" + ESCAPES, "reason": "secret"}
    with FakeHost(script_of(refusal)) as host, pytest.raises(JoinError) as refused:
        await Client(host.address).start(timeout=30)
    assert "go" + printable(ESCAPES) in str(refused.value) and "\x1b" not in str(refused.value)
