"""Connections: 10,000 idle WebSockets, each watching a game, all receiving a broadcast.

The sockets connect straight to the daphne processes, alternating (through nginx each would
take two of the entry point's file descriptors, and this container caps a process at 20,000),
to 100 games (100 sockets each) and stay open;
then one move is made in every game and each socket must receive its game's new version.
Reports how many connected, how many received the broadcast and how long it took, and the
server's memory: the daphne processes' RSS before and after the sockets, per connection.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import time

from .http import new_player
from .measure import emit
from .play import visible_moves
from .stack import DEFAULT_STACK, STACKS, Stack, rss_bytes
from .ws import Socket, version_of


async def measure(stack: Stack, sockets: int, games: int, parallel: int = 100) -> dict:
    host, port = stack.entry
    backends = stack.ws_backends
    owner = await new_player(host, port, "broadcaster")
    boards = []
    while len(boards) < games:
        _, game = await owner.request("POST", "/api/v1/games", {})
        if visible_moves(game):
            await owner.request("PATCH", f"/api/v1/games/{game['id']}", {"watchable": True})
            boards.append(game)
    await asyncio.sleep(1)
    ws_pids = stack.socket_pids()
    rss_before = rss_bytes(ws_pids)
    expected = {}  # socket -> version awaited
    received, done = [0], asyncio.Event()

    def on_message(socket, message, now):
        if expected.get(socket) == version_of(message):
            received[0] += 1
            if received[0] == sockets:
                done.set()

    gate, opened, failed = asyncio.Semaphore(parallel), [], [0]

    async def connect(i):
        game = boards[i % games]
        async with gate:
            try:
                socket = await Socket.connect(
                    *backends[i % len(backends)], f"/ws/games/{game['id']}/", on_message=on_message
                )
            except (TimeoutError, OSError):
                failed[0] += 1
                return
            expected[socket] = game["version"] + 1
            opened.append(socket)

    start = time.perf_counter()
    await asyncio.gather(*(connect(i) for i in range(sockets)))
    connect_seconds = time.perf_counter() - start
    await asyncio.sleep(3)  # snapshots delivered, memory settled
    rss_after = rss_bytes(ws_pids)
    nginx_rss = rss_bytes(stack.nginx_pids())
    await owner.close()  # idle for minutes: the next request opens a fresh connection
    start = time.perf_counter()
    await _moves_in_order(owner, boards)  # one keep-alive connection: one move at a time
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(done.wait(), 60)
    broadcast_seconds = time.perf_counter() - start
    still_open = sum(not s.transport.is_closing() for s in opened)
    for socket in opened:
        socket.close()
    await owner.close()
    return {
        "sockets": sockets,
        "connected": len(opened),
        "connect_failures": failed[0],
        "open_at_broadcast": still_open,
        "received": received[0],
        "connect_s": round(connect_seconds, 1),
        "broadcast_ms": round(broadcast_seconds * 1000),
        "server_rss_mb_before": round(rss_before / 2**20, 1),
        "server_rss_mb_after": round(rss_after / 2**20, 1),
        "kb_per_connection": round((rss_after - rss_before) / max(1, len(opened)) / 1024, 1),
        "nginx_rss_mb": round(nginx_rss / 2**20, 1),
        "server_processes": len(ws_pids),
    }


async def _move(owner, game):
    status, body = await owner.request(
        "POST", f"/api/v1/games/{game['id']}/moves", {"positions": visible_moves(game)[0]}
    )
    assert status == 200, (status, body)


async def _moves_in_order(owner, games):
    for game in games:
        await _move(owner, game)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--stack", choices=STACKS, default=DEFAULT_STACK)
    parser.add_argument("--sockets", type=int, default=10_000)
    parser.add_argument("--games", type=int, default=100)
    args = parser.parse_args()
    from .env import prepare, raise_open_files, reset

    raise_open_files()
    prepare()
    reset()
    with Stack(args.stack) as stack:
        result = asyncio.run(measure(stack, args.sockets, args.games))
    emit({"measurement": "idle_sockets", "stack": args.stack, **result})


if __name__ == "__main__":
    main()
