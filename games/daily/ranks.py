"""Ranks on a daily leaderboard: an entry's rank is 1 + the entries ahead of it on the board.

Two implementations of one small interface (``rank``, ``total``, ``add``, ``remove``):

- :class:`RedisRanks` (when ``REDIS_URL`` is set): one sorted set per date, ZRANK/ZCARD in
  O(log n). The score is the entry's ``standing`` (below 2**53, so exact in a double); the member
  is 16 bytes, ``ended_at`` in µs then the game id, both big-endian, so equal standings sort
  like the SQL order. A sentinel member (empty, score -1) sits at position 0: ZRANK is then the
  1-based rank, ZCARD - 1 the total, and a set without it (new, flushed or evicted) is rebuilt
  from PostgreSQL — the source of truth — on its next read. Entries are added after commit.
  The key names the date and when its board row was created, so a database emptied or
  restored (tests, a backup) never meets a set built from other rows.
- :class:`CountRanks`: a count on the ``board_order`` index, exact but O(rank): the embedded
  default, and the fallback whenever Redis cannot answer.
"""

from __future__ import annotations

import datetime as dt
import logging
import struct

from django.conf import settings

from games.core import redis

from . import order
from .models import DailyBoard

logger = logging.getLogger(__name__)

SENTINEL = b""
DEFAULT_PREFIX = "halfmoon:board:"
REBUILD_CHUNK = 10_000
KEY_TTL = 40 * 24 * 3600  # seconds: an idle date's set goes, and is rebuilt if read again
_EPOCH = dt.datetime(1970, 1, 1, tzinfo=dt.UTC)


class CountRanks:
    name = "count"

    def rank(self, date, entry) -> int:
        return order.board(date).filter(order.before(order.key_of(entry))).count() + 1

    def total(self, date) -> int:
        return order.board(date).count()

    def add(self, date, entries) -> None:
        pass

    def remove(self, date, entries) -> None:
        pass


def member(ended_at: dt.datetime, game_id: int) -> bytes:
    return struct.pack(">QQ", (ended_at - _EPOCH) // dt.timedelta(microseconds=1), game_id)


class RedisRanks:
    name = "redis"

    def __init__(self, client, prefix: str = DEFAULT_PREFIX):
        self.client = client
        self.prefix = prefix
        self.counting = CountRanks()
        self._keys: dict[dt.date, str] = {}

    def key(self, date) -> str:
        """``<prefix><date>:<board opened, µs>``: looked up once per instance and date."""
        if date not in self._keys:
            opened = (
                DailyBoard.objects.filter(date=date).values_list("opened_at", flat=True).first()
            )
            stamp = (opened - _EPOCH) // dt.timedelta(microseconds=1) if opened else 0
            self._keys[date] = f"{self.prefix}{date.isoformat()}:{stamp}"
        return self._keys[date]

    def rank(self, date, entry) -> int:
        mine = member(entry.ended_at, entry.game_id)
        try:
            ready, position = self._ask(date, "zrank", mine)
            if ready and position is None:  # committed, its after-commit add not yet run
                self.client.zadd(self.key(date), {mine: entry.standing})
                ready, position = self._ask(date, "zrank", mine)
            if ready and position is not None:
                return int(position)
        except Exception:  # redis.RedisError and connection failures: count instead
            logger.warning("Redis rank of %s failed: counting in the database", date, exc_info=True)
        return self.counting.rank(date, entry)

    def total(self, date) -> int:
        try:
            ready, size = self._ask(date, "zcard")
            if ready:
                return int(size) - 1
        except Exception:
            logger.warning(
                "Redis total of %s failed: counting in the database", date, exc_info=True
            )
        return self.counting.total(date)

    def add(self, date, entries) -> None:
        mapping = {member(e.ended_at, e.game_id): e.standing for e in entries}
        if not mapping:
            return
        try:
            pipe = self.client.pipeline(transaction=False)
            pipe.zadd(self.key(date), mapping)
            pipe.expire(self.key(date), KEY_TTL)
            pipe.execute()
        except Exception:  # next reads count; a set missing entries is dropped to be rebuilt
            logger.exception("Could not add %d entries of %s to Redis", len(mapping), date)
            self._drop(date)

    def remove(self, date, entries) -> None:
        try:
            self.client.zrem(self.key(date), *[member(e.ended_at, e.game_id) for e in entries])
        except Exception:
            logger.exception("Could not remove entries of %s from Redis", date)
            self._drop(date)

    def rebuild(self, date) -> bool:
        """Fill the date's set from PostgreSQL; False when another process is already at it."""
        lock = self.key(date) + ":rebuilding"
        if not self.client.set(lock, "1", nx=True, ex=600):
            return False
        try:
            key, batch = self.key(date), {}
            rows = (
                order.board(date)
                .order_by()
                .values_list("standing", "ended_at", "game_id")
                .iterator(chunk_size=REBUILD_CHUNK)
            )
            for standing, ended_at, game_id in rows:
                batch[member(ended_at, game_id)] = standing
                if len(batch) >= REBUILD_CHUNK:
                    self.client.zadd(key, batch)
                    batch = {}
            if batch:
                self.client.zadd(key, batch)
            self.client.zadd(key, {SENTINEL: -1})
            self.client.expire(key, KEY_TTL)
            return True
        finally:
            self.client.delete(lock)

    def _ask(self, date, command, *args):
        """(set is complete, answer of ``command``), rebuilding a missing set once."""
        for attempt in range(2):
            pipe = self.client.pipeline(transaction=False)
            pipe.zscore(self.key(date), SENTINEL)
            getattr(pipe, command)(self.key(date), *args)
            sentinel, answer = pipe.execute()
            if sentinel is not None:
                return True, answer
            if attempt or not self.rebuild(date):
                return False, None
        return False, None

    def _drop(self, date) -> None:
        try:
            self.client.delete(self.key(date))
        except Exception:
            logger.exception("Could not drop the Redis set of %s either", date)


def index() -> RedisRanks | CountRanks:
    """The rank index this deployment uses: Redis when ``REDIS_URL`` is set, else counting."""
    client = redis.client()
    if client is not None:
        prefix = getattr(settings, "HALFMOON_LEADERBOARD_PREFIX", DEFAULT_PREFIX)
        return RedisRanks(client, prefix)
    return CountRanks()
