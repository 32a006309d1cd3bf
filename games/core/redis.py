"""The one Redis client of a process, for publishing, ranks and throttle counters.

A client owns a connection pool, and a pool must not cross a ``fork()`` (gunicorn forks its
workers after the app is loaded): the client is therefore kept per process id and a child
makes its own on first use. It gives up fast — a one-second connect timeout and one quick
retry — because every caller has a fallback (ranks are counted in the database, a throttle
fails over to a local count, a publish is logged and the change stays committed), and
:func:`outage` lets them skip Redis for a moment once it has failed.
"""

from __future__ import annotations

import logging
import os
import threading
import time

import redis
from django.conf import settings
from redis.backoff import ExponentialBackoff
from redis.retry import Retry

from . import metrics

logger = logging.getLogger(__name__)

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


class Outage:
    """Remembers, per process, that Redis just failed, so that for ``PAUSE`` seconds callers
    take their fallback at once instead of each waiting for a connection to fail; the first
    failure of an outage is logged as a warning, the ones during it are not. Every failure is
    counted, and the breaker's state exposed (:mod:`games.core.metrics`)."""

    PAUSE = 2.0

    def __init__(self) -> None:
        self.until = 0.0

    def down(self) -> bool:
        return time.monotonic() < self.until

    def failed(self, what: str, error: BaseException) -> None:
        if not self.down():
            logger.warning("Redis is unavailable (%s): %s; falling back", what, error)
        self.until = time.monotonic() + self.PAUSE
        metrics.redis_failed(self.PAUSE)


_outages: dict[int, Outage] = {}


def outage(of: redis.Redis | None = None) -> Outage:
    """The outage record of a client (default: this process's client of ``REDIS_URL``)."""
    target = of if of is not None else client()
    return _outages.setdefault(id(target), Outage())
