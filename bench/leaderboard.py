"""Leaderboard at scale: one date filled with 1,000 / 100,000 / 1,000,000 entries.

Prints the median and p99 time of a top-50 page, a deep cursor page (50 entries from 50–95 %
down the board) and ``around=me`` (11 entries) for a player in the middle, at each size, with
the ranks from the Redis sorted set (when ``REDIS_URL`` is set) and from a PostgreSQL count.
Each call is the service function the REST view calls (``games.daily.leaderboard.page``/``around``:
its SQL, its rank and total look-ups, the entry payloads), without HTTP.

    LEADERBOARD_BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/hm_daily_bench \
    REDIS_URL=redis://127.0.0.1:6379/9 .venv/bin/python bench/leaderboard.py [--sizes 1000,100000]

The database (default ``hm_daily_bench``, created and migrated when missing) is emptied first:
it must be a bench database (its name must contain "bench"). Rows go in with COPY.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import percentiles, prepare_database

DEFAULT_URL = "postgres://postgres@127.0.0.1:5432/hm_daily_bench"
DATE = dt.date(2030, 1, 1)
PREFIX = "bench:leaderboard:"
SEED = 7


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", default="1000,100000,1000000")
    parser.add_argument("--repeats", type=int, default=300)
    parser.add_argument(
        "--count-repeats",
        type=int,
        default=20,
        help="samples of the count ranks above 100,000 entries (slow)",
    )
    parser.add_argument("--explain", action="store_true", help="print the PostgreSQL plans")
    args = parser.parse_args()
    url = os.environ.get("LEADERBOARD_BENCH_DATABASE_URL", DEFAULT_URL)
    if "bench" not in url.rsplit("/", 1)[-1]:
        sys.exit(f"{url}: the bench empties its database; use one whose name contains 'bench'.")
    os.environ["BENCH_DATABASE_URL"] = url
    prepare_database()
    from django.conf import settings

    settings.HALFMOON_LEADERBOARD_PREFIX = PREFIX
    sizes = [int(s) for s in args.sizes.split(",")]
    started = time.perf_counter()
    dates = load(sizes)
    print(
        f"loaded {sum(sizes):,} entries on {len(sizes)} dates in "
        f"{time.perf_counter() - started:.1f} s",
        flush=True,
    )
    rows = []
    for name, backend in rank_backends().items():
        for size, date in zip(sizes, dates, strict=True):
            prepared = time.perf_counter()
            backend.total(date)  # builds the Redis set from PostgreSQL
            print(
                f"{name} ranks of {size:,} entries ready in {time.perf_counter() - prepared:.1f} s",
                flush=True,
            )
        repeats = args.repeats if name == "redis" else args.count_repeats
        for (size, op), samples in measure(backend, sizes, dates, repeats).items():
            rows.append((size, name, op, percentiles(samples)))
    if args.explain:
        explain(sizes[-1], dates[-1])
    report(rows)
    clean()


# -- data ------------------------------------------------------------------------------------
def load(sizes: list[int]) -> list[dt.date]:
    """Empty the tables, then COPY players, ranked games and entries: one date per size."""
    from django.db import connection

    from games.models import DailyBoard, Deal, Game, LeaderboardEntry, Player
    from games.play.standings import standing_of

    clean()
    tables = ", ".join(m._meta.db_table for m in (LeaderboardEntry, Game, Player, Deal, DailyBoard))
    dates = [DATE + dt.timedelta(days=i) for i in range(len(sizes))]
    rng = random.Random(SEED)
    attempts = [
        (i, date, *figures_of(rng, date))
        for i, date in enumerate(
            (d for d, n in zip(dates, sizes, strict=True) for _ in range(n)), start=1
        )
    ]
    with connection.cursor() as cursor:
        cursor.execute(f"TRUNCATE {tables} RESTART IDENTITY CASCADE")
        deal = Deal.objects.create(code="HM1-N-AAAAAAA", layout="bench")
        DailyBoard.objects.bulk_create([DailyBoard(date=date) for date in dates])
        copy(
            cursor,
            Player,
            ({"id": a[0], "name": f"p{a[0]}"} for a in attempts),
        )
        copy(
            cursor,
            Game,
            (
                {
                    "id": i,
                    "owner_id": i,
                    "deal_id": deal.pk,
                    "status": result,
                    "score": score,
                    "moves": moves,
                    "version": moves,
                    "state": "bench",
                    "daily_date": date,
                    "ranked": True,
                    "started_at": ended - dt.timedelta(milliseconds=elapsed),
                    "finished_at": ended,
                    "updated_at": ended,
                }
                for i, date, result, score, moves, elapsed, ended in attempts
            ),
        )
        copy(
            cursor,
            LeaderboardEntry,
            (
                {
                    "game_id": i,
                    "date": date,
                    "player_id": i,
                    "result": result,
                    "score": score,
                    "moves": moves,
                    "elapsed_ms": elapsed,
                    "ended_at": ended,
                    "entered_at": ended,
                    "standing": standing_of(result == "won", score, elapsed),
                }
                for i, date, result, score, moves, elapsed, ended in attempts
            ),
        )
        for model in (Player, Game, LeaderboardEntry):
            cursor.execute(f"VACUUM ANALYZE {model._meta.db_table}")
    return dates


def figures_of(rng: random.Random, date: dt.date):
    """A plausible attempt: 30 % won (520 in 48 moves), the rest stopped part-way."""
    ended = dt.datetime.combine(date, dt.time(0), tzinfo=dt.UTC) + dt.timedelta(
        milliseconds=rng.randrange(86_400_000)
    )
    if rng.random() < 0.3:
        return "won", 520, 48, rng.randrange(120_000, 3_600_000), ended
    moves = rng.randrange(0, 48)
    return "resigned", moves * 10, moves, rng.randrange(1_000, 3_600_000), ended


def copy(cursor, model, rows) -> None:
    """COPY dict rows into the model's table; fields left out take their model default."""
    fields = model._meta.concrete_fields
    defaults = {f.attname: f.get_default() for f in fields}
    columns = [f.attname for f in fields]
    names = ", ".join(f'"{f.column}"' for f in fields)
    with cursor.copy(f"COPY {model._meta.db_table} ({names}) FROM STDIN") as out:
        for row in rows:
            out.write_row([row.get(c, defaults[c]) for c in columns])


# -- measuring -------------------------------------------------------------------------------
def rank_backends() -> dict:
    from django.conf import settings

    from games.core import redis
    from games.daily import ranks

    found = {}
    if settings.REDIS_URL:
        found["redis"] = ranks.RedisRanks(redis.client(), PREFIX)
    found["count"] = ranks.CountRanks()
    return found


def measure(backend, sizes: list[int], dates: list[dt.date], repeats: int) -> dict:
    """Time each operation at each size, taking the sizes in turn sample after sample, so
    that whatever else the machine is doing weighs on every size alike."""
    from games.daily import leaderboard, order, ranks
    from games.models import Player

    ranks.index = lambda: backend  # the views' rank index, for this run
    operations = {}
    for size, date in zip(sizes, dates, strict=True):
        entries = order.board(date)
        deep = [
            leaderboard.Cursor(date, True, order.key_of(entries[int(size * f)]))
            for f in (0.5, 0.6, 0.7, 0.8, 0.9, 0.95)
        ]
        middle = Player.objects.get(pk=entries[size // 2].player_id)
        operations[(size, "top-50 page")] = lambda i, d=date: leaderboard.page(d, 50)
        operations[(size, "deep cursor page")] = lambda i, d=date, c=deep: leaderboard.page(
            d, 50, c[i % len(c)]
        )
        operations[(size, "around=me (middle)")] = lambda i, d=date, m=middle: leaderboard.around(
            d, m, 11
        )
    samples = {key: [] for key in operations}
    for i in range(-max(3, repeats // 10), repeats):  # the first rounds only warm caches
        for key, operation in operations.items():
            started = time.perf_counter()
            operation(i)
            if i >= 0:
                samples[key].append(time.perf_counter() - started)
    return samples


def explain(size: int, date: dt.date) -> None:
    from django.db import connection

    from games.daily import order

    entry = order.board(date)[size // 2]
    for label, query in [
        (
            "deep page",
            order.board(date)
            .select_related("player")
            .filter(order.after(order.key_of(entry)))[:51],
        ),
        (
            "count rank",
            order.board(date).filter(order.before(order.key_of(entry))).order_by().values("pk"),
        ),
    ]:
        sql, params = query.query.sql_with_params()
        if label == "count rank":
            sql = f"SELECT count(*) FROM ({sql}) AS ahead"
        with connection.cursor() as cursor:
            cursor.execute("EXPLAIN (ANALYZE, BUFFERS) " + sql, params)
            print(f"-- {label} at {size:,}:\n" + "\n".join(r[0] for r in cursor.fetchall()))


def report(rows) -> None:
    print("\n| entries | ranks | operation | median ms | p99 ms |")
    print("|--:|:--|:--|--:|--:|")
    for size, backend, op, figures in sorted(rows, key=lambda r: (r[1] != "redis", r[1], r[0])):
        print(
            f"| {size:,} | {backend} | {op} | {figures['median_ms']:.2f} "
            f"| {figures['p99_ms']:.2f} |"
        )
    sizes = sorted({r[0] for r in rows})
    if len(sizes) < 2:
        return
    small, large = sizes[0], sizes[-1]
    table = {(s, b, op): f for s, b, op, f in rows}
    print(f"\nTarget: around=me and deep page at {large:,} at most 3x their time at {small:,}.")
    for backend in sorted({r[1] for r in rows}):
        for op in ("deep cursor page", "around=me (middle)"):
            a, b = table[(small, backend, op)], table[(large, backend, op)]
            ratio = b["median_ms"] / a["median_ms"]
            verdict = "meets the target" if ratio <= 3 else "misses the target"
            print(
                f"  {backend:<5} {op:<19} median x{ratio:.2f}, p99 x{b['p99_ms'] / a['p99_ms']:.2f}"
                f": {verdict}"
            )


def clean() -> None:
    from django.conf import settings

    from games.core import redis

    if settings.REDIS_URL:
        client = redis.client()
        keys = list(client.scan_iter(match=PREFIX + "*"))
        if keys:
            client.delete(*keys)


if __name__ == "__main__":
    main()
