"""Publishing game changes to WebSocket watchers through the channel layer.

A change is serialised once, here, as the exact text frame every watcher receives, so the
socket servers only forward it (no per-socket JSON encoding). With Redis, the layer is
``RedisPubSubChannelLayer``: one PUBLISH per change, received once by each socket process,
which hands it to its local watchers (``api.fanout``). Sync code (a gunicorn worker, a
consumer's database thread) publishes on a Redis connection the process keeps, instead of
``async_to_sync``, which made an event loop, a layer and a connection for every message.
"""
from __future__ import annotations

import asyncio
import json
import logging
import os
import threading

from asgiref.sync import async_to_sync
from channels.layers import InMemoryChannelLayer, get_channel_layer
from channels_redis.pubsub import RedisPubSubChannelLayer
from channels_redis.utils import decode_hosts
from django.conf import settings

logger = logging.getLogger(__name__)

#: Seconds a publish may take before it is given up (and logged); the change stays committed.
PUBLISH_TIMEOUT = 5


def game_group(game_id: int) -> str:
    return f"game.{game_id}"


def game_frame(payload: dict) -> str:
    """The WebSocket text frame of a game: ``{"type": "game", "game": {...}}``."""
    return json.dumps({"type": "game", "game": payload}, separators=(",", ":"))


def publish_game(payload: dict, owner_payload: dict | None = None) -> None:
    """Send a game's new representation to everyone watching it. Call after commit only.

    ``owner_payload`` (``presentation.owner_view``): what the owner's own sockets receive
    instead, sent as ``owner_frame`` only when it differs from the public payload, so the
    placement aid of the owner never reaches other watchers.
    """
    try:
        group = game_group(payload["id"])
        message = {"type": "game.changed", "group": group, "frame": game_frame(payload)}
        if owner_payload is not None and owner_payload is not payload:
            message["owner_frame"] = game_frame(owner_payload)
        send_to_group(group, message)
    except Exception:  # the change is committed; a watcher resynchronises from `version`
        logger.exception("Could not publish game %s version %s", payload["id"], payload["version"])


def send_to_group(group: str, message: dict) -> None:
    """``group_send`` from sync code. On the Redis pub/sub layer (one host) it is one PUBLISH
    on a plain connection of this process; on other Redis layers it is handed to this
    process's publishing loop and not awaited (messages leave in the order handed over)."""
    layer = get_channel_layer()
    if layer is None:
        return
    if isinstance(layer, InMemoryChannelLayer):  # one process: deliver on the server's loop
        async_to_sync(layer.group_send)(group, message)
        return
    publisher = _Publisher.for_layer(layer)
    if publisher is not None:
        publisher.publish(group, message)
        return
    future = asyncio.run_coroutine_threadsafe(
        asyncio.wait_for(layer.group_send(group, message), PUBLISH_TIMEOUT), _publisher_loop())
    future.add_done_callback(_log_failure)  # not awaited: the caller's reply need not wait


def _log_failure(future) -> None:
    if not future.cancelled() and future.exception() is not None:
        logger.error("Could not publish to a group", exc_info=future.exception())


class _Publisher:
    """PUBLISH to a group of ``RedisPubSubChannelLayer`` from sync code, as its own
    ``group_send`` does (same channel name, same serialisation), on a connection kept by this
    process: a fraction of the CPU of driving the layer's asyncio client from another thread."""

    _by_pid: dict[int, _Publisher | None] = {}

    def __init__(self, layer, address: str, prefix: str):
        import redis

        self.layer, self.prefix = layer, prefix
        self.client = redis.Redis.from_url(address, socket_timeout=PUBLISH_TIMEOUT,
                                           socket_connect_timeout=PUBLISH_TIMEOUT)

    @classmethod
    def for_layer(cls, layer) -> _Publisher | None:
        """This process's publisher, or None when the layer is not pub/sub on one host."""
        pid = os.getpid()
        if pid not in cls._by_pid:
            cls._by_pid[pid] = None
            config = settings.CHANNEL_LAYERS.get("default", {})
            if isinstance(layer, RedisPubSubChannelLayer):
                options = config.get("CONFIG", {})
                hosts = decode_hosts(options.get("hosts"))
                if len(hosts) == 1 and "address" in hosts[0]:
                    cls._by_pid[pid] = cls(layer, hosts[0]["address"],
                                           options.get("prefix", "asgi"))
        return cls._by_pid[pid]

    def publish(self, group: str, message: dict) -> None:
        self.client.publish(f"{self.prefix}__group__{group}", self.layer.serialize(message))


_loop: asyncio.AbstractEventLoop | None = None
_loop_pid: int | None = None
_loop_lock = threading.Lock()


def _publisher_loop() -> asyncio.AbstractEventLoop:
    """This process's publishing loop, started on first use (again after a fork)."""
    global _loop, _loop_pid
    with _loop_lock:
        if _loop is None or _loop_pid != os.getpid():
            _loop, _loop_pid = asyncio.new_event_loop(), os.getpid()
            threading.Thread(target=_loop.run_forever, name="halfmoon-publisher",
                             daemon=True).start()
        return _loop
