"""Request rates ("30/s", "20/min") and the fixed-window counters that enforce them.

Counters live in Redis, shared by every process, when there is one; while Redis cannot answer
(and without it) each process counts on its own (:class:`LocalCounter`), so a limit holds per
process instead of failing every request. Rates come from ``settings.HALFMOON_THROTTLE_RATES``
at request time, so tests and deployments can change them without restarting Python.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

import redis
from django.conf import settings
from django.utils.crypto import salted_hmac

from games.core import redis as core_redis
from games.core.errors import Throttled, retry_seconds

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
        over ``limit``, else None)."""
        used, resets_in = self.window(key, period)
        return used, (resets_in if used > limit else None)

    def window(self, key: str, period: int) -> tuple[int, float]:
        """Count one request; returns (requests in this window, seconds until it ends). INCR
        and PTTL in one round trip; the first request of a window also sets its expiry, and a
        key found without one (a crash in between) too."""
        key = f"{settings.HALFMOON_REDIS_PREFIX}:{key}"
        pipe = self.client.pipeline(transaction=False)
        pipe.incr(key)
        pipe.pttl(key)
        used, ttl = pipe.execute()
        if ttl < 0:
            self.client.expire(key, period)
            ttl = period * 1000
        return used, ttl / 1000


class LocalCounter:
    """Fixed-window counters in this process's memory: the fallback when Redis is away."""

    MAX_KEYS = 100_000

    def __init__(self) -> None:
        self.windows: dict[str, tuple[float, int]] = {}
        self.lock = threading.Lock()

    def hit(self, key: str, period: int, limit: int) -> tuple[int, float | None]:
        used, resets_in = self.window(key, period)
        return used, (resets_in if used > limit else None)

    def window(self, key: str, period: int) -> tuple[int, float]:
        now = time.monotonic()
        with self.lock:
            ends, used = self.windows.get(key, (0.0, 0))
            if now >= ends:
                if len(self.windows) >= self.MAX_KEYS:
                    self.windows = {k: w for k, w in self.windows.items() if w[0] > now}
                ends, used = now + period, 0
            used += 1
            self.windows[key] = (ends, used)
        return used, ends - now


local_counter = LocalCounter()


#: The salt of the keyed hash of a budget's identity (:func:`budget_key`).
KEY_SALT = "halfmoon.rates.budget"


def budget_key(scope: str, ident: object) -> str:
    """The counter of one budget: the same for REST (DRF's throttles) and the sockets.

    What a budget is counted per — a username, a client address, an e-mail address, a player
    — is kept in Redis only as a keyed hash (HMAC-SHA256 under ``SECRET_KEY``, as fair play's
    origins keep addresses): a key read from Redis names no one, and outlives no deletion."""
    return f"throttle_{scope}_{keyed_hash(ident)}"


def keyed_hash(ident: object) -> str:
    """HMAC-SHA256 under ``SECRET_KEY`` of ``ident``'s text, hex (128 bits are kept)."""
    return salted_hmac(KEY_SALT, str(ident), algorithm="sha256").hexdigest()[:32]


def charge(scope: str, ident: object) -> None:
    """Spend one request of ``ident``'s budget for ``scope`` (a rate of
    ``HALFMOON_THROTTLE_RATES``), or raise :class:`Throttled` with whole seconds to wait."""
    count, period = parse_rate(settings.HALFMOON_THROTTLE_RATES[scope])
    used, wait = hit(budget_key(scope, ident), period, count, scope=scope)
    if used > count:
        raise Throttled(retry_after=retry_seconds(wait))


def hit(key: str, period: int, limit: int, scope: str | None = None) -> tuple[int, float | None]:
    """Count one request against ``key``'s window: in Redis, or in this process while Redis is
    away (or without one: the embedded default serves everything from one process). With a
    ``scope``, the spend is also noted for the request's rate-limit headers (:func:`recording`).
    """
    used, resets_in = _window(key, period)
    if scope is not None:
        noted = _spends.get()
        if noted is not None:
            noted.append(Spend(scope, limit, period, used, resets_in))
    return used, (resets_in if used > limit else None)


def _window(key: str, period: int) -> tuple[int, float]:
    shared = Counter.shared()
    if shared is not None and not core_redis.outage(shared.client).down():
        try:
            return shared.window(key, period)
        except (redis.RedisError, OSError) as error:
            core_redis.outage(shared.client).failed("throttle counters", error)
    return local_counter.window(key, period)


# -- what a request spent, for its RateLimit headers ------------------------------------------
@dataclass(frozen=True)
class Spend:
    """One budget a request counted against: its quota, window and what is left of it."""

    scope: str
    limit: int
    period: int
    used: int
    resets_in: float

    @property
    def remaining(self) -> int:
        return max(0, self.limit - self.used)


_spends: ContextVar[list[Spend] | None] = ContextVar("halfmoon_rate_spends", default=None)


@contextmanager
def recording() -> Iterator[list[Spend]]:
    """Note every budget spent inside the block (REST views wrap a request in it)."""
    spends: list[Spend] = []
    token = _spends.set(spends)
    try:
        yield spends
    finally:
        _spends.reset(token)


def shared_action_budget() -> str:
    """The one statement, in both API documents (OpenAPI and AsyncAPI), of the budget REST and
    the game sockets share: every game action a player makes counts against ``game_action``."""
    count, period = parse_rate(settings.HALFMOON_THROTTLE_RATES["game_action"])
    window = "a second" if period == 1 else f"{period} seconds"
    return (
        f"**One budget of game actions.** A player's game actions — starting a game, a move, a "
        f"tap, an undo, a resignation, over REST or any game socket, in any process — share one "
        f"budget (`game_action`): {count} in {window}. Beyond it REST answers 429 `throttled` "
        "with `Retry-After`, a socket an `error` frame `throttled` with `retry_after`; nothing "
        "is applied."
    )
