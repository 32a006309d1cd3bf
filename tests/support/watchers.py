"""Sockets that stay connected, as the web client's ``LiveFeed`` (web/static/web/live.js) does:
after a drop they reconnect, and the first ``game`` frame of each connection is the game as it
is now — the client resynchronises by its version.

Like a browser, they never ping: a dead connection must be noticed by the entry point (nginx
closes a WebSocket whose upstream has been silent past ``proxy_read_timeout``; daphne pings
every socket well within it), not by the client. They run in an event loop of their own (a
thread), so a test driving threads and blocking calls can watch them.
"""

from __future__ import annotations

import asyncio
import json
import threading
import time
from dataclasses import dataclass, field

import websockets

from .waiting import wait_until

#: The client's pause before reconnecting (live.js starts at 300 ms): pacing, not a test wait.
RECONNECT_PAUSE = 0.3


@dataclass
class Watcher:
    connections: int = 0  # opened so far
    drops: int = 0
    latest: int = -1  # highest version seen
    #: (time.monotonic(), version) of every game frame received.
    frames: list[tuple[float, int]] = field(default_factory=list)
    #: The version of the first frame of every connection after the first: the resync.
    resynced_at: list[int] = field(default_factory=list)


class Watchers:
    """``count`` sockets on ``url`` (a ``ws://`` URL of one game), kept connected."""

    def __init__(self, url: str, count: int):
        self.url = url
        self.watchers = [Watcher() for _ in range(count)]
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.tasks: list[asyncio.Future] = []

    def start(self) -> Watchers:
        self.thread.start()
        self.tasks = [
            asyncio.run_coroutine_threadsafe(self._keep(w), self.loop) for w in self.watchers
        ]
        return self

    def stop(self) -> None:
        """Close every socket and end the loop's thread."""

        async def cancel_all() -> None:
            tasks = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)

        asyncio.run_coroutine_threadsafe(cancel_all(), self.loop).result(10)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)
        self.loop.close()

    def summary(self) -> str:
        return ", ".join(f"{w.connections} connections/{w.drops} drops" for w in self.watchers)

    async def _keep(self, watcher: Watcher) -> None:
        while True:
            try:
                async with websockets.connect(
                    self.url, ping_interval=None, open_timeout=10, close_timeout=1
                ) as ws:
                    watcher.connections += 1
                    first = True
                    async for text in ws:
                        message = json.loads(text)
                        if message.get("type") != "game":
                            continue
                        version = message["game"]["version"]
                        if first and watcher.connections > 1:
                            watcher.resynced_at.append(version)
                        first = False
                        watcher.frames.append((time.monotonic(), version))
                        watcher.latest = max(watcher.latest, version)
            except asyncio.CancelledError:
                raise
            except Exception:  # closed, refused, timed out: reconnect as the web client does
                pass
            watcher.drops += 1
            await asyncio.sleep(RECONNECT_PAUSE)

    def all_at(self, version: int, timeout: float, what: str) -> None:
        """Until every socket has seen ``version`` (raises when the deadline passes)."""
        wait_until(
            lambda: all(w.latest >= version for w in self.watchers),
            timeout,
            lambda: (
                f"{what}: sockets at versions {[w.latest for w in self.watchers]}, "
                f"not all at {version}; connections {[w.connections for w in self.watchers]}"
            ),
        )

    def reconnected(self) -> int:
        """Sockets that dropped and are connected again, resynchronised."""
        return sum(1 for w in self.watchers if w.resynced_at)

    def first_frame_of(self, version: int) -> float:
        """When the last socket received ``version`` (or a later one)."""
        return max(min(t for t, v in w.frames if v >= version) for w in self.watchers)
