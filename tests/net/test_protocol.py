"""The messages of the game host and its clients, seat addresses and secrets (issue 30:
"pydantic models for every message, versioned; no home-made framing"; "secrets are compared
in constant time and stored only as hashes in the save")."""

from __future__ import annotations

import json
import re

import pytest

from forum_trajanum.core.game import GAMES
from forum_trajanum.core.record import HostedMeta, SaveMeta, read_record
from forum_trajanum.net.protocol import (
    MAX_CLIENT_MESSAGE,
    SECRET_LETTERS,
    Act,
    Address,
    AddressError,
    Answer,
    Hello,
    LogLine,
    Presence,
    ProtocolError,
    Refused,
    RoundLine,
    State,
    Undo,
    Welcome,
    digest,
    dump,
    new_secret,
    parse_address,
    read_client,
    read_host,
    secret_matches,
)

CLIENT_MESSAGES = [
    Hello(table=3, secret="abcde-fghjk", client="client-123", log_from=5),
    Act(id=7, decision="12.0", action="take c3"),
    Undo(id=8, decision="13.1"),
]
HOST_MESSAGES = [
    Welcome(
        game="trajan",
        title="Trajan",
        table=1,
        seat=1,
        names=["Ann", "Bob"],
        bots=["", "easy"],
        options={"players": 2},
    ),
    State(
        decision="3.0",
        steps=3,
        decider=0,
        over=False,
        view={"viewer": 0, "deck": [-1, -1]},
        legal=["pass"],
        log_start=0,
        log=[LogLine(seat=0, text="Ann took a card.", period=(1, 1), actor=0)],
        rounds=[RoundLine(period=(1, 1), scores=[3, 4])],
        scorings=0,
    ),
    Presence(connected=[True, False]),
    Answer(id=7, applied=False, words="It is Bob's decision, not yours."),
    Refused(words="No such seat."),
]


@pytest.mark.parametrize("message", CLIENT_MESSAGES, ids=lambda m: m.type)
def test_every_client_message_reads_back_from_its_json_text(message):
    text = dump(message)
    assert json.loads(text)["v"] == 1
    assert read_client(text) == message


@pytest.mark.parametrize("message", HOST_MESSAGES, ids=lambda m: m.type)
def test_every_host_message_reads_back_from_its_json_text(message):
    assert read_host(dump(message)) == message


def test_a_message_of_another_version_is_refused_in_words_that_say_so():
    data = json.loads(dump(CLIENT_MESSAGES[1]))
    data["v"] = 2
    with pytest.raises(ProtocolError, match=r"version 2 .* version 1"):
        read_client(json.dumps(data))


@pytest.mark.parametrize(
    "data",
    [
        {"v": 1, "type": "act", "id": 1, "decision": "1.0", "action": "x", "extra": 1},
        {"v": 1, "type": "act", "id": 1, "decision": "1.0", "action": "x" * 201},
        {"v": 1, "type": "act", "id": 1, "decision": "one", "action": "x"},
        {"v": 1, "type": "shout", "id": 1},
        {"v": 1, "type": "hello", "table": 1, "secret": "s" * 65, "client": "abcdefgh"},
        {"v": 1, "type": "hello", "table": 0, "secret": "s", "client": "abcdefgh"},
        {"v": 1, "type": "welcome", "game": "trajan"},  # a host's message from a client
    ],
)
def test_a_message_not_of_the_protocol_is_refused(data):
    with pytest.raises(ProtocolError):
        read_client(json.dumps(data))


@pytest.mark.parametrize("text", ["", "[1, 2]", "nan", "{" * 100 + "}" * 100, b"\xff\xfe"])
def test_text_that_is_no_json_object_is_refused_without_a_traceback(text):
    with pytest.raises(ProtocolError, match="not a message"):
        read_client(text)


def test_the_largest_client_message_fits_the_hosts_limit():
    largest = Act(id=2**31 - 1, decision="999999999.999999999", action="\U0001f600" * 200)
    assert len(dump(largest).encode()) <= MAX_CLIENT_MESSAGE


def test_a_seat_address_is_read_from_its_long_and_its_short_form():
    address = Address("127.0.0.1", 8765, 12, "k7dqm-2xp9w-fa3hz-tb6ce")
    assert parse_address(address.url()) == address
    assert parse_address(address.short()) == address
    assert parse_address(f"  {address.url()}/ ") == address
    secure = parse_address("https://[::1]:9000/table/3/abc")
    assert (secure.host, secure.port, secure.table, secure.tls) == ("::1", 9000, 3, True)
    assert secure.websocket() == "wss://[::1]:9000/ws/3"
    assert parse_address("example.org/2/abc").port == 8765


def test_a_short_address_leaves_out_the_scheme_and_the_default_port_and_only_then_is_printed():
    # issue 35 point 17: the host's "short" address was the whole address but its scheme
    usual = Address("192.168.1.20", 8765, 1, "k7dqm-2xp9w-fa3hz-tb6ce")
    assert usual.short() == "192.168.1.20/1/k7dqm-2xp9w-fa3hz-tb6ce" and usual.has_short()
    assert parse_address(usual.short()) == usual
    other_port = Address("192.168.1.20", 9000, 1, "abc")
    assert parse_address(other_port.short()) == other_port and not other_port.has_short()
    secure = Address("example.org", 8765, 1, "abc", tls=True)
    assert parse_address(secure.short()) == secure and not secure.has_short()
    assert parse_address(Address("::1", 8765, 2, "abc").short()).host == "::1"


@pytest.mark.parametrize(
    "text", ["", "127.0.0.1:8765", "http://h:8765/x/abc", "h:99999/1/abc", "h/0/abc", "a b/1/c"]
)
def test_text_that_is_no_address_says_what_an_address_looks_like(text):
    with pytest.raises(AddressError, match=re.escape("http://127.0.0.1:8765/1/")):
        parse_address(text)


def test_a_secret_matches_its_digest_however_its_groups_are_written():
    secret = new_secret()
    assert len(secret) == 23 and set(secret.replace("-", "")) <= set(SECRET_LETTERS)
    kept = digest(secret)
    assert len(kept) == 64 and secret not in kept
    assert secret_matches(secret, kept)
    assert secret_matches(secret.upper().replace("-", " "), kept)
    assert not secret_matches(new_secret(), kept)
    assert not secret_matches(secret, "")  # a bot's seat has no secret
    assert new_secret() != new_secret()


def test_a_save_keeps_the_hosted_seats_digests_and_an_old_save_reads_without_them():
    rules = GAMES.get("trajan")
    hosted = HostedMeta(table=4, port=9000, digests=[digest("a"), ""], undos=2)
    record = rules.record(
        seed=1,
        options=rules.options(players=2),
        names=["Ann", "Bot"],
        bots=["", "easy"],
        meta=SaveMeta(hosted=hosted),
    )
    again = read_record(record.to_json(), GAMES).record
    assert again.meta.hosted == hosted
    old = json.loads(record.to_json().splitlines()[0])
    del old["meta"]["hosted"]
    assert read_record(json.dumps(old) + "\n", GAMES).record.meta.hosted is None
    # digests that do not fit the seats are damage to the app's data only: dropped
    old["meta"]["hosted"] = {"digests": [digest("a")]}
    assert read_record(json.dumps(old) + "\n", GAMES).record.meta.hosted is None
