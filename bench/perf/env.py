"""Where the measurements run: their own PostgreSQL database, Redis db and open-file limit.

``PERF_DATABASE_URL`` (default ``postgres://postgres@127.0.0.1:5432/hm_perf``) and
``PERF_REDIS_URL`` (default ``redis://127.0.0.1:6379/7``) choose the servers. The database is
created when missing and migrated; :func:`reset` empties its tables between measurements.
"""

from __future__ import annotations

import os
import resource
import sys
from pathlib import Path
from urllib.parse import urlsplit

REPO = Path(__file__).resolve().parents[2]
PYTHON = str(REPO / ".venv" / "bin" / "python")
DATABASE_URL = os.environ.get("PERF_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/hm_perf")
REDIS_URL = os.environ.get("PERF_REDIS_URL", "redis://127.0.0.1:6379/7")
#: Limits high enough that the load itself is never throttled; the throttles still run.
UNTHROTTLED = {
    "HALFMOON_THROTTLE_GAME_ACTION": "1000000/s",
    "HALFMOON_THROTTLE_PLAYER_CREATE": "1000000/min",
    "HALFMOON_THROTTLE_SOCKET_MESSAGE": "1000000/s",
}

if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))


def server_env(**extra) -> dict:
    """Environment of the server processes: the perf database and Redis, no throttling."""
    env = {
        **os.environ,
        "DATABASE_URL": DATABASE_URL,
        "REDIS_URL": REDIS_URL,
        "DJANGO_SETTINGS_MODULE": "halfmoon_service.settings",
        "PYTHONUNBUFFERED": "1",
        "LOG_LEVEL": "WARNING",
        **UNTHROTTLED,
    }
    env.update(extra)
    return env


def raise_open_files(wanted: int = 65536) -> int:
    """Raise this process's open-file limit (root may raise the hard limit too)."""
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    for limit in ((wanted, max(wanted, hard)), (min(wanted, hard), hard)):
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, limit)
            break
        except (ValueError, OSError):
            continue
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


def database_name(url: str = DATABASE_URL) -> str:
    return urlsplit(url).path.lstrip("/")


def admin_connection(url: str = DATABASE_URL):
    import psycopg

    return psycopg.connect(urlsplit(url)._replace(path="/postgres").geturl(), autocommit=True)


def prepare(migrate: bool = True) -> None:
    """Create the perf database if needed and migrate it (in a child process's Django); the
    floors alone (``migrate=False``) need only the database."""
    name = database_name()
    with admin_connection() as connection:
        if not connection.execute(
            "SELECT 1 FROM pg_database WHERE datname = %s", (name,)
        ).fetchone():
            connection.execute(f'CREATE DATABASE "{name}"')
    if not migrate:
        return
    setup_django()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def setup_django() -> None:
    os.environ.update(
        {
            k: v
            for k, v in server_env().items()
            if k not in os.environ or k in ("DATABASE_URL", "REDIS_URL") or k in UNTHROTTLED
        }
    )
    import django

    django.setup()


def reset() -> None:
    """Empty the game tables and Redis db, so every measurement starts alike."""
    import psycopg
    import redis

    with psycopg.connect(DATABASE_URL, autocommit=True) as connection:
        connection.execute(
            "TRUNCATE games_gameevent, games_leaderboardentry, games_game, "
            "games_player, games_dailyboard RESTART IDENTITY CASCADE"
        )
        connection.execute("VACUUM ANALYZE")
    redis.Redis.from_url(REDIS_URL).flushdb()
