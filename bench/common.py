"""Shared setup of the load scripts: a migrated database of their own and a daphne on it.

``BENCH_DATABASE_URL`` (default ``postgres://postgres@127.0.0.1:5432/hm_bench``, created when
missing) and ``REDIS_URL`` (optional) choose the servers. Scripts run from the repository root:
``.venv/bin/python bench/flood.py``.
"""

from __future__ import annotations

import os
import statistics
import sys
from pathlib import Path
from urllib.parse import urlsplit

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/hm_bench"


def prepare_database() -> dict:
    """Create (if needed) and migrate the bench database; returns the environment for daphne."""
    url = os.environ.get("BENCH_DATABASE_URL", DEFAULT_DATABASE_URL)
    _create_postgres_database(url)
    os.environ["DATABASE_URL"] = url
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "halfmoon_service.settings")
    os.environ.setdefault("LOG_LEVEL", "WARNING")
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)
    return {**os.environ, "PYTHONUNBUFFERED": "1", "REQUEST_LOG_LEVEL": "WARNING"}


def _create_postgres_database(url: str) -> None:
    import psycopg

    parts = urlsplit(url)
    name = parts.path.lstrip("/")
    admin = parts._replace(path="/postgres").geturl()
    with psycopg.connect(admin, autocommit=True) as connection:
        exists = connection.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,))
        if not exists.fetchone():
            connection.execute(f'CREATE DATABASE "{name}"')


def percentiles(samples: list[float]) -> dict:
    """Median and 99th percentile in milliseconds."""
    ordered = sorted(samples)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return {
        "n": len(ordered),
        "median_ms": round(statistics.median(ordered) * 1000, 2),
        "p99_ms": round(p99 * 1000, 2),
    }
