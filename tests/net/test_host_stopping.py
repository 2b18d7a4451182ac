"""A host stopped on purpose says so to its clients, who stop trying again; the host's
terminal says when a game ends and when a second window for a seat is refused (issue 35,
point 16)."""

from __future__ import annotations

import pytest

from forum_trajanum.net.client import Client, JoinError
from forum_trajanum.net.protocol import Refused, read_host
from tests.net.helpers import hosting, joined, play_to_the_end


def refusals(client: Client) -> list[Refused]:
    found = [read_host(frame) for frame in client.frames or []]
    return [message for message in found if isinstance(message, Refused)]


async def test_a_host_stopped_on_purpose_tells_every_client_it_stopped_and_they_stop_trying():
    async with (
        hosting("trajan", "Ann", "Bob", "easy") as hosted,
        joined(hosted.addresses[1], keep_frames=True) as clients,
    ):
        await hosted.host.stop()
        for client in clients:
            await client.wait_for(lambda c: refusals(c) and not c.connected, 10)
            (refused,) = refusals(client)
            assert refused.reason == "stopped" and not refused.retry
            assert "host stopped the game" in refused.words
            # the command that resumes it, whole: `host --continue` alone is refused
            game_id = hosted.host.tables[1].session.game.id
            assert f"host --continue {game_id}" in refused.words
            assert "stopped the game" in client.problem  # said to the player as it is
            await client._task  # the client stops trying again by itself
        assert all(client.connections == 1 for client in clients)


async def test_the_hosts_terminal_says_when_a_second_window_is_refused_and_when_a_game_ends(
    test_only_games,
):
    said: list[str] = []
    async with hosting("tiny", "Ann", "Bob", say=said.append) as hosted:
        address = hosted.addresses[1][0]
        async with joined(hosted.addresses[1]) as clients:
            with pytest.raises(JoinError):
                await Client(address).start()
            assert any("second window for Ann's seat was refused" in line for line in said)
            await play_to_the_end(clients, seed=3)
            ended = [line for line in said if "the game is over" in line]
            assert len(ended) == 1
            session = hosted.table().session
            scores = session.rules.scores(session.state)
            assert f"Ann {scores[0]}" in ended[0] and f"Bob {scores[1]}" in ended[0]
            assert "win" in ended[0]
        assert all("\n" not in line and "\x1b" not in line for line in said)
