"""The per-socket message limit: a token bucket for one WebSocket connection."""

from __future__ import annotations

import time

from django.conf import settings

from games.core.rates import parse_rate


class MessageRateLimiter:
    """``allow()`` → seconds to wait (0 = go)."""

    def __init__(self, rate: str | None = None):
        count, period = parse_rate(rate or settings.HALFMOON_THROTTLE_RATES["socket_message"])
        self.capacity = float(count)
        self.refill_per_second = count / period
        self.tokens = self.capacity
        self.updated = time.monotonic()

    def allow(self) -> float:
        now = time.monotonic()
        self.tokens = min(
            self.capacity, self.tokens + (now - self.updated) * self.refill_per_second
        )
        self.updated = now
        if self.tokens >= 1:
            self.tokens -= 1
            return 0.0
        return (1 - self.tokens) / self.refill_per_second
