"""A server's worker stuck inside a request, the way production gets one: its move waits
behind the game's row lock, held by a session of the test's own that never ends its
transaction (the test's connections have no idle-transaction limit). Used by the HTTP
workers' proofs (tests/reliability/test_stuck_worker.py, tests/ops/test_idle_transactions.py),
written once for every server of :data:`tests.support.servers.HTTP_SERVERS`."""

from __future__ import annotations

import contextlib
import os
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field

import psycopg

from .http import Http
from .moves import visible_moves
from .servers import ServerProcess
from .waiting import wait_until


def conninfo(**extra) -> dict:
    """psycopg's arguments for a session of its own on this test's database."""
    from django.db import connection

    db = connection.settings_dict
    return {
        "host": db.get("HOST") or "127.0.0.1",
        "port": db.get("PORT") or 5432,
        "dbname": db["NAME"],
        "user": db["USER"],
        "password": db.get("PASSWORD") or None,
        **extra,
    }


def worker_pids(server: ServerProcess) -> set[int]:
    """The server's worker processes: its direct children (multiprocessing's helper aside)."""
    assert server.process is not None, "the server is not started"
    found = set()
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as stat:
                parent = int(stat.read().rsplit(")", 1)[1].split()[1])
            with open(f"/proc/{entry}/cmdline", "rb") as cmdline:
                command = cmdline.read()
        except (OSError, ValueError, IndexError):
            continue  # gone meanwhile
        if parent == server.process.pid and b"resource_tracker" not in command:
            found.add(int(entry))
    return found


@dataclass
class Stuck:
    """A move in flight on the server, waiting behind ``holder``'s lock on ``game``."""

    game: dict
    move: dict
    holder: psycopg.Connection  # holds the game's row lock until ``holder.rollback()``
    probe: psycopg.Connection  # autocommit: looks at pg_stat_activity and the lock
    backend: int = 0  # the PostgreSQL pid of the worker's session waiting on the lock
    outcome: list = field(default_factory=list)  # the move's status, or the error ending it
    sender: threading.Thread | None = None

    def backend_busy(self) -> bool:
        """Whether the worker's session is still there and not idle (in or waiting on a
        transaction)."""
        return bool(
            self.probe.execute(
                "SELECT 1 FROM pg_stat_activity WHERE pid = %s AND state <> 'idle'", [self.backend]
            ).fetchone()
        )

    def row_locked(self) -> bool:
        """Whether another session holds the game's row lock now."""
        with self.probe.transaction():
            try:
                self.probe.execute(
                    "SELECT 1 FROM games_game WHERE id = %s FOR UPDATE NOWAIT", [self.game["id"]]
                )
            except psycopg.errors.LockNotAvailable:
                return True
        return False


@contextlib.contextmanager
def stuck_move(server: ServerProcess, player: Http, timeout: float = 90) -> Iterator[Stuck]:
    """A new game of ``player``'s whose first move is sent and is waiting on the game's row
    lock in the server (seen in ``pg_stat_activity``) when this yields; the sender's
    connection gives up after ``timeout`` seconds."""
    game = player.post("/api/v1/games", {"deal_code": "HM1-N-AAAAAAA"}).body
    assert isinstance(game, dict), game
    move = {"positions": visible_moves(game)[0], "expected_version": 0}
    with (
        psycopg.connect(**conninfo()) as holder,
        psycopg.connect(**conninfo(), autocommit=True) as probe,
    ):
        stuck = Stuck(game, move, holder, probe)
        holder.execute("SELECT 1 FROM games_game WHERE id = %s FOR UPDATE", [game["id"]])

        def send():
            client = Http(server.url, player.token, timeout=timeout)
            try:
                stuck.outcome.append(client.post(f"/api/v1/games/{game['id']}/moves", move).status)
            except Exception as error:  # the connection cut: no answer
                stuck.outcome.append(type(error).__name__)
            finally:
                client.close()

        stuck.sender = threading.Thread(target=send, daemon=True)
        stuck.sender.start()

        def waiting_backend():
            row = probe.execute(
                "SELECT pid FROM pg_stat_activity WHERE datname = current_database() "
                "AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()"
            ).fetchone()
            return row and row[0]

        stuck.backend = wait_until(waiting_backend, 15, "the server's move never met the lock")
        yield stuck
        holder.rollback()
