"""``forum-trajanum host`` and ``forum-trajanum join`` on the command line: what they say
when they cannot start (player words, no traceback), and the host's own seat (``--play``)."""

from __future__ import annotations

import pytest

from forum_trajanum.cli import main
from forum_trajanum.net.client import Client, JoinError
from forum_trajanum.net.host import Host, PlanError, _own_seat
from forum_trajanum.net.table import Table
from tests.net.helpers import hosting


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["host"], "nothing to host: give --seats"),
        (["host", "--seats", "Ann"], "needs 2 to 4 players"),
        (["host", "--seats", "Ann,Ann"], "Two seats are called Ann"),
        (["host", "--game", "trajan", "--seats", "Ann,Bob", "--side", "B"], "has no option"),
        (["host", "--continue", "no-such-game"], "no unfinished game"),
        (["join", "nowhere"], "is not a seat's address"),
    ],
)
def test_a_host_or_join_that_cannot_start_says_why_in_player_words(argv, words, capsys):
    assert main(argv) in (1, 2)
    said = capsys.readouterr().err
    assert words in said and "Traceback" not in said


@pytest.mark.parametrize("argv", [["host", "--port", "99999"], ["host", "--tables", "0"]])
def test_numbers_out_of_range_are_refused_by_the_command_line(argv, capsys):
    with pytest.raises(SystemExit) as ended:
        main(argv)
    assert ended.value.code == 2 and "whole number" in capsys.readouterr().err


def test_join_of_a_host_that_is_not_there_says_so_at_once(capsys, monkeypatch):
    # no host listens there: the refusal is immediate, and join says so then (issue 35,
    # point 17: it waited for its patience, 10 s, to run out, then said no host answered); a
    # patience of 20 s here: only words said before it runs out pass
    monkeypatch.setattr("forum_trajanum.net.join.PATIENCE", 20)
    assert main(["join", "127.0.0.1:9/1/abcde-fghjk"]) == 1
    said = capsys.readouterr().err
    assert "No game host is listening at 127.0.0.1:9 (the connection was refused" in said


async def test_the_hosts_own_seat_of_a_resumed_game_gets_a_new_secret_and_the_old_one_goes():
    async with hosting("trajan", "Ann", "Bob") as hosted:
        old = hosted.addresses[1][0]
        game_id = hosted.table().session.game.id
    host = Host("127.0.0.1", 0)
    table, fresh = Table.resume(game_id, **host.pools)
    assert fresh == {}  # its secrets are the ones printed when it began
    host.add(table)
    await host.start()
    try:
        with pytest.raises(PlanError, match="nobody of that name"):
            await _own_seat(host, "Cy")
        own = await _own_seat(host, "ann")
        assert own.table == 1 and own.secret != old.secret
        client = Client(own)
        await client.start()
        assert client.seat == 0
        await client.close()
        with pytest.raises(JoinError, match="opens no seat"):
            await Client(old.__class__(old.host, host.port, 1, old.secret)).start()
        bob = hosted.addresses[1][1]
        client = Client(bob.__class__(bob.host, host.port, 1, bob.secret))
        await client.start()  # Bob's address works as before
        assert client.seat == 1
        await client.close()
    finally:
        await host.stop()
