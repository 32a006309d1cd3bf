"""A session left inside a transaction (its server's host cut off the network mid-request) is
ended by PostgreSQL after ``DATABASE_IDLE_TRANSACTION_TIMEOUT`` seconds, and its locks go with
it; the serving processes set 5 s (deploy/gunicorn.conf.py, halfmoon_service.serve)."""

import psycopg
import pytest
from django.db import connection

from halfmoon_service.env import database_from_url
from tests.support.waiting import wait_until

LOCK = 160_016


def conninfo(**extra) -> dict:
    db = connection.settings_dict
    return {
        "host": db.get("HOST") or "127.0.0.1",
        "port": db.get("PORT") or 5432,
        "dbname": db["NAME"],
        "user": db["USER"],
        "password": db.get("PASSWORD") or None,
        **extra,
    }


def test_commands_and_tests_keep_postgresql_s_own_setting(monkeypatch):
    monkeypatch.delenv("DATABASE_IDLE_TRANSACTION_TIMEOUT", raising=False)
    assert "options" not in database_from_url("postgres://u@db:5432/x")["OPTIONS"]


@pytest.mark.postgres
def test_a_session_idle_inside_a_transaction_is_ended_and_its_lock_released(
    monkeypatch, transactional_db
):
    monkeypatch.setenv("DATABASE_IDLE_TRANSACTION_TIMEOUT", "1")
    options = database_from_url("postgres://u@db:5432/x")["OPTIONS"]["options"]
    with (
        psycopg.connect(**conninfo(options=options)) as gone,
        psycopg.connect(**conninfo(), autocommit=True) as other,
    ):
        gone.execute("SELECT pg_advisory_xact_lock(%s)", [LOCK])  # inside a transaction
        assert other.execute("SELECT pg_try_advisory_xact_lock(%s)", [LOCK]).fetchone() == (False,)
        # Its server never sends the COMMIT: PostgreSQL ends the session, the lock is free.
        wait_until(
            lambda: other.execute("SELECT pg_try_advisory_xact_lock(%s)", [LOCK]).fetchone()[0],
            10,
            "the lock of a session idle in its transaction was never released",
        )
        with pytest.raises(psycopg.errors.IdleInTransactionSessionTimeout):
            gone.execute("SELECT 1")
