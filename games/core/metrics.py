"""The domain's Prometheus metrics, counted by both transports: moves applied, refusals by error
code, and failures of the database and Redis (with the Redis outage breaker of
:mod:`games.core.redis`).

REST (``api``) and the sockets (``realtime``) call the functions here at the one place each
turns an outcome into an answer, so a figure means the same whichever transport served it;
``transport`` is ``rest`` or ``socket`` (and ``metrics`` for the scrape's own queries).
Each call is one counter increment (about a microsecond; a few in multiprocess mode), never a
query. The endpoint that exposes them, and how they are merged across processes
(``PROMETHEUS_MULTIPROC_DIR``), is :mod:`halfmoon_service.metrics`.
"""

from __future__ import annotations

import time

from prometheus_client import Counter, Gauge

from .availability import DATABASE_ERRORS as DATABASE_ERRORS
from .availability import database_unavailable as database_unavailable

#: The transports that serve players.
REST = "rest"
SOCKET = "socket"

MOVES = Counter(
    "halfmoon_moves",
    "Removals applied to games (a move, or a tap that completed a removal), by transport.",
    ["transport"],
)
REFUSALS = Counter(
    "halfmoon_refusals",
    "Requests and socket frames refused with an error of the registry, by code and transport.",
    ["code", "transport"],
)
DATABASE_FAILURES = Counter(
    "halfmoon_database_errors",
    "Requests, socket actions and scrapes that failed because the database was unavailable.",
    ["transport"],
)
TRANSACTION_RETRIES = Counter(
    "halfmoon_transaction_retries",
    "Transactions the database failed under (a failover): run again (again), found stored after "
    "their commit's answer was lost (stored), or given up on, answered 503 (gave_up).",
    ["outcome"],
)
REDIS_FAILURES = Counter(
    "halfmoon_redis_errors",
    "Failed Redis commands of the process's client (publishing, ranks, throttle counters).",
)
WINNABLE_POOL_MISSES = Counter(
    "halfmoon_winnable_pool_misses",
    "Random deals dealt plainly under HALFMOON_WINNABLE_DEALS_ONLY because the pool was empty.",
)
REPLICA_FALLBACKS = Counter(
    "halfmoon_replica_fallbacks",
    "Reads meant for the read replica (DATABASE_REPLICA_URL) served by the primary because the "
    "replica failed.",
)
#: When the outage breaker of :mod:`games.core.redis` closes again (Unix time); the largest of
#: the live processes' in multiprocess mode. The scrape derives ``halfmoon_redis_breaker_open``.
BREAKER_UNTIL = "halfmoon_redis_breaker_open_until_timestamp_seconds"
REDIS_BREAKER_UNTIL = Gauge(
    BREAKER_UNTIL,
    "Until when (Unix time) a process skips Redis after its last failure (the outage breaker).",
    multiprocess_mode="livemax",
)

for _transport in (REST, SOCKET):  # every series exists from the start: rate() sees the first
    MOVES.labels(_transport)
    DATABASE_FAILURES.labels(_transport)
for _outcome in ("again", "stored", "gave_up"):
    TRANSACTION_RETRIES.labels(_outcome)
_moves = {transport: MOVES.labels(transport) for transport in (REST, SOCKET)}


def moves_applied(transport: str, count: int = 1) -> None:
    """``count`` removals applied through ``transport``."""
    _moves[transport].inc(count)


def refused(code: str, transport: str) -> None:
    """An error answer (a REST error body, a socket error frame) with the registry's ``code``."""
    REFUSALS.labels(code, transport).inc()


def database_failed(transport: str) -> None:
    DATABASE_FAILURES.labels(transport).inc()


def transaction_retried(outcome: str) -> None:
    """A service's transaction met a failover: ``again``, ``stored`` or ``gave_up``
    (:mod:`games.core.transactions`)."""
    TRANSACTION_RETRIES.labels(outcome).inc()


def winnable_pool_missed() -> None:
    """A random deal under the winnable-deals policy found the pool empty (dealt plainly)."""
    WINNABLE_POOL_MISSES.inc()


def replica_fell_back() -> None:
    """A read meant for the replica met its failure and ran on the primary instead."""
    REPLICA_FALLBACKS.inc()


def redis_failed(pause: float) -> None:
    """A Redis command failed: the breaker stays open for ``pause`` seconds from now."""
    REDIS_FAILURES.inc()
    REDIS_BREAKER_UNTIL.set(time.time() + pause)
