"""One subscription per process and group: a change reaches each socket process once.

The channel layer would otherwise carry one message per watching socket (the core Redis layer
queues a copy per socket in Redis; the pub/sub layer decodes one per socket and wakes each
socket's task). Here the process has one relay channel; it joins a group (a game, a date's
board) when the process's first socket starts watching it and leaves with the last one. A
change arrives once and its frame, serialised once by the publisher
(:mod:`realtime.publisher`), is written to every local watcher in one loop.
"""

from __future__ import annotations

import asyncio
import logging
import weakref

from channels.layers import get_channel_layer

logger = logging.getLogger(__name__)


class Relay:
    """The watchers of one event loop (one socket server process), by group."""

    _by_loop: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()

    def __init__(self, layer):
        self.layer = layer
        self.channel: str | None = None
        self.watchers: dict[str, set] = {}
        self.lock = asyncio.Lock()
        self.task: asyncio.Task | None = None

    @classmethod
    def current(cls) -> Relay:
        loop = asyncio.get_running_loop()
        relay = cls._by_loop.get(loop)
        if relay is None:
            relay = cls._by_loop[loop] = cls(get_channel_layer())
        return relay

    async def watch(self, group: str, watcher) -> None:
        """From now on, ``await watcher.forward(frame, owner_frame)`` for every frame sent to
        ``group`` (``owner_frame`` None unless the change has one for the owner's sockets)."""
        async with self.lock:
            if self.channel is None:
                self.channel = await self.layer.new_channel()
                self.task = asyncio.ensure_future(self._relay())
            members = self.watchers.setdefault(group, set())
            members.add(watcher)
            if len(members) == 1:
                await self.layer.group_add(group, self.channel)

    async def unwatch(self, group: str, watcher) -> None:
        async with self.lock:
            members = self.watchers.get(group)
            if not members or watcher not in members:
                return
            members.discard(watcher)
            if not members:
                del self.watchers[group]
                await self.layer.group_discard(group, self.channel)

    async def _relay(self) -> None:
        while True:
            try:
                message = await self.layer.receive(self.channel)
            except asyncio.CancelledError:
                raise
            except Exception:  # a broken layer connection: keep the relay alive
                logger.exception("Relay could not receive; retrying")
                await asyncio.sleep(1)
                continue
            for watcher in list(self.watchers.get(message.get("group"), ())):
                try:
                    await watcher.forward(message["frame"], message.get("owner_frame"))
                except Exception:  # one broken socket must not stop the others
                    logger.exception("Could not forward a change to a watcher")
