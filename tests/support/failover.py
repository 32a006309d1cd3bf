"""PostgreSQL that fails over by itself, across hosts: pg_auto_failover's monitor and two data
nodes, each on a host of its own (a network namespace of :mod:`tests.support.hosts`), under
the service's two application hosts and nginx.

:class:`FailoverCluster` is :class:`~tests.support.hosts.Cluster` with its database replaced:

* ``.2`` — the *monitor host*: ``pg_autoctl create monitor``, tuned by
  ``deploy/ha/monitor.sql`` (how soon a silent primary is failed over).
* ``.21``, ``.22`` — the *database hosts*: ``pg_autoctl create postgres`` each, the first
  becoming the primary and the second its synchronous standby, tuned by ``deploy/ha/node.sh``.
  The service's database is loaded from the test database (its schema as the migrations made
  it: running them again would take half a minute).

The application hosts reach them with libpq's multi-host URL, as deployed
(:meth:`FailoverCluster.database_url`). Every command is the one docs/OPERATIONS.md gives,
run as the ``postgres`` user inside the host's namespace, with every file of the run (data,
sockets, pg_autoctl's configuration and state) in the run's folder.

Needs what :mod:`tests.support.hosts` needs, and ``pg_autoctl`` (Debian's
``postgresql-15-auto-failover``): :func:`missing` says what is not there.
"""

from __future__ import annotations

import contextlib
import os
import pwd
import shutil
import signal
import subprocess
import threading
import time
from collections import Counter
from pathlib import Path

from .hosts import Cluster, Host, Process, sh
from .hosts import missing as hosts_missing
from .servers import copy_test_database
from .waiting import wait_until

REPO = Path(__file__).resolve().parents[2]
HA = REPO / "deploy" / "ha"
PG_BIN = Path("/usr/lib/postgresql/15/bin")
#: Every PostgreSQL of the run listens on this port, each in its own namespace.
PORT = 5601
DATABASE = "halfmoon"
#: The monitor's table of nodes and their states.
NODES = "pgautofailover.node"
#: How long the database hosts may take to be primary and secondary (a base backup).
FORMED_WITHIN = 90


def missing() -> str | None:
    """Why the failover cluster cannot be built here (None when it can)."""
    if shutil.which("pg_autoctl") is None or not (PG_BIN / "pg_ctl").exists():
        return "not installed: pg_autoctl (postgresql-15-auto-failover)"
    return hosts_missing()


class DatabaseHost(Host):
    """A host running one ``pg_autoctl`` service (the monitor, or a data node)."""

    def __init__(self, cluster: FailoverCluster, name: str, offset: int):
        super().__init__(cluster, name, offset)
        self.name = name
        self.folder = cluster.folder / name
        self.pgdata = self.folder / "pgdata"
        self.service: Process | None = None

    def build(self) -> None:
        super().build()
        self.folder.mkdir()
        postgres = pwd.getpwnam("postgres")
        os.chown(self.folder, postgres.pw_uid, postgres.pw_gid)

    def env(self) -> dict:
        """pg_autoctl's and PostgreSQL's files in the host's folder: configuration and state
        (XDG folders), the Unix socket (``PG_REGRESS_SOCK_DIR``: never the machine's)."""
        folder = str(self.folder)
        return {
            "HOME": folder,
            "XDG_CONFIG_HOME": f"{folder}/config",
            "XDG_DATA_HOME": f"{folder}/data",
            "XDG_RUNTIME_DIR": f"{folder}/run",
            "PG_REGRESS_SOCK_DIR": folder,
            "PGHOST": folder,
            "PGPORT": str(PORT),
            "PGDATA": str(self.pgdata),
            "PATH": f"{PG_BIN}:/usr/bin:/bin",
        }

    def command(self, *args: str) -> list[str]:
        """``args`` as the postgres user inside this host."""
        environment = [f"{k}={v}" for k, v in self.env().items()]
        return ["ip", "netns", "exec", self.namespace, "runuser", "-u", "postgres", "--",
                "env", *environment, *args]  # fmt: skip

    def run(self, *args: str, check: bool = True, timeout: float = 60) -> str:
        done = subprocess.run(self.command(*args), capture_output=True, text=True, timeout=timeout)
        if check and done.returncode != 0:
            raise RuntimeError(f"{self.name}: {' '.join(args)} failed: {done.stderr}{done.stdout}")
        return done.stdout

    def start(self, *create: str) -> None:
        """``pg_autoctl create … --run``: creates the node (once) and keeps running it."""
        self.service = Process(f"pg_autoctl-{self.name}", self.command(*create, "--run"),
                               self.cluster.folder).start()  # fmt: skip

    def psql(self, sql: str, database: str = DATABASE) -> str:
        """One statement over the socket inside the host (as the postgres superuser)."""
        return self.run("psql", "-X", "-At", "-v", "ON_ERROR_STOP=1", "-d", database, "-c", sql,
                        timeout=20).strip()  # fmt: skip

    def url(self, database: str = DATABASE) -> str:
        return f"postgresql://postgres@{self.address}:{PORT}/{database}"

    def writable(self) -> bool | None:
        """Whether the server here takes writes now, asked over the network (None: no answer)."""
        done = subprocess.run(
            ["psql", "-X", "-At", "-d", self.url() + "?connect_timeout=1", "-c",
             "SELECT pg_is_in_recovery() OR current_setting('transaction_read_only')::bool"],
            capture_output=True, text=True, timeout=10,
        )  # fmt: skip
        if done.returncode != 0:
            return None
        return done.stdout.strip() == "f"

    def output(self) -> str:
        return self.service.output() if self.service else ""

    def stop(self) -> None:
        """The pg_autoctl service and its PostgreSQL, then anything left in the namespace."""
        if self.service is not None:
            self.service.stop()
        listed = sh("ip", "netns", "pids", self.namespace, check=False).stdout.split()
        for pid in listed:
            with contextlib.suppress(ProcessLookupError, ValueError):
                os.kill(int(pid), signal.SIGKILL)


class FailoverCluster(Cluster):
    """Two application hosts behind nginx, Redis, and PostgreSQL as a monitor and two nodes."""

    def __init__(self, extra_env: dict | None = None):
        super().__init__(app_hosts=2, extra_env=extra_env)
        self.monitor = DatabaseHost(self, "mon", 2)
        self.nodes = [DatabaseHost(self, "db1", 21), DatabaseHost(self, "db2", 22)]
        os.chmod(self.folder, 0o755)  # the postgres user reaches its hosts' folders

    @property
    def monitor_url(self) -> str:
        return f"postgresql://autoctl_node@{self.monitor.address}:{PORT}/pg_auto_failover"

    def database_url(self, test_url: str = "") -> str:
        """libpq's multi-host URL, as ``DATABASE_URL`` is deployed (docs/OPERATIONS.md)."""
        hosts = ",".join(f"{node.address}:{PORT}" for node in self.nodes)
        return f"postgresql://postgres@{hosts}/{DATABASE}?target_session_attrs=read-write"

    def app_env(self) -> dict:
        env = super().app_env()
        # Both kinds of server keep their connections, as deployed (the HTTP workers by
        # gunicorn.conf.py's default, the socket processes by compose's).
        env.update(DATABASE_CONN_MAX_AGE="300")
        return env

    def start_database(self) -> None:
        for host in (self.monitor, *self.nodes):
            host.build()
        self.monitor.start(
            "pg_autoctl", "create", "monitor", "--pgdata", str(self.monitor.pgdata),
            "--pgport", str(PORT), "--hostname", self.monitor.address, "--auth", "trust",
            "--no-ssl",
        )  # fmt: skip
        wait_until(
            lambda: self.monitor.service.running() and self._monitor_answers(),
            60,
            lambda: f"the monitor did not start:\n{self.monitor.output()[-3000:]}",
        )
        self.monitor.run("psql", "-X", "-v", "ON_ERROR_STOP=1", "-d", "pg_auto_failover",
                         "-f", str(HA / "monitor.sql"))  # fmt: skip
        first, second = self.nodes
        self._start_node(first)
        wait_until(
            lambda: self.states().get(first.name) == ("single", "single"),
            60,
            lambda: f"{first.name} is not single: {self.states()}\n{first.output()[-3000:]}",
        )
        copy_test_database(first.url())
        self._start_node(second)
        self.wait_formed(FORMED_WITHIN)
        for node in self.nodes:
            node.run("sh", str(HA / "node.sh"), timeout=30)

    def _start_node(self, node: DatabaseHost) -> None:
        node.start(
            "pg_autoctl", "create", "postgres", "--pgdata", str(node.pgdata),
            "--pgport", str(PORT), "--hostname", node.address, "--name", node.name,
            "--monitor", self.monitor_url + "?sslmode=disable", "--auth", "trust", "--no-ssl",
            "--dbname", DATABASE, "--pg-hba-lan",
        )  # fmt: skip
        wait_until(
            lambda: node.service.running() and node.name in self.states(),
            60,
            lambda: f"{node.name} did not register:\n{node.output()[-3000:]}",
        )

    def _monitor_answers(self) -> bool:
        done = subprocess.run(
            self.monitor.command("psql", "-X", "-At", "-d", "pg_auto_failover", "-c",
                                 "SELECT count(*) FROM pgautofailover.formation"),
            capture_output=True, text=True,
        )  # fmt: skip
        return done.returncode == 0

    def states(self) -> dict[str, tuple[str, str]]:
        """Each data node's (reported, assigned) state, as the monitor has them."""
        done = subprocess.run(
            self.monitor.command("psql", "-X", "-At", "-F", " ", "-d", "pg_auto_failover", "-c",
                                 f"SELECT nodename, reportedstate, goalstate FROM {NODES}"),
            capture_output=True, text=True, timeout=20,
        )  # fmt: skip
        rows = [line.split() for line in done.stdout.splitlines() if line.strip()]
        return {name: (reported, goal) for name, reported, goal in rows}

    def node(self, name: str) -> DatabaseHost:
        return next(node for node in self.nodes if node.name == name)

    def primary(self) -> DatabaseHost:
        (name,) = [n for n, (_, goal) in self.states().items() if goal in PRIMARY_STATES]
        return self.node(name)

    def wait_formed(self, timeout: float) -> None:
        """Until one node is primary and the other its secondary.

        A standby's base backup starts with a checkpoint the primary spreads over minutes
        (``checkpoint_completion_target``); a ``CHECKPOINT`` asked for meanwhile finishes it
        at once, which is what an operator does to hurry it (docs/OPERATIONS.md)."""

        def formed() -> bool:
            reported = sorted(rep for rep, goal in self.states().values() if rep == goal)
            if reported == ["primary", "secondary"]:
                return True
            with contextlib.suppress(Exception):
                self.primary().psql("CHECKPOINT")
            return False

        wait_until(formed, timeout, lambda: f"not formed: {self.states()}\n{self.output()}",
                   interval=1)  # fmt: skip

    def switchover(self) -> None:
        """``pg_autoctl perform switchover``, from the monitor's host, as an operator runs it.

        Asked again (at most twice more) when the monitor's own transaction was chosen as a
        deadlock's victim: the keepers report to the monitor every second, and under load one
        report and the switchover's function can lock the same rows in turn. PostgreSQL rolled
        the monitor's transaction back, so nothing was switched: an operator runs it again.
        Any other failure fails at once."""
        for attempt in range(3):
            try:
                self.monitor.run("pg_autoctl", "perform", "switchover", "--monitor",
                                 self.monitor_url + "?sslmode=disable", "--formation", "default",
                                 timeout=120)  # fmt: skip
                return
            except RuntimeError as error:
                if "deadlock detected" not in str(error) or attempt == 2:
                    raise

    def transactions_run_again(self) -> Counter:
        """How many transactions the application hosts have run again after a failure of the
        database (:mod:`games.core.transactions`), by where it failed: ``before`` or ``at``
        its commit, and of the latter how many were found ``stored`` (from their logs)."""
        counted: Counter = Counter()
        for host in self.apps:
            for server in host.servers:
                for line in server.output().splitlines():
                    if "running the transaction again" in line:
                        counted["at" if "failed at its commit" in line else "before"] += 1
                    elif "commit lost its answer is stored" in line:
                        counted["stored"] += 1
        return counted

    def output(self) -> str:
        parts = [super().output()]
        for host in (self.monitor, *self.nodes):
            parts.append(f"--- {host.name}\n{host.output()[-4000:]}")
        return "\n".join(parts)

    def close_database(self) -> None:
        for host in (*self.nodes, self.monitor):
            with contextlib.suppress(Exception):
                host.stop()
            host.close()


#: States in which a node is the primary (it takes writes, or will once its standby is back).
PRIMARY_STATES = ("single", "wait_primary", "primary", "join_primary", "apply_settings")


class WritableWatch:
    """Asks a host, over the network, every 0.2 s whether its server takes writes; remembers
    every moment it did. The old primary brought back must never (split brain)."""

    def __init__(self, host: DatabaseHost):
        self.host = host
        self.writable_at: list[float] = []
        self.answers = 0
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._watch, daemon=True)

    def start(self) -> WritableWatch:
        self.thread.start()
        return self

    def _watch(self) -> None:
        while not self.stop.is_set():
            answer = self.host.writable()
            if answer is not None:
                self.answers += 1
                if answer:
                    self.writable_at.append(time.monotonic())
            self.stop.wait(0.2)  # pacing of the probe, not a wait in a test

    def finish(self) -> WritableWatch:
        self.stop.set()
        self.thread.join(15)
        return self


@contextlib.contextmanager
def database_at(host: DatabaseHost):
    """This process's default connection pointed at ``host``'s server for a while (to check
    what it stores with the ORM, as :func:`tests.support.load.check_stored` does)."""
    from django.db import connection

    saved = dict(connection.settings_dict)
    connection.close()
    connection.settings_dict.update(
        HOST=host.address, PORT=str(PORT), NAME=DATABASE, USER="postgres", PASSWORD=""
    )
    try:
        yield
    finally:
        connection.close()
        connection.settings_dict.clear()
        connection.settings_dict.update(saved)
