"""PostgreSQL clusters of a test's own and their pgBackRest backups, for the restore drill
(``tests/reliability/test_restore.py``; docs/OPERATIONS.md, "Back up and restore").

:class:`LocalCluster` is a PostgreSQL 15 cluster made by ``initdb`` in a folder of the run, run
as the ``postgres`` user on 127.0.0.1 and a free port of 5500–5699, its socket in the folder.
:class:`Backups` is a pgBackRest repository in the run's folder (its configuration file,
logs and locks there too: nothing of the machine's own pgBackRest is read or written), and
runs ``deploy/ha/backup.sh`` — the runbook's commands — as the ``postgres`` user against a
cluster. Everything is removed by :meth:`Backups.close`.

Needs root (to act as ``postgres``), PostgreSQL 15's server binaries and ``pgbackrest``
(Debian's package): :func:`missing` says what is not there.
"""

from __future__ import annotations

import contextlib
import os
import pwd
import random
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

from .waiting import wait_until

REPO = Path(__file__).resolve().parents[2]
BACKUP_SCRIPT = REPO / "deploy" / "ha" / "backup.sh"
PG_BIN = Path("/usr/lib/postgresql/15/bin")
DATABASE = "halfmoon"
#: The ports this module's clusters take one of (outside the machine's 5432).
PORTS = range(5500, 5700)


def missing() -> str | None:
    """Why the drill cannot run here (None when it can)."""
    if os.geteuid() != 0:
        return "runs PostgreSQL as the postgres user: needs root"
    if not (PG_BIN / "initdb").exists():
        return f"not installed: PostgreSQL 15's server ({PG_BIN}/initdb)"
    if shutil.which("pgbackrest") is None:
        return "not installed: pgbackrest"
    return None


def _free_port() -> int:
    for port in random.sample(PORTS, len(PORTS)):
        with socket.socket() as probe:
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise RuntimeError(f"no free port in {PORTS}")


def as_postgres(*command: str, env: dict | None = None, timeout: float = 120, **kwargs):
    """``command`` run as the postgres user (with ``env`` added); raises with its output when
    it fails."""
    environment = [f"{k}={v}" for k, v in (env or {}).items()]
    done = subprocess.run(
        ["runuser", "-u", "postgres", "--", "env", f"PATH={PG_BIN}:/usr/bin:/bin", *environment,
         *command],
        capture_output=True, text=True, timeout=timeout, cwd="/", **kwargs,
    )  # fmt: skip
    if done.returncode != 0:
        raise RuntimeError(
            f"{' '.join(command)} failed ({done.returncode}):\n{done.stdout}{done.stderr}"
        )
    return done.stdout


class LocalCluster:
    """A PostgreSQL cluster of the run: ``folder/name`` holds its data, its socket and log."""

    def __init__(self, folder: Path, name: str, env: dict | None = None):
        self.name = name
        self.folder = folder / name
        self.pgdata = self.folder / "data"
        self.port = _free_port()
        self.extra_env = env or {}

    @property
    def env(self) -> dict:
        """What reaches it (psql, and pgBackRest through backup.sh), as the postgres user; the
        server inherits it (its archive and restore commands find the run's pgBackRest
        configuration)."""
        return {
            "PGHOST": str(self.folder),
            "PGPORT": str(self.port),
            "PGDATA": str(self.pgdata),
            **self.extra_env,
        }

    def url(self, database: str = DATABASE) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    def make_folder(self) -> LocalCluster:
        """Its folder, the postgres user's (and PGDATA in it, empty: for a restore)."""
        postgres = pwd.getpwnam("postgres")
        for path in (self.folder, self.pgdata):
            path.mkdir(parents=True, mode=0o700)
            os.chown(path, postgres.pw_uid, postgres.pw_gid)
        return self

    def make(self) -> LocalCluster:
        """``initdb``, then started, with the service's database created."""
        self.make_folder()
        as_postgres("initdb", "-D", str(self.pgdata), "-U", "postgres", "--auth=trust",
                    "--no-sync", "-E", "UTF8", "--locale=C.UTF-8")  # fmt: skip
        self.start()
        as_postgres("createdb", DATABASE, env=self.env)
        return self

    def start(self) -> None:
        """Started on its port and socket (whatever the data's own configuration says, as a
        restored copy's configuration is the source's)."""
        options = f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1"
        try:
            as_postgres("pg_ctl", "start", "-w", "-t", "60", "-D", str(self.pgdata), "-o",
                        options, "-l", str(self.folder / "server.log"), env=self.env)  # fmt: skip
        except RuntimeError as error:
            raise RuntimeError(f"{error}\n{self.name}'s log:\n{self.log()[-3000:]}") from None

    def restart(self) -> None:
        self.stop()
        self.start()

    def stop(self) -> None:
        if (self.pgdata / "postmaster.pid").exists():
            as_postgres("pg_ctl", "stop", "-w", "-m", "fast", "-D", str(self.pgdata), env=self.env)

    def psql(self, sql: str, database: str = DATABASE) -> str:
        return as_postgres("psql", "-X", "-At", "-v", "ON_ERROR_STOP=1", "-d", database, "-c", sql,
                           env=self.env).strip()  # fmt: skip

    def accepts_writes(self) -> bool:
        """Whether it is out of recovery (a restored copy: once it reached its target)."""
        try:
            return self.psql("SELECT NOT pg_is_in_recovery()") == "t"
        except RuntimeError:
            return False

    def log(self) -> str:
        path = self.folder / "server.log"
        return path.read_text(errors="replace") if path.exists() else ""


class Backups:
    """A pgBackRest repository of the run, with ``backup.sh`` to drive it."""

    def __init__(self):
        self.folder = Path(tempfile.mkdtemp(prefix="hm-backups-", dir="/var/tmp"))
        os.chmod(self.folder, 0o755)
        self.repository = self.folder / "repository"
        self.config = self.folder / "pgbackrest.conf"
        self.clusters: list[LocalCluster] = []

    def cluster(self, name: str) -> LocalCluster:
        made = LocalCluster(self.folder, name, {"PGBACKREST_CONFIG": str(self.config)})
        self.clusters.append(made)
        return made

    def configure(self, source: LocalCluster) -> None:
        """The repository, and the cluster it backs up (what /etc/pgbackrest/pgbackrest.conf
        holds on a database host: docs/OPERATIONS.md)."""
        postgres = pwd.getpwnam("postgres")
        for path in (self.repository, self.folder / "log", self.folder / "lock"):
            path.mkdir()
            os.chown(path, postgres.pw_uid, postgres.pw_gid)
        self.config.write_text(
            "[global]\n"
            f"repo1-path={self.repository}\n"
            "repo1-retention-full=2\n"
            f"log-path={self.folder / 'log'}\n"
            f"lock-path={self.folder / 'lock'}\n"
            "log-level-console=warn\n"
            "start-fast=y\n"
            "compress-type=lz4\n"
            "[halfmoon]\n"
            f"pg1-path={source.pgdata}\n"
            f"pg1-port={source.port}\n"
            f"pg1-socket-path={source.folder}\n"
        )
        os.chmod(self.config, 0o644)

    def script(self, cluster: LocalCluster, *args: str, timeout: float = 120) -> str:
        """``deploy/ha/backup.sh args…`` as the postgres user on ``cluster``'s host."""
        return as_postgres("sh", str(BACKUP_SCRIPT), *args, env=cluster.env, timeout=timeout)

    def close(self) -> None:
        for cluster in self.clusters:
            with contextlib.suppress(Exception):
                cluster.stop()
        shutil.rmtree(self.folder, ignore_errors=True)

    def __enter__(self) -> Backups:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def wait_writable(cluster: LocalCluster, timeout: float) -> None:
    wait_until(
        cluster.accepts_writes,
        timeout,
        lambda: f"{cluster.name} is still recovering:\n{cluster.log()[-3000:]}",
    )
