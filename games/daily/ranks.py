"""Ranks on a daily leaderboard: an entry's rank is 1 + the entries ahead of it on the board.

Two implementations of one small interface (``rank``, ``total``, ``add``, ``remove``):

- :class:`RedisRanks` (when ``REDIS_URL`` is set): one sorted set per date, ZRANK/ZCARD in
  O(log n). The score is the entry's ``standing`` (below 2**53, so exact in a double); the member
  is 16 bytes, ``ended_at`` in µs then the game id, both big-endian, so equal standings sort
  like the SQL order. A sentinel member (empty, score -1) sits at position 0: ZRANK is then the
  1-based rank, ZCARD - 1 the total, and a set without it (new, flushed or evicted) is rebuilt
  from PostgreSQL — the source of truth — on its next read. Entries are added after commit.
  The key names the date, when its board row was created and the board's ranks epoch, so a
  database emptied or restored (tests, a backup) never meets a set built from other rows, and
  a set that missed a change while Redis was away is abandoned for a new one. A date whose
  board never opened has no key at all.
- :class:`CountRanks`: a count on the ``board_order`` index, exact but O(rank): the embedded
  default, and the fallback whenever Redis cannot answer.
"""

from __future__ import annotations

import datetime as dt
import logging
import struct

from django.conf import settings
from django.db.models import Count, F, IntegerField, OuterRef, QuerySet, Subquery, Value
from django.db.models.functions import Coalesce

from games.core import redis
from games.core.replica import PRIMARY

from . import order
from .models import DailyBoard, LeaderboardEntry

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

    def ranks_of(self, entries: QuerySet[LeaderboardEntry]) -> list[tuple[LeaderboardEntry, int]]:
        """Each of ``entries`` (on any dates) with its rank, in one query: the count of the
        entries ahead on its board is a correlated subquery on the ``board_order`` index."""
        return [(entry, entry.ahead + 1) for entry in entries.annotate(ahead=_ahead())]

    def add(self, date, entries) -> None:
        pass

    def remove(self, date, entries) -> None:
        pass


def _ahead():
    """The entries ahead of the outer query's entry on its date's board (``order.before``
    with the outer row's key), as a scalar subquery; 0 for the first."""
    outer = (OuterRef("standing"), OuterRef("ended_at"), OuterRef("game_id"))
    count = (
        order.board(OuterRef("date"))
        .filter(order.before(outer))
        .order_by()
        .values("date")
        .annotate(n=Count("pk"))
        .values("n")
    )
    return Coalesce(Subquery(count, output_field=IntegerField()), Value(0))


def member(ended_at: dt.datetime, game_id: int) -> bytes:
    return struct.pack(">QQ", (ended_at - _EPOCH) // dt.timedelta(microseconds=1), game_id)


class RedisRanks:
    name = "redis"

    def __init__(self, client, prefix: str = DEFAULT_PREFIX):
        self.client = client
        self.prefix = prefix
        self.counting = CountRanks()
        self._keys: dict[dt.date, str] = {}

    def key(self, date) -> str | None:
        """``<prefix><date>:<board opened, µs>:<epoch>``, looked up once per instance and date;
        None for a date whose board never opened (nothing to index, no key made)."""
        if date not in self._keys:
            board = (
                DailyBoard.objects.filter(date=date).values_list("opened_at", "ranks_epoch").first()
            )
            if board is None:
                return None
            self._keys[date] = self._key_of(date, *board)
        return self._keys[date]

    def _key_of(self, date, opened: dt.datetime, epoch: int) -> str:
        stamp = (opened - _EPOCH) // dt.timedelta(microseconds=1)
        return f"{self.prefix}{date.isoformat()}:{stamp}:{epoch}"

    def _usable(self, date) -> str | None:
        """The date's key when Redis may be asked now, else None (count instead)."""
        return None if redis.outage(self.client).down() else self.key(date)

    def rank(self, date, entry) -> int:
        mine = member(entry.ended_at, entry.game_id)
        if self._usable(date) is not None:
            try:
                ready, position = self._ask(date, "zrank", mine)
                if ready and position is None:  # committed, its after-commit add not yet run
                    self.client.zadd(self.key(date), {mine: entry.standing})
                    ready, position = self._ask(date, "zrank", mine)
                if ready and position is not None:
                    return int(position)
            except Exception as error:  # redis.RedisError, connection failures: count instead
                redis.outage(self.client).failed(f"rank on the board of {date}", error)
        return self.counting.rank(date, entry)

    def ranks_of(self, entries: QuerySet[LeaderboardEntry]) -> list[tuple[LeaderboardEntry, int]]:
        """Each of ``entries`` (on any dates) with its rank: one query (the entries with their
        board's key, which primes :meth:`key`), then one pipeline of ZSCORE (the sentinel) and
        ZRANK per entry. An entry whose set is not complete or lacks it (a set to rebuild, an
        after-commit add not yet run) falls back to :meth:`rank`, which repairs both."""
        boards = DailyBoard.objects.filter(date=OuterRef("date"))
        rows = list(
            entries.annotate(
                board_opened=Subquery(boards.values("opened_at")[:1]),
                board_epoch=Subquery(boards.values("ranks_epoch")[:1]),
            )
        )
        for entry in rows:
            if entry.board_opened is not None and entry.date not in self._keys:
                self._keys[entry.date] = self._key_of(
                    entry.date, entry.board_opened, entry.board_epoch
                )
        answers: list = [(None, None)] * len(rows)
        asked = [i for i, entry in enumerate(rows) if entry.date in self._keys]
        if asked and not redis.outage(self.client).down():
            try:
                pipe = self.client.pipeline(transaction=False)
                for i in asked:
                    key = self._keys[rows[i].date]
                    pipe.zscore(key, SENTINEL)
                    pipe.zrank(key, member(rows[i].ended_at, rows[i].game_id))
                replies = pipe.execute()
                for n, i in enumerate(asked):
                    answers[i] = (replies[2 * n], replies[2 * n + 1])
            except Exception as error:  # redis.RedisError, connection failures: one by one
                redis.outage(self.client).failed("ranks of a player's entries", error)
        return [
            (entry, int(position))
            if sentinel is not None and position is not None
            else (entry, self.rank(entry.date, entry))
            for entry, (sentinel, position) in zip(rows, answers, strict=True)
        ]

    def total(self, date) -> int:
        if self._usable(date) is not None:
            try:
                ready, size = self._ask(date, "zcard")
                if ready:
                    return int(size) - 1
            except Exception as error:
                redis.outage(self.client).failed(f"total of the board of {date}", error)
        return self.counting.total(date)

    def add(self, date, entries) -> None:
        mapping = {member(e.ended_at, e.game_id): e.standing for e in entries}
        if not mapping:
            return
        key = self._usable(date)
        if key is None:
            self._stale(date)
            return
        try:
            pipe = self.client.pipeline(transaction=False)
            pipe.zadd(key, mapping)
            pipe.expire(key, KEY_TTL)
            pipe.execute()
        except Exception as error:  # the set misses entries: no process may read it again
            redis.outage(self.client).failed(f"adding to the board of {date}", error)
            self._stale(date)

    def remove(self, date, entries) -> None:
        key = self._usable(date)
        if key is None:
            self._stale(date)
            return
        try:
            self.client.zrem(key, *[member(e.ended_at, e.game_id) for e in entries])
        except Exception as error:
            redis.outage(self.client).failed(f"removing from the board of {date}", error)
            self._stale(date)

    def rebuild(self, date) -> bool:
        """Fill the date's set from PostgreSQL; False when another process is already at it
        (or the date's board never opened)."""
        key = self.key(date)
        if key is None:
            return False
        lock = key + ":rebuilding"
        if not self.client.set(lock, "1", nx=True, ex=600):
            return False
        batch: dict[bytes, int] = {}
        try:
            rows = (
                order.board(date)
                .using(PRIMARY)  # the set is the source of ranks: never built from a lag
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

    def _stale(self, date) -> None:
        """The date's set missed a change: move every process to a new key (a new epoch in the
        database, which is the source of truth), to be rebuilt on its next read."""
        DailyBoard.objects.filter(date=date).update(ranks_epoch=F("ranks_epoch") + 1)
        self._keys.pop(date, None)


def index() -> RedisRanks | CountRanks:
    """The rank index this deployment uses: Redis when ``REDIS_URL`` is set, else counting."""
    client = redis.client()
    if client is not None:
        return RedisRanks(client, settings.HALFMOON_LEADERBOARD_PREFIX)
    return CountRanks()
