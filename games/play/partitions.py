"""The move log partitioned by month on PostgreSQL (declarative partitioning).

``games_gameevent`` is ``PARTITION BY RANGE (game_month)``: the first day of the UTC month its
game started in (``GameEvent.month_of``), which the insert copies from the game row
(``rows.SAVE_CHANGE``). A game's whole log is therefore in one partition, whatever the months
its moves are made in, and the database's primary key ``event_game_seq``, ``(game_id, seq,
game_month)`` (PostgreSQL wants the partition key in every unique constraint), is unique
``(game, seq)``. Django keeps ``id`` as the model's key: unique since every partition draws
it from one sequence, ``games_gameevent_id_seq``, and looked up alone only by staff, through a
BRIN index (ids grow in the order rows are appended).

- One partition per month, ``games_gameevent_yYYYYmMM``, made ahead of time by
  :func:`ensure_partitions` (the scheduled job ``create_log_partitions``: this month and the next
  :data:`MONTHS_AHEAD`), and a DEFAULT partition, ``games_gameevent_default``, so that a move
  whose month has no partition (the job stopped for months) is still stored. A partition made
  for a month the DEFAULT partition already holds rows of takes them over.
- An ended month is taken out with :func:`detach` (``manage.py detach_log_partition YYYY-MM``):
  the partition becomes a table of its own, with its rows, to archive (``pg_dump -t``) and drop.
  Plain ``DETACH PARTITION``, not ``CONCURRENTLY``: PostgreSQL refuses ``CONCURRENTLY`` while a
  DEFAULT partition exists. The plain form only changes the catalog, but under an ACCESS
  EXCLUSIVE lock of the log, so it waits at most :data:`LOCK_TIMEOUT` for the lock (moves queue
  behind a waiting ``ALTER``) and fails rather than holding moves up; run it again.

On SQLite (the embedded default) the log is one table: everything here does nothing.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.db import connections, transaction

from games.core import clock

from .models import Game, GameEvent

TABLE = GameEvent._meta.db_table
DEFAULT_PARTITION = f"{TABLE}_default"
#: The job keeps partitions for the current month and this many after it.
MONTHS_AHEAD = 2
#: How long :func:`detach` waits for the log's lock before giving up.
LOCK_TIMEOUT = "3s"


class PartitionError(Exception):
    """A partition cannot be detached (its month is not over, or has games still open)."""


@dataclass(frozen=True)
class Partition:
    name: str
    #: The month it holds (its first day); None for the DEFAULT partition.
    month: dt.date | None


def partition_name(month: dt.date) -> str:
    return f"{TABLE}_y{month:%Y}m{month:%m}"


def add_months(month: dt.date, count: int) -> dt.date:
    index = month.year * 12 + month.month - 1 + count
    return dt.date(index // 12, index % 12 + 1, 1)


def is_partitioned(using: str = "default") -> bool:
    """Whether the log is a partitioned table (PostgreSQL after migration 0019)."""
    connection = connections[using]
    if connection.vendor != "postgresql":
        return False
    with connection.cursor() as cursor:
        cursor.execute("SELECT relkind FROM pg_class WHERE oid = to_regclass(%s)", [TABLE])
        row = cursor.fetchone()
    return bool(row) and row[0] == "p"


def partitions(using: str = "default") -> list[Partition]:
    """The log's partitions, by month (the DEFAULT partition last); [] when not partitioned."""
    if not is_partitioned(using):
        return []
    with connections[using].cursor() as cursor:
        cursor.execute(
            "SELECT c.relname, pg_get_expr(c.relpartbound, c.oid) FROM pg_inherits i "
            "JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = to_regclass(%s)",
            [TABLE],
        )
        found = cursor.fetchall()
    listed = []
    for name, bound in found:
        # "FOR VALUES FROM ('2026-12-01') TO ('2027-01-01')", or "DEFAULT"
        month = None if bound == "DEFAULT" else dt.date.fromisoformat(bound.split("'")[1])
        listed.append(Partition(name, month))
    return sorted(listed, key=lambda p: (p.month is None, p.month or dt.date.min))


def ensure_partitions(today: dt.date | None = None, using: str = "default") -> list[str]:
    """Make the partitions of this month and the next :data:`MONTHS_AHEAD` that are missing;
    returns the names made (none the second time: idempotent). Does nothing on SQLite."""
    if not is_partitioned(using):
        return []
    first = (today or clock.today()).replace(day=1)
    have = {p.month for p in partitions(using)}
    made = []
    for month in (add_months(first, n) for n in range(MONTHS_AHEAD + 1)):
        if month not in have:
            _create(month, using)
            made.append(partition_name(month))
    return made


def _create(month: dt.date, using: str) -> None:
    """Make ``month``'s partition as a table of its own, move into it the DEFAULT partition's
    rows of that month (there are none unless moves were stored before it existed), then
    attach it: ATTACH takes a lighter lock of the log than ``CREATE … PARTITION OF`` (SHARE
    UPDATE EXCLUSIVE: moves go on), and checks the DEFAULT partition holds none of its rows."""
    name, end = partition_name(month), add_months(month, 1)
    bounds = [month.isoformat(), end.isoformat()]
    with transaction.atomic(using=using), connections[using].cursor() as cursor:
        cursor.execute(
            f"CREATE TABLE {name} (LIKE {TABLE} INCLUDING DEFAULTS INCLUDING CONSTRAINTS "
            "INCLUDING STORAGE)"
        )
        cursor.execute(
            f"WITH moved AS (DELETE FROM {DEFAULT_PARTITION} "
            "WHERE game_month >= %s AND game_month < %s RETURNING *) "
            f"INSERT INTO {name} SELECT * FROM moved",
            bounds,
        )
        # DDL takes no bound parameters (the connection binds on the server): dates inlined.
        cursor.execute(
            f"ALTER TABLE {TABLE} ATTACH PARTITION {name} "
            f"FOR VALUES FROM ('{month.isoformat()}') TO ('{end.isoformat()}')"
        )


def open_games_of(month: dt.date) -> int:
    """Games started in ``month`` that can still change (playing, or stalled: undo)."""
    start = dt.datetime.combine(month, dt.time(), tzinfo=dt.UTC)
    end = dt.datetime.combine(add_months(month, 1), dt.time(), tzinfo=dt.UTC)
    return (
        Game.objects.filter(started_at__gte=start, started_at__lt=end)
        .exclude(status__in=Game.OVER)
        .count()
    )


def detach(month: dt.date, force: bool = False, using: str = "default") -> str:
    """Detach ``month``'s partition from the log; returns its name, now a table of its own
    that keeps its rows (and its indexes, not its foreign key to the games: a game deleted
    later, say with its player's account, must not be held back by an archive).

    Refuses the current month and later ones, and a month with games that can still change
    (their next move would land in the DEFAULT partition, apart from the rest of their log)
    unless ``force``."""
    month = month.replace(day=1)
    if month >= clock.today().replace(day=1):
        raise PartitionError(f"{month:%Y-%m} is not over: only past months are detached.")
    name = partition_name(month)
    if name not in {p.name for p in partitions(using)}:
        raise PartitionError(f"The move log has no partition {name}.")
    still_open = open_games_of(month)
    if still_open and not force:
        raise PartitionError(
            f"{still_open} game(s) of {month:%Y-%m} can still change (playing or stalled): "
            "resign them, or detach anyway with --force."
        )
    with transaction.atomic(using=using), connections[using].cursor() as cursor:
        cursor.execute(f"SET LOCAL lock_timeout = '{LOCK_TIMEOUT}'")
        cursor.execute(f"ALTER TABLE {TABLE} DETACH PARTITION {name}")
        cursor.execute(
            "SELECT conname FROM pg_constraint WHERE conrelid = to_regclass(%s) AND contype = 'f'",
            [name],
        )
        for (constraint,) in cursor.fetchall():
            cursor.execute(f'ALTER TABLE {name} DROP CONSTRAINT "{constraint}"')
    return name
