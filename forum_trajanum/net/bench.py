"""Benchmark of the game host: N tables played through real websocket clients on 127.0.0.1.

Run ``python -m forum_trajanum.net.bench [--game NAME] [--tables 1,10,100] [--think 0,1]
[--seconds S]``. For each number of tables and each pace, a host is started in a process of
its own (``forum-trajanum host --tables N``, its saves in a temporary folder, written and
synced to disk after every action as always: nobody hears of a move before it is on disk) and
two clients per table connect to it from this process (the host's CPU is its own process's,
measured apart from the clients').

How a table plays: its deciding client sends a random legal action (no bot thinks: the host's
work and the network are measured), and the table's next action comes only once every client
of the table has the new state, as at a real table. Every table plays until the run's end
(``--seconds``): a game that ends sooner is followed by a new one at that table (the host
holds games in reserve for it, their clients connecting when they begin: the connecting is
not in the figures). The pace (``--think``) is how long the
deciding client waits before acting: 0 is full speed (as fast as the host answers: every
table always has an action in flight, the host's capacity), and ``1`` one second on average
(drawn at random), the pace of a brisk person or a quick bot. The waiting is not in the
latency.

Printed per number of tables and pace: the moves per second over all tables, the median and
95th percentile of the latency from a client sending its action to every client of the table
having the new state (its own answer included), and the CPU time per move of the host and of
the clients.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import re
import shutil
import signal
import statistics
import sys
import tempfile
import time
from functools import partial

from forum_trajanum.games import DEFAULT_GAME, GAMES
from forum_trajanum.net.client import Client
from forum_trajanum.net.protocol import MAX_TABLES, State, parse_address

_ADDRESS = re.compile(r"^  \S+: (http://\S+)")
#: More moves a second than a host makes (all its tables together; one table on two cores
#: makes some 170): the games held in reserve for a run are enough at this rate.
MOST_MOVES_A_SECOND = 1000
#: Fewer moves than a game of two people has (random legal moves: some 180 to 270).
FEWEST_MOVES_A_GAME = 120


def games_per_table(tables: int, seconds: float) -> int:
    """How many games each table may need in ``seconds``: at least one, and enough for
    :data:`MOST_MOVES_A_SECOND` over all tables (within the host's :data:`MAX_TABLES`)."""
    moves = MOST_MOVES_A_SECOND * seconds / tables
    wanted = 1 + int(moves // FEWEST_MOVES_A_GAME) + 1
    return max(1, min(wanted, MAX_TABLES // tables))


async def start_host(game: str, tables: int, home: str) -> tuple[asyncio.subprocess.Process, list]:
    """A host of ``tables`` new games of two people; its process and the addresses."""
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "forum_trajanum",
        "host",
        "--game",
        game,
        "--seats",
        "Ann,Bob",
        "--tables",
        str(tables),
        "--port",
        "0",
        "--seed",
        "1",
        "--max-connections",
        str(4 * tables + 8),
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
        env={**os.environ, "FORUM_TRAJANUM_HOME": home, "PYTHONUNBUFFERED": "1"},
    )
    addresses = []
    async with asyncio.timeout(120):
        while True:
            assert process.stdout is not None  # a pipe, asked for
            line = (await process.stdout.readline()).decode()
            if not line:
                raise RuntimeError("the host ended before it listened")
            found = _ADDRESS.match(line)
            if found:
                addresses.append(parse_address(found[1]))
            if line.startswith("Press Ctrl+C"):
                break
    # its lines never fill the pipe (the task kept on the process, for as long as it runs)
    process.drained = asyncio.ensure_future(_drain(process))  # type: ignore[attr-defined]
    return process, addresses


async def _drain(process: asyncio.subprocess.Process) -> None:
    """Read what the host prints from now on (who joins and leaves, games ending)."""
    assert process.stdout is not None  # a pipe, asked for
    while await process.stdout.readline():
        pass


def cpu_seconds(pid: int) -> float:
    """The CPU time a process has used so far (Linux; 0 where /proc is not there)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Timed(Client):
    """A client that notes when each new number of actions reached it."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.arrivals: list[tuple[int, float]] = []

    def _take(self, message) -> None:
        super()._take(message)
        if self.state is not None and (
            not self.arrivals or self.arrivals[-1][0] != self.state.steps
        ):
            self.arrivals.append((self.state.steps, time.perf_counter()))

    @property
    def now(self) -> State:
        """The game's state as it last reached this client (one has, at a table)."""
        if self.state is None:
            raise LookupError("no state has reached this client yet")
        return self.state

    def arrived(self, steps: int) -> float:
        """When the state of ``steps`` actions or more first arrived (it has)."""
        when = self.arrival(steps)
        if when is None:
            raise LookupError(f"the state of {steps} actions has not reached this client")
        return when

    def arrival(self, steps: int) -> float | None:
        """When the state of ``steps`` actions or more first arrived (None: not yet)."""
        for count, when in reversed(self.arrivals):
            if count < steps:
                break
            found = when
        else:
            return self.arrivals[0][1] if self.arrivals else None
        return found if self.arrivals[-1][0] >= steps else None


async def play_games(
    games: list[list], stop: float, think: float, rng, latencies, moves, connect
) -> None:
    """Play one table's games one after the other until ``stop`` (a perf_counter time):
    ``games`` holds each game's clients (the first game's connected; each next one's
    connected by ``connect(addresses)`` when it begins)."""
    for number, clients in enumerate(games):
        if time.perf_counter() >= stop:
            return
        if number:
            clients = await connect(clients)
        try:
            await play_table(clients, stop, think, rng, latencies, moves)
        finally:
            if number:
                await asyncio.gather(*(c.close() for c in clients), return_exceptions=True)


def _may_move(client: Client) -> bool:
    """Whether ``client`` has a decision to take, or its game has ended."""
    state = client.state
    return state is not None and bool(state.legal or state.over)


def _reached(client: Client, target: int) -> bool:
    """Whether the state of ``target`` actions has reached ``client``."""
    return client.state is not None and client.state.steps >= target


async def play_table(clients: list[Timed], stop: float, think: float, rng, latencies, moves):
    """Play one table until ``stop`` (a perf_counter time) or the game's end."""
    while time.perf_counter() < stop:
        state = clients[0].now
        if state.over:
            return
        mover = next((c for c in clients if c.now.legal and not c.now.over), None)
        if mover is None:
            await asyncio.wait(
                [asyncio.ensure_future(c.wait_for(_may_move)) for c in clients],
                return_when=asyncio.FIRST_COMPLETED,
            )
            continue
        if think:  # the pace: not past the run's end
            await asyncio.sleep(min(rng.expovariate(1 / think), stop - time.perf_counter()))
            if time.perf_counter() >= stop:
                return
        target = mover.now.steps + 1
        sent = time.perf_counter()
        answer = await mover.act(rng.choice(mover.now.legal))
        if not answer.applied:
            continue
        for client in clients:
            await client.wait_for(partial(_reached, target=target))
        latencies.append(max(c.arrived(target) for c in clients) - sent)
        moves[0] += 1


async def measure(
    game: str, tables: int, seconds: float, think: float, where: str | None = None
) -> dict:
    """One run: the moves per second and the latencies (seconds) of ``tables`` tables, the
    saves in a new folder in ``where`` (the system's temporary folder by default)."""
    home = tempfile.mkdtemp(prefix="ft-net-bench-", dir=where)
    per_table = games_per_table(tables, seconds)
    process, addresses = await start_host(game, tables * per_table, home)
    clients: list[Timed] = []

    async def connect(table_addresses) -> list[Timed]:
        joined = []
        for address in table_addresses:
            client = Timed(address)
            await client.start(30)
            clients.append(client)
            joined.append(client)
        return joined

    try:
        by_table: dict[int, list] = {}
        for address in addresses:
            by_table.setdefault(address.table, []).append(address)
        # table k plays the games k, k + tables, k + 2 tables... one after the other
        games = {
            k: [by_table[k + g * tables] for g in range(per_table)] for k in range(1, tables + 1)
        }
        for first in games.values():
            first[0] = await connect(first[0])
        latencies: list[float] = []
        moves = [0]
        host_cpu = cpu_seconds(process.pid)
        client_cpu = time.process_time()
        started = time.perf_counter()
        stop = started + seconds
        await asyncio.gather(
            *(
                play_games(group, stop, think, random.Random(number), latencies, moves, connect)
                for number, group in games.items()
            )
        )
        elapsed = time.perf_counter() - started
        host_cpu = cpu_seconds(process.pid) - host_cpu
        client_cpu = time.process_time() - client_cpu
    finally:
        await asyncio.gather(*(c.close() for c in clients), return_exceptions=True)
        with contextlib.suppress(ProcessLookupError):
            process.send_signal(signal.SIGTERM)
        await process.wait()
        drained = getattr(process, "drained", None)
        if drained is not None:
            await drained
        shutil.rmtree(home, ignore_errors=True)
    latencies.sort()
    return {
        "tables": tables,
        "moves": moves[0],
        "per_second": moves[0] / elapsed,
        "median": statistics.median(latencies) if latencies else float("nan"),
        "p95": latencies[int(0.95 * (len(latencies) - 1))] if latencies else float("nan"),
        "host_cpu": host_cpu / moves[0] if moves[0] else float("nan"),
        "client_cpu": client_cpu / moves[0] if moves[0] else float("nan"),
    }


def _listed(kind, low: float, high: float, what: str, one: bool = False):
    """An argument type: numbers by commas (``one``: a single number), each from ``low``
    to ``high``; a clear error otherwise."""

    def read(text: str):
        try:
            values = [kind(part) for part in text.split(",")]
        except ValueError:
            values = []
        if not values or (one and len(values) > 1) or not all(low <= v <= high for v in values):
            many = "a number" if one else "numbers by commas"
            raise argparse.ArgumentTypeError(
                f"{what} takes {many} from {low:g} to {high:g}, not {text[:40]!r}"
            )
        return values[0] if one else values

    return read


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m forum_trajanum.net.bench")
    parser.add_argument(
        "--game",
        default=DEFAULT_GAME,
        choices=GAMES.names(),
        help=f"the game played ({DEFAULT_GAME})",
    )
    parser.add_argument(
        "--tables",
        type=_listed(int, 1, MAX_TABLES, "--tables"),
        default="1,10,100",
        help="numbers of tables, by commas",
    )
    parser.add_argument(
        "--seconds", type=_listed(float, 0.1, 3600, "--seconds", one=True), default=6.0,
        help="per run (6)",
    )  # fmt: skip
    parser.add_argument(
        "--think",
        type=_listed(float, 0, 60, "--think"),
        default="0,1",
        help="paces, by commas: the mean seconds a deciding client waits before acting "
        "(0: full speed)",
    )
    parser.add_argument(
        "--saves-in", metavar="FOLDER", help="where the host's saves go (a temporary folder)"
    )
    args = parser.parse_args(argv)
    counts, paces = args.tables, args.think
    folder = args.saves_in or tempfile.gettempdir()
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "?"
    print(
        f"{args.game}: 2 people per table, random legal moves, a table's next move once every "
        f"client has the last; saves synced to disk after every move (a temporary folder in "
        f"{folder}); host in its own process; {os.cpu_count()} cores, load average {load}"
    )
    print(
        f"{'tables':>6} {'pace':>10} {'moves':>7} {'moves/s':>8} {'median ms':>10} "
        f"{'p95 ms':>8} {'host CPU ms/move':>17} {'clients CPU ms/move':>20}"
    )
    for tables in counts:
        for think in paces:
            result = asyncio.run(measure(args.game, tables, args.seconds, think, args.saves_in))
            pace = f"{think:g} s" if think else "full speed"
            print(
                f"{result['tables']:>6} {pace:>10} {result['moves']:>7} "
                f"{result['per_second']:>8.0f} {1000 * result['median']:>10.1f} "
                f"{1000 * result['p95']:>8.1f} {1000 * result['host_cpu']:>17.2f} "
                f"{1000 * result['client_cpu']:>20.2f}",
                flush=True,
            )
    print(
        "Target (issue 30): p95 at most 50 ms at 100 tables at a person's pace (1 s); at full "
        "speed every table has a move in flight, so a move waits for the others' host time."
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
