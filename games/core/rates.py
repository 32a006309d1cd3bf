"""Request rates ("30/s", "20/min") and the fixed-window counters that enforce them in Redis.

Rates come from ``settings.HALFMOON_THROTTLE_RATES`` at request time, so tests and deployments
can change them without restarting Python.
"""

from __future__ import annotations

import redis

from games.core import redis as core_redis

_PERIODS = {
    "s": 1,
    "sec": 1,
    "second": 1,
    "m": 60,
    "min": 60,
    "minute": 60,
    "h": 3600,
    "hour": 3600,
    "d": 86400,
    "day": 86400,
}


def parse_rate(rate: str) -> tuple[int, int]:
    """``"30/s"`` → (30 requests, 1 second)."""
    count, _, period = rate.partition("/")
    return int(count), _PERIODS[period.strip().lower()]


class Counter:
    """Fixed-window request counters in Redis: one INCR per request in the common case."""

    def __init__(self, client: redis.Redis) -> None:
        self.client = client

    @classmethod
    def shared(cls) -> Counter | None:
        """Counters on this process's Redis client; None without Redis."""
        client = core_redis.client()
        return cls(client) if client is not None else None

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
