"""WebSocket moves: the REST workload over sockets (64 clients, each its own game).

Each client opens ``/ws/games/{id}/?token=…`` through the entry point and sends
``{"action": "move", "positions", "expected_version", "request_id"}``; a move counts when its
``{"type": "result"}`` reply arrives (the ``{"type": "game"}`` broadcast of the same change is
skipped). A stalled or won game is replaced by a new one (``POST /api/v1/games``) on a new
socket. Prints moves/s, p50/p99 latency, errors and CPU time per move of every component.

``--open-loop`` (or ``--rates 50,100``): moves arrive at fixed rates instead, as players make
them (:class:`bench.perf.measure.Pace`), and the curve rate → p50/p99 is printed.
"""

from __future__ import annotations

import asyncio
import random
import time

from .http import new_player
from .measure import Pace, Window, moves_main
from .play import next_move
from .ws import Socket


async def open_game(connection, host, port):
    status, game = await connection.request("POST", "/api/v1/games", {})
    assert status == 201, (status, game)
    socket = await Socket.connect(host, port, f"/ws/games/{game['id']}/?token={connection.token}")
    snapshot = await socket.receive_json()
    assert snapshot["type"] == "game", snapshot
    return socket, snapshot["game"]


async def play(
    index: int, host: str, port: int, window: Window, stop: asyncio.Event, pace: Pace | None = None
) -> None:
    pace = pace or Pace()
    rng = random.Random(index)
    connection = await new_player(host, port, f"ws{index}")
    socket, game = await open_game(connection, host, port)
    request_id = 0
    try:
        while not stop.is_set():
            move = next_move(game, rng)
            if move is None:
                socket.close()
                socket, game = await open_game(connection, host, port)
                continue
            start = await pace.next()
            if start is None:
                break
            request_id += 1
            socket.send_json(
                {
                    "action": "move",
                    "positions": move,
                    "request_id": request_id,
                    "expected_version": game["version"],
                }
            )
            while True:
                reply = await socket.receive_json()
                if reply.get("request_id") == request_id and reply["type"] in ("result", "error"):
                    break
            window.record(
                time.perf_counter() - start, "ok" if reply["type"] == "result" else reply["code"]
            )
            if reply["type"] == "result":
                game = reply["game"]
            else:
                _, game = await connection.request("GET", f"/api/v1/games/{game['id']}")
    finally:
        socket.close()
        await connection.close()


if __name__ == "__main__":
    moves_main("ws_moves", __doc__.splitlines()[0], play)
