"""Fan-out: one move watched by 100, then by 1,000 sockets spread over two server processes.

Watchers connect straight to the daphne processes, alternating, so each holds half; the
owner moves over HTTP through the entry point. A trial is the time from sending the move to
the arrival of its ``{"type": "game"}`` message on the last watcher; every watcher must get
it (none lost). The move is then undone (untimed) so the game never runs out of moves.
Prints the median and worst trial for each size and their ratio, and the CPU time each side
spends per delivered change (socket server processes, HTTP workers, this load generator) over
the trials: on a 2-core machine the wall time at 1,000 watchers is bounded by their sum.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time

from tests.support.waiting import wait_until_async

from .http import new_player
from .measure import client_cpu, emit
from .play import visible_moves
from .stack import DEFAULT_STACK, STACKS, Stack, cpu_seconds
from .ws import Socket, version_of


class Watchers:
    """Sockets watching one game; tracks when each first saw a given version."""

    def __init__(self):
        self.sockets: list[Socket] = []
        self.expected = None
        self.arrivals: list[float] = []
        self.all_arrived = asyncio.Event()
        self.versions_seen: dict[int, int] = {}

    def on_message(self, socket, message, now):
        version = version_of(message)
        self.versions_seen[id(socket)] = version
        if version == self.expected:
            self.arrivals.append(now)
            if len(self.arrivals) == len(self.sockets):
                self.all_arrived.set()

    def expect(self, version: int) -> None:
        self.expected, self.arrivals = version, []
        self.all_arrived.clear()

    async def connect(self, backends, game_id: int, count: int, parallel: int = 50) -> None:
        gate = asyncio.Semaphore(parallel)

        async def one(i):
            host, port = backends[i % len(backends)]
            async with gate:
                socket = await Socket.connect(
                    host, port, f"/ws/games/{game_id}/", on_message=self.on_message
                )
                self.sockets.append(socket)

        await asyncio.gather(*(one(i) for i in range(count)))
        await wait_until_async(
            lambda: len(self.versions_seen) >= count,
            30,
            lambda: f"{len(self.versions_seen)} of {count} snapshots arrived",
            interval=0.05,
        )

    def close(self) -> None:
        for socket in self.sockets:
            socket.close()


async def trials(stack: Stack, watchers_count: int, repeats: int) -> dict:
    host, port = stack.entry
    owner = await new_player(host, port, f"owner{watchers_count}")
    game = None
    while game is None or not visible_moves(game):
        status, game = await owner.request("POST", "/api/v1/games", {})
    await owner.request("PATCH", f"/api/v1/games/{game['id']}", {"watchable": True})
    watchers = Watchers()
    await watchers.connect(stack.ws_backends, game["id"], watchers_count)
    socket_pids = stack.socket_pids()
    http_pids = [pid for pid in stack.server_pids() if pid not in socket_pids]
    cpu_before = client_cpu(), cpu_seconds(socket_pids), cpu_seconds(http_pids)
    times, lost = [], 0
    for _ in range(repeats):
        for action, body in (("moves", {"positions": visible_moves(game)[0]}), ("undo", {})):
            watchers.expect(game["version"] + 1)
            start = time.perf_counter()
            status, game = await owner.request("POST", f"/api/v1/games/{game['id']}/{action}", body)
            assert status == 200, (status, game)
            try:
                await asyncio.wait_for(watchers.all_arrived.wait(), 10)
            except TimeoutError:
                lost += len(watchers.sockets) - len(watchers.arrivals)
                continue
            if action == "moves":
                times.append(max(watchers.arrivals) - start)
    cpu_after = client_cpu(), cpu_seconds(socket_pids), cpu_seconds(http_pids)
    deliveries = 2 * repeats * len(watchers.sockets)  # each trial is a move and its undo
    load_generator, socket_servers, http_workers = (
        round((after - before) / deliveries * 1e6, 1)
        for before, after in zip(cpu_before, cpu_after, strict=True)
    )
    watchers.close()
    await owner.close()
    return {
        "watchers": len(watchers.sockets),
        "median_ms": round(statistics.median(times) * 1000, 2),
        "worst_ms": round(max(times) * 1000, 2),
        "trials": len(times),
        "lost": lost,
        "cpu_us_per_delivery": {
            "socket_servers": socket_servers,
            "http_workers": http_workers,
            "load_generator": load_generator,
        },
    }


async def measure(stack: Stack, repeats: int) -> dict:
    small = await trials(stack, 100, repeats)
    large = await trials(stack, 1000, repeats)
    return {
        "small": small,
        "large": large,
        "ratio": round(large["median_ms"] / small["median_ms"], 2),
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--stack", choices=STACKS, default=DEFAULT_STACK)
    parser.add_argument("--repeats", type=int, default=15)
    args = parser.parse_args()
    from .env import prepare, raise_open_files, reset

    raise_open_files()
    prepare()
    reset()
    with Stack(args.stack) as stack:
        result = asyncio.run(measure(stack, args.repeats))
    emit({"measurement": "fanout", "stack": args.stack, **result})


if __name__ == "__main__":
    main()
