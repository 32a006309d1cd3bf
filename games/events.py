"""Publishing game changes to WebSocket watchers through the channel layer.

A change is serialised once, here, as the exact text frame every watcher receives, so the
socket servers only forward it (no per-socket JSON encoding). With Redis, the layer is
``RedisPubSubChannelLayer``: one PUBLISH per change, received once by each socket process,
which hands it to its local watchers. Sync code (a gunicorn worker, a consumer's database
thread) publishes through one event loop per process kept in a background thread, so the
layer's Redis connection is reused instead of a loop and a connection per message.
"""
from __future__ import annotations

import asyncio
import json
import logging
import os
import threading

from asgiref.sync import async_to_sync
from channels.layers import InMemoryChannelLayer, get_channel_layer

logger = logging.getLogger(__name__)

#: Seconds a publish may take before it is given up (and logged); the change stays committed.
PUBLISH_TIMEOUT = 5


def game_group(game_id: int) -> str:
    return f"game.{game_id}"


def game_frame(payload: dict) -> str:
    """The WebSocket text frame of a game: ``{"type": "game", "game": {...}}``."""
    return json.dumps({"type": "game", "game": payload}, separators=(",", ":"))


def publish_game(payload: dict) -> None:
    """Send a game's new representation to everyone watching it. Call after commit only."""
    try:
        group = game_group(payload["id"])
        send_to_group(group, {"type": "game.changed", "group": group, "frame": game_frame(payload)})
    except Exception:  # the change is committed; a watcher resynchronises from `version`
        logger.exception("Could not publish game %s version %s", payload["id"], payload["version"])


def send_to_group(group: str, message: dict) -> None:
    """``group_send`` from sync code. With Redis it is handed to this process's publishing
    loop and not awaited: messages leave in the order they were handed over."""
    layer = get_channel_layer()
    if layer is None:
        return
    if isinstance(layer, InMemoryChannelLayer):  # one process: deliver on the server's loop
        async_to_sync(layer.group_send)(group, message)
        return
    future = asyncio.run_coroutine_threadsafe(
        asyncio.wait_for(layer.group_send(group, message), PUBLISH_TIMEOUT), _publisher_loop())
    future.add_done_callback(_log_failure)  # not awaited: the caller's reply need not wait


def _log_failure(future) -> None:
    if not future.cancelled() and future.exception() is not None:
        logger.error("Could not publish to a group", exc_info=future.exception())


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
