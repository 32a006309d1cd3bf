"""A session left inside a transaction (its server's host cut off the network mid-request) is
ended by PostgreSQL after ``DATABASE_IDLE_TRANSACTION_TIMEOUT`` seconds, and its locks go with
it; the serving processes set 5 s (deploy/gunicorn.conf.py, halfmoon_service.serve, and granian
as :data:`tests.support.servers.GRANIAN_OPTIONS` runs it): the last test proves it of an HTTP
server's own worker, for each server."""

import os
import signal
import time

import psycopg
import pytest

from games.models import GameEvent
from halfmoon_service.env import database_from_url
from tests.support.http import healthy, new_player
from tests.support.servers import HTTP_SERVERS
from tests.support.stuck import conninfo, stuck_move, worker_pids
from tests.support.waiting import wait_until

LOCK = 160_016
#: The serving processes' DATABASE_IDLE_TRANSACTION_TIMEOUT (deploy/gunicorn.conf.py).
SERVED_LIMIT = 5


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


@pytest.mark.postgres
@pytest.mark.slow
@pytest.mark.process
@pytest.mark.parametrize("kind", HTTP_SERVERS)
def test_a_frozen_worker_s_transaction_is_ended_and_its_row_lock_released(start_server, kind):
    """The worker's move holds the game's row lock when its process freezes (SIGSTOP: no FIN,
    no reset, as when its host is cut off): PostgreSQL ends its session within the limit the
    server set, the lock goes, and once the worker runs again play goes on, the move applied
    once at most."""
    server = start_server(kind, WEB_CONCURRENCY=1)
    player = new_player(server.url, "frozen")
    (worker,) = worker_pids(server)
    with stuck_move(server, player) as stuck:
        os.kill(worker, signal.SIGSTOP)
        try:
            stuck.holder.rollback()  # the worker's session gets the lock, its client is frozen
            wait_until(
                lambda: stuck.probe.execute(
                    "SELECT 1 FROM pg_stat_activity WHERE pid = %s "
                    "AND state = 'idle in transaction'",
                    [stuck.backend],
                ).fetchone(),
                10,
                "the frozen worker's session never held the lock idle in its transaction",
            )
            idle_at = time.monotonic()
            assert stuck.row_locked()
            wait_until(
                lambda: not stuck.row_locked(),
                SERVED_LIMIT + 5,
                f"{kind}: the frozen worker's session kept the game's row lock",
            )
            released_after = time.monotonic() - idle_at
        finally:
            os.kill(worker, signal.SIGCONT)
    stuck.sender.join(30)
    print(
        f"\nidle transaction ({kind}): the frozen worker's lock released {released_after:.1f} s "
        f"after its session went idle in its transaction; its request ended with {stuck.outcome}"
    )
    assert released_after > SERVED_LIMIT - 1  # the server's limit, not some other cause
    assert stuck.outcome and isinstance(stuck.outcome[0], int), stuck.outcome
    applied = GameEvent.objects.filter(game_id=stuck.game["id"]).count()
    wait_until(lambda: healthy(server.url), 10, f"{kind} did not serve again")
    moves = f"/api/v1/games/{stuck.game['id']}/moves"
    if stuck.outcome[0] in range(200, 300):
        # PostgreSQL ended the transaction before its COMMIT, and the worker, running again
        # within the request's budget (DATABASE_CONNECT_WAIT from its start), ran it once
        # more on a new connection (games.core.transactions): applied once, not twice.
        assert applied == 1
        again = player.post(moves, stuck.move)
        assert again.status == 409 and again.body["code"] == "version_conflict", again.body
        assert player.get(f"/api/v1/games/{stuck.game['id']}").body["version"] == 1
    else:
        # Past the budget: an error, and nothing applied; the same move goes through now.
        assert applied == 0
        reply = player.post(moves, stuck.move)
        assert reply.status == 200 and reply.body["version"] == 1
