"""The one Redis client of a process, for publishing, ranks and throttle counters.

A client owns a connection pool, and a pool must not cross a ``fork()`` (gunicorn forks its
workers after the app is loaded): the client is therefore kept per process id and a child
makes its own on first use. It gives up fast — a one-second connect timeout and one quick
retry — because every caller has a fallback (ranks are counted in the database, a throttle
fails open, a publish is logged and the change stays committed).
"""

from __future__ import annotations

import os
import threading

import redis
from django.conf import settings
from redis.backoff import ExponentialBackoff
from redis.retry import Retry

#: Seconds a command may take before the caller falls back.
COMMAND_TIMEOUT = 5

_clients: dict[tuple[int, str], redis.Redis] = {}
_lock = threading.Lock()


def client(url: str | None = None) -> redis.Redis | None:
    """This process's client for ``url`` (default ``settings.REDIS_URL``); None without Redis."""
    url = url or settings.REDIS_URL
    if not url:
        return None
    key = (os.getpid(), url)
    found = _clients.get(key)
    if found is None:
        with _lock:
            found = _clients.get(key)
            if found is None:
                found = _clients[key] = redis.Redis.from_url(
                    url,
                    socket_timeout=COMMAND_TIMEOUT,
                    socket_connect_timeout=1,
                    retry=Retry(ExponentialBackoff(cap=0.05, base=0.005), 1),
                )
    return found
