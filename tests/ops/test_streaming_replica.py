"""A board served from a real PostgreSQL streaming standby (``DATABASE_REPLICA_URL``,
docs/CAPACITY.md section 3), and from the primary when the standby is stopped.

The standby is this test's own: ``pg_basebackup -R -X stream`` of the primary cluster into a
temporary directory, started with ``postgres`` as the ``postgres`` user on a free port. The
primary's ``pg_hba.conf`` has no replication line, so the test adds one for 127.0.0.1 while the
backup is taken and the standby connects, and puts the file back as it was (and reloads) before
anything else runs. Replay paused on the standby makes its lag visible: the public board does not
show a rating added on the primary until replay resumes, while the rated player's own read does
(read-your-writes). Needs root (to run ``postgres`` as its user) and PostgreSQL; in CI it fails
rather than skips.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

import psycopg
import pytest
from django.db import connection

from games.models import Rating
from tests.support.http import Http, new_player
from tests.support.metrics import TOKEN, scrape
from tests.support.ports import free_port

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.process,
    pytest.mark.slow,
    pytest.mark.django_db(transaction=True),
]

#: The server binaries of the newest PostgreSQL installed the Debian way (15 here and in CI).
BIN = max(
    Path("/usr/lib/postgresql").glob("*/bin"),
    key=lambda path: int(path.parent.name) if path.parent.name.isdigit() else 0,
    default=Path("/usr/lib/postgresql/15/bin"),
)
IN_CI = os.environ.get("CI", "").lower() == "true"
HBA_LINE = "host replication postgres 127.0.0.1/32 trust  # halfmoon test standby, removed after"


def _unavailable(reason: str):
    if IN_CI:
        pytest.fail(f"the streaming standby cannot run: {reason}", pytrace=False)
    pytest.skip(reason)


def _as_postgres(*command: str, **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run(["runuser", "-u", "postgres", "--", *command], **kwargs)


def _wait(condition, seconds: float, what: str):
    deadline = time.monotonic() + seconds
    while True:
        found = condition()
        if found:
            return found
        if time.monotonic() > deadline:
            raise AssertionError(f"{what} within {seconds} s")
        time.sleep(0.1)


def _primary(sql: str):
    with connection.cursor() as cursor:
        cursor.execute(sql)
        return cursor.fetchone()[0] if cursor.description else None


@contextlib.contextmanager
def _replication_allowed():
    """The primary's pg_hba.conf with a replication line for 127.0.0.1, put back as it was."""
    path = Path(_primary("SHOW hba_file"))
    original = path.read_bytes()
    path.write_bytes(original + f"\n{HBA_LINE}\n".encode())
    try:
        _primary("SELECT pg_reload_conf()")
        yield
    finally:
        path.write_bytes(original)
        _primary("SELECT pg_reload_conf()")


class Standby:
    def __init__(self, directory: Path, port: int):
        self.directory, self.port = directory, port
        self.process: subprocess.Popen | None = None

    def conninfo(self, database: str) -> str:
        return f"host=127.0.0.1 port={self.port} user=postgres dbname={database}"

    def query(self, database: str, sql: str):
        with psycopg.connect(self.conninfo(database), autocommit=True, connect_timeout=2) as db:
            row = db.execute(sql).fetchone()
            return row[0] if row else None

    def answers(self) -> bool:
        try:
            return bool(self.query("postgres", "SELECT pg_is_in_recovery()"))
        except psycopg.OperationalError:
            return False

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()  # SIGTERM to postgres (runuser passes it on): smart shutdown
            try:
                self.process.wait(30)
            except subprocess.TimeoutExpired:
                _as_postgres(str(BIN / "pg_ctl"), "-D", str(self.directory), "stop", "-m", "i")
                self.process.wait(10)


@pytest.fixture
def standby():
    if os.geteuid() != 0:
        _unavailable("needs root, to run the standby's postgres as the postgres user")
    if not (BIN / "postgres").exists() or shutil.which("pg_basebackup") is None:
        _unavailable(f"PostgreSQL's server binaries are not in {BIN}")
    directory = Path(tempfile.mkdtemp(prefix="hm-standby-", dir="/tmp"))
    shutil.chown(directory, "postgres", "postgres")
    directory.chmod(0o700)
    node = Standby(directory / "data", free_port())
    settings = {
        name: _primary(f"SHOW {name}")
        for name in (
            "max_connections",
            "max_worker_processes",
            "max_prepared_transactions",
            "max_locks_per_transaction",
            "max_wal_senders",
        )
    }
    try:
        with _replication_allowed():
            backup = None
            for _ in range(50):  # the reload is asynchronous: until the new line is read
                backup = _as_postgres(
                    "pg_basebackup",
                    *("-h", "127.0.0.1", "-p", str(connection.settings_dict.get("PORT") or 5432)),
                    *("-U", "postgres", "-D", str(node.directory), "-R", "-X", "stream"),
                    # An immediate checkpoint: the default spreads it over most of
                    # checkpoint_timeout (minutes) when the suite has left pages dirty.
                    *("-c", "fast"),
                    capture_output=True,
                    text=True,
                    timeout=120,
                )
                if backup.returncode == 0:
                    break
                shutil.rmtree(node.directory, ignore_errors=True)
                time.sleep(0.1)
            assert backup is not None and backup.returncode == 0, backup and backup.stderr
            config = {
                **settings,
                "port": node.port,
                "listen_addresses": "'127.0.0.1'",
                "unix_socket_directories": f"'{directory}'",
                "hot_standby": "on",
                "shared_buffers": "'32MB'",
                "fsync": "off",
                "hba_file": f"'{directory / 'pg_hba.conf'}'",
                "ident_file": f"'{directory / 'pg_ident.conf'}'",
            }
            (directory / "postgresql.conf").write_text(
                "".join(f"{name} = {value}\n" for name, value in config.items())
            )
            (directory / "pg_hba.conf").write_text(
                "local all all trust\nhost all all 127.0.0.1/32 trust\n"
            )
            (directory / "pg_ident.conf").write_text("")
            for name in ("postgresql.conf", "pg_hba.conf", "pg_ident.conf"):
                shutil.chown(directory / name, "postgres", "postgres")
            log = (directory / "postgres.log").open("w")
            shutil.chown(directory / "postgres.log", "postgres", "postgres")
            node.process = subprocess.Popen(
                [
                    "runuser",
                    "-u",
                    "postgres",
                    "--",
                    str(BIN / "postgres"),
                    "-D",
                    str(node.directory),
                ]
                + ["-c", f"config_file={directory / 'postgresql.conf'}"],
                stdout=log,
                stderr=subprocess.STDOUT,
            )
            _wait(node.answers, 60, "the standby did not answer")
            _wait(
                lambda: (
                    node.query("postgres", "SELECT status FROM pg_stat_wal_receiver") == "streaming"
                ),
                30,
                "the standby did not stream from the primary",
            )
        yield node
    finally:
        node.stop()
        shutil.rmtree(directory, ignore_errors=True)


def _total(http: Http) -> int:
    reply = http.get("/api/v1/ratings")
    assert reply.status == 200, reply
    return reply.body["total"]


def _rated(player: Http, mu: float = 30.0) -> None:
    """An established rating for the player, written on the primary (committed)."""
    player_id = player.get("/api/v1/players/me").body["id"]
    Rating.objects.create(player_id=player_id, mu=mu, sigma=8.0, ordinal=mu - 24.0, races=50)


def test_a_board_from_the_standby_and_from_the_primary_once_it_stops(start_server, standby):
    database = connection.settings_dict["NAME"]
    server = start_server(
        "gunicorn",
        WEB_CONCURRENCY=1,
        DATABASE_CONN_MAX_AGE=300,
        DATABASE_REPLICA_URL=f"postgres://postgres@127.0.0.1:{standby.port}/{database}",
        HALFMOON_METRICS_TOKEN=TOKEN,
    )
    public = Http(server.url)
    first = new_player(server.url, "first")
    _rated(first)
    _wait(lambda: _total(public) == 1, 30, "the standby did not show the first rating")

    # replay paused: what the primary commits now the standby does not show
    standby.query(database, "SELECT pg_wal_replay_pause()")
    _wait(
        lambda: standby.query(database, "SELECT pg_get_wal_replay_pause_state()") == "paused",
        10,
        "replay did not pause",
    )
    second = new_player(server.url, "second")
    _rated(second, mu=35.0)
    assert Rating.objects.count() == 2
    assert _total(public) == 1  # served by the standby, lagging
    mine = second.get("/api/v1/ratings")  # read-your-writes: the rated player's own, the primary
    assert mine.status == 200 and mine.body["total"] == 2, mine
    assert mine.body["me"]["player"]["name"] == "second"
    assert scrape(server.url).value("halfmoon_replica_fallbacks_total") == 0

    standby.query(database, "SELECT pg_wal_replay_resume()")
    _wait(lambda: _total(public) == 2, 30, "the standby did not catch up")

    # the standby stopped: the board answers from the primary, counted as a fallback
    standby.stop()
    assert not standby.answers()
    reply = public.get("/api/v1/ratings")
    assert reply.status == 200 and reply.body["total"] == 2, reply
    assert scrape(server.url).value("halfmoon_replica_fallbacks_total") >= 1
    assert "read replica is unavailable" in server.output()
