"""Season boards at scale: a week of 1,000,000 players beside one of 1,000.

Prints the median and p99 time of a deep cursor page (50 entries from 50–95 % down the board)
and ``around=me`` (11 entries) for a player in the middle, at both sizes, with their ratio
(bar ≤ 3 ×), and ``?among=following`` for a player following 500 of the 1,000,000 against the
same page unfiltered (bar ≤ 3 ×). Each call is the service function the REST view calls
(``games.seasons.selectors.page``/``around``: its SQL, the ranks stored with the entries, the
entry payloads), without HTTP.

    SEASONS_BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/hm_bench_seasons \
    .venv/bin/python bench/seasons.py [--size 1000000] [--repeats 200]

The database (default ``hm_bench_seasons``, created and migrated when missing) is emptied
first: its name must contain "bench". Rows go in with COPY; ranks are computed as the season's
rebuild computes them (``RANK() OVER (ORDER BY points DESC)``), here in Python.
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

DEFAULT_URL = "postgres://postgres@127.0.0.1:5432/hm_bench_seasons"
BIG, SMALL = "2030-W02", "2030-W03"
FOLLOWED = 500
SEED = 11


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--size", type=int, default=1_000_000)
    parser.add_argument("--small", type=int, default=1_000)
    parser.add_argument("--repeats", type=int, default=200)
    args = parser.parse_args()
    url = os.environ.get("SEASONS_BENCH_DATABASE_URL", DEFAULT_URL)
    if "bench" not in url.rsplit("/", 1)[-1]:
        sys.exit(f"{url}: the bench empties its database; use one whose name contains 'bench'.")
    os.environ["BENCH_DATABASE_URL"] = url
    prepare_database()
    started = time.perf_counter()
    load(args.size, args.small)
    print(
        f"loaded {args.size + args.small:,} season entries in "
        f"{time.perf_counter() - started:.1f} s",
        flush=True,
    )
    report(measure(args.size, args.small, args.repeats), args.size, args.small)


# -- data ------------------------------------------------------------------------------------
def load(size: int, small: int) -> None:
    from django.db import connection

    from games.models import Follow, Player, Season, SeasonEntry
    from games.seasons import keys

    rng = random.Random(SEED)
    with connection.cursor() as cursor:
        tables = ", ".join(m._meta.db_table for m in (Follow, SeasonEntry, Season, Player))
        cursor.execute(f"TRUNCATE {tables} RESTART IDENTITY CASCADE")
        copy(cursor, Player, ({"id": i, "name": f"p{i}"} for i in range(1, size + 1)))
        for key, count in ((BIG, size), (SMALL, small)):
            span = keys.parse(key)
            Season.objects.create(
                key=key,
                kind="week",
                starts_on=span.starts_on,
                ends_on=span.ends_on,
                total=count,
                days_counted=7,
            )
            # 7 days of 1–150 points a day: sums over 7–1,050, many ties (shared ranks).
            points = sorted(
                ((rng.randint(7, 1050), i) for i in range(1, count + 1)),
                key=lambda p: (-p[0], p[1]),
            )
            rows, rank, last = [], 0, None
            for position, (pts, player_id) in enumerate(points, start=1):
                if pts != last:
                    rank, last = position, pts
                rows.append(
                    {
                        "season_id": key,
                        "player_id": player_id,
                        "points": pts,
                        "days": 7,
                        "wins": rng.randint(0, 7),
                        "rank": rank,
                    }
                )
            copy(cursor, SeasonEntry, rows)
        follower = size // 2
        followed = rng.sample([i for i in range(1, size + 1) if i != follower], FOLLOWED)
        copy(cursor, Follow, ({"follower_id": follower, "followed_id": f} for f in followed))
        for model in (Player, SeasonEntry, Follow):
            cursor.execute(f"VACUUM ANALYZE {model._meta.db_table}")


def copy(cursor, model, rows) -> None:
    """COPY dict rows into the model's table; fields left out take their model default (an
    auto id: the table's own sequence, the column left out)."""
    fields = [
        f for f in model._meta.concrete_fields if not (f.primary_key and model.__name__ != "Player")
    ]
    defaults = {f.attname: f.get_default() for f in fields}
    columns = [f.attname for f in fields]
    names = ", ".join(f'"{f.column}"' for f in fields)
    with cursor.copy(f"COPY {model._meta.db_table} ({names}) FROM STDIN") as out:
        for row in rows:
            out.write_row([row.get(c, defaults[c]) for c in columns])


# -- measuring -------------------------------------------------------------------------------
def measure(size: int, small: int, repeats: int) -> dict:
    from games.following.selectors import among_following
    from games.models import Player, Season, SeasonEntry
    from games.seasons import selectors

    rng = random.Random(SEED + 1)
    seasons = {size: Season.objects.get(key=BIG), small: Season.objects.get(key=SMALL)}
    follower = Player.objects.get(pk=size // 2)
    among = among_following(follower)
    middles = {
        n: Player.objects.get(
            pk=SeasonEntry.objects.filter(season=seasons[n])
            .order_by("rank", "player_id")[n // 2 : n // 2 + 1][0]
            .player_id
        )
        for n in (size, small)
    }
    keys = {
        n: list(
            SeasonEntry.objects.filter(season=seasons[n])
            .order_by("rank", "player_id")
            .values_list("rank", "player_id")[n // 2 : int(n * 0.95) : max(1, n // 2000)]
        )
        for n in (size, small)
    }
    operations = {
        "deep page": lambda n: selectors.page(
            seasons[n], 50, selectors.Cursor(seasons[n].key, True, rng.choice(keys[n]))
        ),
        "around=me": lambda n: selectors.around(seasons[n], middles[n], 11),
        "top page": lambda n: selectors.page(seasons[n], 50),
        "among=following top page": lambda n: selectors.page(seasons[n], 50, None, among),
        "among=following around=me": lambda n: selectors.around(seasons[n], follower, 11, among),
    }
    samples: dict = {}
    for _ in range(5):  # warm the caches
        for name, op in operations.items():
            for n in (size, small) if not name.startswith("among") else (size,):
                op(n)
    for _ in range(repeats):
        for name, op in operations.items():
            for n in (size, small) if not name.startswith("among") else (size,):
                begun = time.perf_counter()
                op(n)
                samples.setdefault((name, n), []).append(time.perf_counter() - begun)
    return {key: percentiles(values) for key, values in samples.items()}


def report(rows: dict, size: int, small: int) -> None:
    print(f"\n{'operation':<28}{'entries':>11}{'median ms':>11}{'p99 ms':>9}")
    for (name, n), figures in rows.items():
        print(f"{name:<28}{n:>11,}{figures['median_ms']:>11}{figures['p99_ms']:>9}")
    print()
    for name in ("deep page", "around=me"):
        ratio = rows[(name, size)]["median_ms"] / rows[(name, small)]["median_ms"]
        verdict = "met" if ratio <= 3 else "NOT met"
        print(f"{name}: {size:,} vs {small:,} entries: {ratio:.2f} × (bar ≤ 3 ×: {verdict})")
    top = rows[("top page", size)]["median_ms"]
    for name in ("among=following top page", "among=following around=me"):
        ratio = rows[(name, size)]["median_ms"] / top
        verdict = "met" if ratio <= 3 else "NOT met"
        print(
            f"{name} (following {FOLLOWED}) vs the top page unfiltered, {size:,} entries: "
            f"{ratio:.2f} × (bar ≤ 3 ×: {verdict})"
        )


if __name__ == "__main__":
    started = dt.datetime.now(dt.UTC)
    main()
    print(f"\nrun at {started:%Y-%m-%d %H:%M} UTC")
