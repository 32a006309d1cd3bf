"""Hosts as Linux network namespaces: the service across machines, on one machine.

:class:`Cluster` builds, for one test run (every name carries a random tag, so runs never
meet), a private /24 on a bridge in the root namespace:

* ``.1`` — the root namespace: the *entry host* (nginx with ``deploy/nginx.conf``, listening
  on 127.0.0.1 for the test's clients) and the *data host*: PostgreSQL, reached at
  ``.1:5432`` through a ``socat`` forward to the machine's own server (which listens on
  loopback only; the test database is the one pytest made), and a Redis server of the run's
  own on ``.1``, which the test can stop and start again.
* ``.11``, ``.12`` — the *application hosts*: one namespace each (``ip netns``), joined to the
  bridge by a veth pair, each running gunicorn (HTTP) and the draining daphne entry point
  (WebSockets) from this checkout, bound to the host's address. Nothing in them can reach
  127.0.0.1 of the root namespace: the database and Redis are reached over the network.

:meth:`AppHost.cut` takes an application host off the network the way a failed link or a
crashed switch port does: its interface goes down, its packets vanish (no reset, no FIN), its
processes go on running. Everything is removed in :meth:`Cluster.close`, which a fixture calls
even when the test failed.

Needs root, ``ip`` (iproute2), ``socat``, ``redis-server`` and ``nginx``: :func:`missing` says
what is not there (``.ci/run``'s ``ensure_hosts`` installs them and checks namespaces work).
"""

from __future__ import annotations

import contextlib
import ipaddress
import os
import random
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
from pathlib import Path

from .nginx import Nginx
from .servers import ServerProcess, database_env
from .waiting import wait_until

#: Ports of every application host (each namespace has its own ports).
HTTP_PORT, WS_PORT = 8000, 8001
POSTGRES_PORT, REDIS_PORT = 5432, 6379
TOOLS = ("ip", "socat", "redis-server", "nginx")


def missing() -> str | None:
    """Why hosts cannot be built here (None when they can): root, the tools, ``ip netns``."""
    if os.geteuid() != 0:
        return "network namespaces need root"
    absent = [tool for tool in TOOLS if shutil.which(tool) is None]
    if absent:
        return f"not installed: {', '.join(absent)}"
    probe = f"hm-probe-{secrets.token_hex(3)}"
    made = subprocess.run(["ip", "netns", "add", probe], capture_output=True, text=True)
    if made.returncode != 0:
        return f"ip netns add failed: {made.stderr.strip()}"
    subprocess.run(["ip", "netns", "del", probe], capture_output=True)
    return None


def sh(*command: str, check: bool = True) -> subprocess.CompletedProcess:
    """Run a setup command; a failure raises with its output."""
    done = subprocess.run(command, capture_output=True, text=True)
    if check and done.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} failed ({done.returncode}): {done.stderr}")
    return done


def accepts(address: str, port: int) -> bool:
    with contextlib.suppress(OSError), socket.create_connection((address, port), timeout=0.5):
        return True
    return False


def _free_subnet() -> ipaddress.IPv4Network:
    """A /24 in 10.213.0.0/16 that no interface of this machine is on."""
    used = sh("ip", "-4", "-o", "addr", "show").stdout
    for _ in range(100):
        subnet = ipaddress.ip_network(f"10.213.{random.randrange(1, 255)}.0/24")
        if f" 10.213.{subnet.network_address.packed[2]}." not in used:
            return subnet
    raise RuntimeError("no free 10.213.x.0/24")


class Process:
    """A helper process (socat, redis-server) in its own process group, output to a file."""

    def __init__(self, name: str, command: list[str], folder: Path):
        self.name, self.command = name, command
        self.log_path = folder / f"{name}.log"
        self.process: subprocess.Popen | None = None

    def start(self) -> Process:
        with open(self.log_path, "ab") as log:
            self.process = subprocess.Popen(
                self.command, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
            )
        return self

    def running(self) -> bool:
        if self.process is None or self.process.poll() is not None:
            raise RuntimeError(f"{self.name} exited:\n{self.output()}")
        return True

    def stop(self) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGTERM)
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()

    def output(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""


class Host:
    """A namespace on the cluster's bridge, joined by a veth pair, at ``.{10 + number}``
    (database hosts pass their own ``offset``)."""

    def __init__(self, cluster: Cluster, name: str, offset: int):
        self.cluster = cluster
        self.namespace = f"hm-{cluster.tag}-{name}"
        self.address = str(cluster.subnet.network_address + offset)
        self.outer = f"hm{cluster.tag}{name[:5]}"  # the veth end on the bridge

    def build(self) -> None:
        tag = self.cluster.tag
        sh("ip", "netns", "add", self.namespace)
        sh("ip", "link", "add", self.outer, "type", "veth", "peer", "name", "eth0",
           "netns", self.namespace)  # fmt: skip
        sh("ip", "link", "set", self.outer, "master", f"hm{tag}br", "up")
        inside = ("ip", "-n", self.namespace)
        sh(*inside, "link", "set", "lo", "up")
        sh(*inside, "addr", "add", f"{self.address}/24", "dev", "eth0")
        sh(*inside, "link", "set", "eth0", "up")

    def cut(self) -> None:
        """Off the network: the host's interface goes down; its processes keep running."""
        sh("ip", "-n", self.namespace, "link", "set", "eth0", "down")

    def reconnect(self) -> None:
        """Back on the network, its processes as the cut left them."""
        sh("ip", "-n", self.namespace, "link", "set", "eth0", "up")

    def close(self) -> None:
        sh("ip", "link", "del", self.outer, check=False)
        sh("ip", "netns", "del", self.namespace, check=False)


class AppHost(Host):
    """One application host: a namespace on the bridge, gunicorn and daphne bound to it."""

    def __init__(self, cluster: Cluster, number: int):
        super().__init__(cluster, f"app{number}", 10 + number)
        self.number = number
        self.servers: list[ServerProcess] = []

    def start(self, env: dict) -> None:
        """gunicorn for HTTP and the draining daphne for WebSockets, as compose runs them."""
        wrapper = ("ip", "netns", "exec", self.namespace)
        for kind, port in (("gunicorn", HTTP_PORT), ("drain", WS_PORT)):
            server = ServerProcess(env, port=port, kind=kind, bind=self.address, wrapper=wrapper)
            self.servers.append(server)
            server.start()

    @property
    def http_url(self) -> str:
        return f"http://{self.address}:{HTTP_PORT}"

    @property
    def ws_url(self) -> str:
        return f"http://{self.address}:{WS_PORT}"

    def sockets_open(self) -> int:
        """WebSocket connections the host's daphne has open (nginx's, from the entry host)."""
        listed = sh(
            "ip", "netns", "exec", self.namespace,
            "ss", "-Htn", "state", "established", f"( sport = :{WS_PORT} )",
        ).stdout  # fmt: skip
        return len([line for line in listed.splitlines() if line.strip()])

    def close(self) -> None:
        for server in self.servers:
            with contextlib.suppress(Exception):
                server.close()
        super().close()


class Cluster:
    """Two application hosts behind nginx, PostgreSQL and Redis over the namespace network."""

    def __init__(self, app_hosts: int = 2, extra_env: dict | None = None):
        self.tag = secrets.token_hex(3)
        self.subnet = _free_subnet()
        self.address = str(self.subnet.network_address + 1)  # the entry and data host
        self.folder = Path(tempfile.mkdtemp(prefix=f"hm-hosts-{self.tag}-"))
        self.extra_env = extra_env or {}
        self.apps = [AppHost(self, n) for n in range(1, app_hosts + 1)]
        self.postgres = Process(
            "postgres-forward",
            ["socat", f"TCP-LISTEN:{POSTGRES_PORT},bind={self.address},reuseaddr,fork",
             f"TCP:127.0.0.1:{POSTGRES_PORT}"],
            self.folder,
        )  # fmt: skip
        self.redis = Process(
            "redis",
            ["redis-server", "--bind", self.address, "--port", str(REDIS_PORT), "--save", "",
             "--appendonly", "no", "--dir", str(self.folder), "--protected-mode", "no"],
            self.folder,
        )  # fmt: skip
        self.nginx: Nginx | None = None
        self._bridge_made = False

    @property
    def redis_url(self) -> str:
        return f"redis://{self.address}:{REDIS_PORT}/0"

    @property
    def url(self) -> str:
        """The entry point, where clients go."""
        assert self.nginx is not None
        return self.nginx.url

    def app_env(self) -> dict:
        """What an application host runs with: this test's database and the run's Redis, both
        at the data host's address."""
        env = database_env()
        if "DATABASE_URL" not in env:
            raise RuntimeError("hosts share PostgreSQL: run with DATABASE_URL set")
        env["DATABASE_URL"] = self.database_url(env["DATABASE_URL"])
        # gunicorn workers keep their connections (as deployed); two workers per host: the
        # machine running the suite has few cores.
        env.update(REDIS_URL=self.redis_url, WEB_CONCURRENCY="2", DATABASE_CONN_MAX_AGE="60")
        # Requests come from the entry host: for the host it names and for its health checks
        # of each host by address; its X-Forwarded-For is believed.
        hosts = ["127.0.0.1", "localhost", *(host.address for host in self.apps)]
        env.update(ALLOWED_HOSTS=",".join(hosts), HALFMOON_TRUSTED_PROXIES=self.address)
        env.update({k: str(v) for k, v in self.extra_env.items()})
        return env

    def database_url(self, test_url: str) -> str:
        """The URL the application hosts reach the database at: the test's database, through
        the forward on the data host's address."""
        return test_url.replace(
            f"@{self._database_address()}/", f"@{self.address}:{POSTGRES_PORT}/"
        )

    @staticmethod
    def _database_address() -> str:
        from django.db import connection

        db = connection.settings_dict
        return f"{db.get('HOST') or '127.0.0.1'}:{db.get('PORT') or POSTGRES_PORT}"

    def start(self) -> Cluster:
        try:
            self._build()
            env = self.app_env()
            for host in self.apps:
                host.start(env)
            self.nginx = Nginx(
                [host.http_url for host in self.apps], [host.ws_url for host in self.apps]
            ).start()
        except BaseException:
            self.close()
            raise
        return self

    def _build(self) -> None:
        bridge = f"hm{self.tag}br"
        sh("ip", "link", "add", bridge, "type", "bridge")
        self._bridge_made = True
        sh("ip", "addr", "add", f"{self.address}/24", "dev", bridge)
        sh("ip", "link", "set", bridge, "up")
        for host in self.apps:
            host.build()
        self.start_redis()
        self.start_database()

    def start_database(self) -> None:
        """The test's database, forwarded to the data host's address."""
        self.postgres.start()
        wait_until(
            lambda: self.postgres.running() and accepts(self.address, POSTGRES_PORT),
            10,
            lambda: f"no PostgreSQL forward on {self.address}:\n{self.postgres.output()}",
        )

    def close_database(self) -> None:
        """Nothing more than the forward (stopped with the other processes)."""

    def start_redis(self) -> None:
        self.redis.start()
        wait_until(
            lambda: self.redis.running() and accepts(self.address, REDIS_PORT),
            10,
            lambda: f"Redis did not start on {self.address}:\n{self.redis.output()}",
        )

    def stop_redis(self) -> None:
        """Redis goes away (and comes back empty: it keeps nothing on disk)."""
        self.redis.stop()

    def output(self) -> str:
        """Every server's output, for a failure message."""
        parts = [f"--- {p.name}\n{p.output()[-3000:]}" for p in (self.postgres, self.redis)]
        for host in self.apps:
            parts += [f"--- app{host.number} {s.kind}\n{s.output()[-3000:]}" for s in host.servers]
        if self.nginx is not None:
            parts.append(f"--- nginx\n{self.nginx.errors()[-3000:]}")
        return "\n".join(parts)

    def problems(self, last: int = 40) -> str:
        """The last lines of every server's output that are not routine (no INFO lines: the
        warnings, errors and tracebacks that say why a request was refused)."""
        parts = []
        for name, text in [(p.name, p.output()) for p in (self.postgres, self.redis)] + [
            (f"app{host.number} {s.kind}", s.output()) for host in self.apps for s in host.servers
        ]:
            lines = [line for line in text.splitlines() if '"level": "INFO"' not in line]
            parts.append(f"--- {name}\n" + "\n".join(lines[-last:]))
        if self.nginx is not None:
            parts.append(f"--- nginx\n{self.nginx.errors()[-3000:]}")
        return "\n".join(parts)

    def close(self) -> None:
        """Stop everything and remove every namespace, interface and file of the run."""
        if self.nginx is not None:
            with contextlib.suppress(Exception):
                self.nginx.close()
        for host in self.apps:
            host.close()
        for process in (self.redis, self.postgres):
            with contextlib.suppress(Exception):
                process.stop()
        self.close_database()
        if self._bridge_made:
            sh("ip", "link", "del", f"hm{self.tag}br", check=False)
        shutil.rmtree(self.folder, ignore_errors=True)

    def __enter__(self) -> Cluster:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.close()


if __name__ == "__main__":  # pragma: no cover - a manual check: python -m tests.support.hosts
    print(missing() or "hosts can be built here", file=sys.stderr)
