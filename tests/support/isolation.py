"""What keeps a test process's shared state its own, so that the suite runs in parallel workers
(pytest-xdist) and beside other runs on the same PostgreSQL and Redis.

- The database: pytest-django gives each worker its own test database (``test_<name>_gw0``…);
  SQLite's test file is named after the process (``halfmoon_service.settings``).
- Redis: every key the service writes starts with ``HALFMOON_REDIS_PREFIX`` (the cache, the
  throttle counters, the daily boards' ranks) and every pub/sub channel with
  ``HALFMOON_CHANNEL_PREFIX``: both are made unique to this process and run here, before
  anything has used the cache or the channel layer, and passed on to the servers a test starts
  (:func:`tests.support.servers.database_env` copies the environment). Clearing between tests
  deletes this process's keys only (:func:`clear_shared_state`), never ``FLUSHDB``.
"""

from __future__ import annotations

import os
import uuid

#: This process's prefix: the xdist worker (``gw0``…, ``main`` without xdist) and a run id.
PREFIX = f"hmtest-{os.environ.get('PYTEST_XDIST_WORKER', 'main')}-{uuid.uuid4().hex[:10]}"
#: The Redis the run was configured with (a test may point ``REDIS_URL`` elsewhere, at a Redis
#: that is down: the keys to clear are on this one).
_redis_url: str | None = None


def configure() -> None:
    """Points this process's settings (and the environment its subprocesses inherit) at its own
    Redis keys and channels. Runs once, from ``pytest_configure``."""
    from django.conf import settings

    global _redis_url
    _redis_url = settings.REDIS_URL
    redis_prefix, channel_prefix = PREFIX, f"{PREFIX}.channels"
    settings.HALFMOON_REDIS_PREFIX = redis_prefix
    settings.HALFMOON_LEADERBOARD_PREFIX = f"{redis_prefix}:board:"
    settings.CACHES["default"]["KEY_PREFIX"] = redis_prefix
    settings.HALFMOON_CHANNEL_PREFIX = channel_prefix
    layer = settings.CHANNEL_LAYERS["default"]
    if "CONFIG" in layer:
        layer["CONFIG"]["prefix"] = channel_prefix
    os.environ["HALFMOON_REDIS_PREFIX"] = redis_prefix
    os.environ["HALFMOON_CHANNEL_PREFIX"] = channel_prefix
    _flush_past_deadlocks()


#: PostgreSQL's SQLSTATE for a transaction it chose to end to break a deadlock.
DEADLOCK = "40P01"


def _flush_past_deadlocks() -> None:
    """Between tests on a committed database, ``transactional_db`` empties every table with one
    ``TRUNCATE``, which takes each table's exclusive lock in turn, while a shared server process
    may still finish the test's last work (a socket's disconnect, a background job) holding a
    row lock on one table and wanting another: PostgreSQL then ends one of the two. When it
    ends the ``TRUNCATE`` (rolled back: nothing emptied), it is run again, which now waits for
    the server's transaction to end; any other failure is raised. (CI failed once this way: the
    flush after a race's page, and the next test of that worker found the last one's rows.)"""
    from django.db import OperationalError
    from django.db.backends.base.operations import BaseDatabaseOperations

    original = BaseDatabaseOperations.execute_sql_flush

    def execute_sql_flush(self, sql_list):
        for attempt in range(1, 6):
            try:
                return original(self, sql_list)
            except OperationalError as error:
                cause = getattr(error.__cause__, "sqlstate", None)
                if cause != DEADLOCK or attempt == 5:
                    raise

    BaseDatabaseOperations.execute_sql_flush = execute_sql_flush  # type: ignore[method-assign]


def clear_redis_keys(prefix: str = PREFIX) -> None:
    """Deletes this process's keys from Redis (when there is one): what a test left in the
    cache, the throttle counters and the ranks, and nothing of another worker or run."""
    if not _redis_url:
        return
    from games.core import redis

    client = redis.client(_redis_url)
    batch = []
    for key in client.scan_iter(match=f"{prefix}*", count=1000):
        batch.append(key)
        if len(batch) == 500:
            client.delete(*batch)
            batch.clear()
    if batch:
        client.delete(*batch)


def clear_shared_state() -> None:
    """Between tests: the cache (in memory, or this process's Redis keys), the throttle
    counters and the local fallback counters."""
    from django.conf import settings
    from django.core.cache import cache

    from games.core import rates

    if _redis_url:
        clear_redis_keys()
    if not settings.REDIS_URL:
        cache.clear()  # in this process's memory only
    rates.local_counter.windows.clear()
