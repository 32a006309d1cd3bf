"""Abuse limits: request throttles (429 + Retry-After) and a per-socket message limit.

Rates come from ``settings.HALFMOON_THROTTLE_RATES`` at request time ("30/s", "20/min",
"100/hour", "1000/day"), so tests and deployments can change them without a restart of Python.
"""
from __future__ import annotations

import os
import time

from django.conf import settings
from rest_framework.throttling import SimpleRateThrottle

_PERIODS = {"s": 1, "sec": 1, "second": 1, "m": 60, "min": 60, "minute": 60,
            "h": 3600, "hour": 3600, "d": 86400, "day": 86400}


def parse_rate(rate: str) -> tuple[int, int]:
    """``"30/s"`` → (30 requests, 1 second)."""
    count, _, period = rate.partition("/")
    return int(count), _PERIODS[period.strip().lower()]


class _SettingsRateThrottle(SimpleRateThrottle):
    """With Redis: a fixed window per client, one round trip per request (:class:`Counter`);
    without (the embedded default, one process): DRF's sliding window in the local cache."""

    retry_after: float | None = None

    def get_rate(self):
        return settings.HALFMOON_THROTTLE_RATES[self.scope]

    def parse_rate(self, rate):
        return parse_rate(rate)

    def allow_request(self, request, view):
        counter = Counter.shared()
        if counter is None:
            return super().allow_request(request, view)
        key = self.get_cache_key(request, view)
        if key is None:
            return True
        used, self.retry_after = counter.hit(key, self.duration, self.num_requests)
        return used <= self.num_requests

    def wait(self):
        return self.retry_after if self.retry_after is not None else super().wait()


class Counter:
    """Fixed-window request counters in Redis: one INCR per request in the common case.

    One client (and connection pool) per process, made on first use; the keys live in the
    cache's Redis database, so clearing the cache clears them too.
    """

    _shared: tuple[int, Counter] | None = None

    def __init__(self, url: str):
        import redis

        self.client = redis.Redis.from_url(url)

    @classmethod
    def shared(cls) -> Counter | None:
        if not settings.REDIS_URL:
            return None
        if cls._shared is None or cls._shared[0] != os.getpid():
            cls._shared = (os.getpid(), cls(settings.REDIS_URL))
        return cls._shared[1]

    def hit(self, key: str, period: int, limit: int) -> tuple[int, float | None]:
        """Count one request; returns (requests in this window, seconds until it ends when
        over ``limit``, else None). One INCR when under the limit; the first request of a
        window also sets its expiry, and a key found without one (a crash in between) too."""
        key = f"halfmoon:{key}"
        used = self.client.incr(key)
        if used == 1:
            self.client.expire(key, period)
        if used <= limit:
            return used, None
        ttl = self.client.pttl(key)
        if ttl < 0:
            self.client.expire(key, period)
            ttl = period * 1000
        return used, ttl / 1000


class PlayerCreationThrottle(_SettingsRateThrottle):
    """Player creation per client address."""

    scope = "player_create"

    def get_cache_key(self, request, view):
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}


class GameActionThrottle(_SettingsRateThrottle):
    """Game changes (moves, taps, undos, resign, new games) per authenticated player."""

    scope = "game_action"

    def get_cache_key(self, request, view):
        if request.method == "GET" or not getattr(request.user, "is_authenticated", False):
            return None  # reads and anonymous requests are not counted here
        return self.cache_format % {"scope": self.scope, "ident": request.user.pk}


class MessageRateLimiter:
    """Token bucket for one WebSocket connection: ``allow()`` → seconds to wait (0 = go)."""

    def __init__(self, rate: str | None = None):
        count, period = parse_rate(rate or settings.HALFMOON_THROTTLE_RATES["socket_message"])
        self.capacity = float(count)
        self.refill_per_second = count / period
        self.tokens = self.capacity
        self.updated = time.monotonic()

    def allow(self) -> float:
        now = time.monotonic()
        self.tokens = min(self.capacity, self.tokens + (now - self.updated) * self.refill_per_second)
        self.updated = now
        if self.tokens >= 1:
            self.tokens -= 1
            return 0.0
        return (1 - self.tokens) / self.refill_per_second
