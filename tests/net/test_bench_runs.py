"""``python -m forum_trajanum.net.bench``: a wrong game is refused with the choices (no
traceback), and a table plays game after game until the run's end, so a one-table row rests on
as many moves as the run allows, not on one game's (issue 35, point 17)."""

from __future__ import annotations

import asyncio
import random
import time

import pytest

from forum_trajanum.core.game import GAMES
from forum_trajanum.net import bench
from forum_trajanum.net.protocol import MAX_TABLES
from tests.net.helpers import hosting


def test_an_unknown_game_is_refused_with_the_games_to_choose_from(capsys):
    with pytest.raises(SystemExit) as ended:
        bench.main(["--game", "x", "--tables", "1"])
    said = capsys.readouterr().err
    assert ended.value.code == 2 and "Traceback" not in said
    assert all(name in said for name in GAMES.names())


@pytest.mark.parametrize("argv", [["--tables", "1,x"], ["--think", "fast"], ["--seconds", "0"]])
def test_numbers_that_cannot_be_are_refused_in_words(argv, capsys):
    with pytest.raises(SystemExit) as ended:
        bench.main(argv)
    assert ended.value.code == 2 and argv[0] in capsys.readouterr().err


@pytest.mark.parametrize(("tables", "seconds"), [(1, 6), (10, 6), (100, 6), (100, 60), (999, 6)])
def test_the_games_held_in_reserve_last_a_run_at_the_most_moves_a_host_makes(tables, seconds):
    per_table = bench.games_per_table(tables, seconds)
    assert per_table >= 1 and tables * per_table <= MAX_TABLES
    if tables * (per_table + 1) <= MAX_TABLES:  # not held back by the host's most tables
        room = tables * (per_table - 1) * bench.FEWEST_MOVES_A_GAME
        assert room >= bench.MOST_MOVES_A_SECOND * seconds


async def test_a_table_whose_game_ends_before_the_run_does_plays_the_next_one():
    async with hosting("trajan", "Ann", "Bob", tables=2) as hosted:
        first = [bench.Timed(address) for address in hosted.addresses[1]]
        for client in first:
            await client.start()
        joined: list[bench.Timed] = list(first)

        async def connect(addresses):
            clients = [bench.Timed(address) for address in addresses]
            for client in clients:
                await client.start()
            joined.extend(clients)
            return clients

        latencies: list[float] = []
        moves = [0]
        try:
            await bench.play_games(
                [first, hosted.addresses[2]],
                time.perf_counter() + 600,  # never reached: both games are played to the end
                0,
                random.Random(1),
                latencies,
                moves,
                connect,
            )
        finally:
            await asyncio.gather(*(c.close() for c in joined))
        played = [hosted.table(n).session for n in (1, 2)]
        assert all(session.over for session in played)
        assert moves[0] == len(latencies) == sum(len(s.record.actions) for s in played)
