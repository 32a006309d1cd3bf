"""REST moves: 64 clients, each playing its own game over one HTTP keep-alive connection.

Each client picks a random legal move from the table it sees (pile tops and reserve) and
sends it with ``expected_version``; when its game stalls or is won it starts another. Only
moves count (``POST /api/v1/games/{id}/moves`` answered 200); anything else is an error.
Prints moves/s, p50/p99 latency, errors and the CPU time per move of every component.

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


async def play(
    index: int, host: str, port: int, window: Window, stop: asyncio.Event, pace: Pace | None = None
) -> None:
    pace = pace or Pace()
    rng = random.Random(index)
    connection = await new_player(host, port, f"rest{index}")
    game = None
    try:
        while not stop.is_set():
            move = next_move(game, rng) if game else None
            if move is None:
                status, game = await connection.request("POST", "/api/v1/games", {})
                assert status == 201, (status, game)
                continue
            start = await pace.next()
            if start is None:
                break
            status, body = await connection.request(
                "POST",
                f"/api/v1/games/{game['id']}/moves",
                {"positions": move, "expected_version": game["version"]},
            )
            window.record(time.perf_counter() - start, "ok" if status == 200 else f"http_{status}")
            if status == 200:
                game = body
            else:
                _, game = await connection.request("GET", f"/api/v1/games/{game['id']}")
    finally:
        await connection.close()


if __name__ == "__main__":
    moves_main("rest_moves", __doc__.splitlines()[0], play)
