"""The service as deployed, started for a measurement: one nginx entry point, server processes.

Stacks (``--stack``):

* ``daphne`` — what docker-compose ran before the split: every request, HTTP and WebSocket, goes
  through nginx to two daphne processes (ASGI) sharing PostgreSQL and Redis.
* ``split`` — the deployed architecture, as docker-compose.yml runs it (docs/PERFORMANCE.md):
  nginx sends HTTP to a gunicorn pool (Django's WSGI path, ``deploy/gunicorn.conf.py``) and
  ``/ws/`` to two daphne processes (``halfmoon_service.serve``); both share Redis.

``PERF_GUNICORN_CONF`` names another gunicorn config (one that profiles the workers, say).
Every process writes its output to a log in the stack's folder. :meth:`Stack.cpu_seconds` and
:meth:`Stack.rss_bytes` read /proc, so a measurement can say where the CPU time and the
memory went (server processes, nginx, PostgreSQL, Redis).
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from tests.support.http import healthy
from tests.support.ports import free_port
from tests.support.waiting import wait_until

from .env import PYTHON, REPO, server_env

CLOCK_TICKS = os.sysconf("SC_CLK_TCK")
WSGI_APP = "halfmoon_service.wsgi:application"
STACKS = ("split", "daphne")
DEFAULT_STACK = "split"


@dataclass
class Process:
    name: str
    args: list[str]
    port: int
    env: dict
    log: Path
    popen: subprocess.Popen | None = None

    def start(self) -> None:
        with open(self.log, "ab") as handle:  # the child keeps its own copy of the descriptor
            self.popen = subprocess.Popen(
                self.args,
                cwd=REPO,
                env=self.env,
                stdout=handle,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )

    def stop(self) -> None:
        if self.popen and self.popen.poll() is None:
            os.killpg(self.popen.pid, signal.SIGTERM)
            try:
                self.popen.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(self.popen.pid, signal.SIGKILL)
                self.popen.wait()


@dataclass
class Stack:
    kind: str = DEFAULT_STACK
    http_workers: int = 4
    ws_processes: int = 2
    folder: Path = field(default_factory=lambda: Path(tempfile.mkdtemp(prefix="hm-perf-")))
    processes: list[Process] = field(default_factory=list)
    entry_port: int = 0
    #: The HTTP workers' server (``PERF_HTTP_SERVER``): gunicorn gthread (deployed) or granian.
    http_server: str = field(default_factory=lambda: os.environ.get("PERF_HTTP_SERVER", "gunicorn"))
    #: The socket replicas' server (``PERF_WS_SERVER``): daphne (deployed), uvicorn or granian.
    ws_server: str = field(default_factory=lambda: os.environ.get("PERF_WS_SERVER", "daphne"))

    # -- lifecycle ------------------------------------------------------------------------
    def start(self) -> Stack:
        # A measurement stopped with SIGTERM still stops its servers (``with`` exits).
        signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
        if self.kind not in STACKS:
            raise ValueError(f"unknown stack {self.kind!r}: one of {STACKS}")
        env = server_env()
        # Serving only WebSockets, daphne runs database work on a bounded thread pool, so it
        # keeps its connections (as docker-compose.yml runs it); serving HTTP too, it cannot.
        ws_env = env if self.kind == "daphne" else {**env, "DATABASE_CONN_MAX_AGE": "300"}
        ws = [
            self._daphne(i, ws_env, draining=self.kind == "split") for i in range(self.ws_processes)
        ]
        http = ws if self.kind == "daphne" else [self._http(env)]
        self.processes = ws + ([] if http is ws else http)
        try:
            ensure_nginx()
            for process in self.processes:
                process.start()
            self.entry_port = free_port()
            nginx = Process(
                "nginx",
                ["nginx", "-c", str(self._nginx_conf(http, ws)), "-g", "daemon off;"],
                self.entry_port,
                env,
                self.folder / "nginx.log",
            )
            self.processes.append(nginx)
            nginx.start()
            for process in self.processes:
                wait_ready(process, self.logs)
        except BaseException:
            # ``with`` does not exit a stack whose start raised: whatever did start (the
            # gunicorn and socket processes before an nginx that could not) is stopped here.
            self.stop()
            raise
        return self

    def stop(self) -> None:
        for process in reversed(self.processes):
            process.stop()

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()

    @property
    def entry(self) -> tuple[str, int]:
        return "127.0.0.1", self.entry_port

    def _socket_replicas(self) -> list[Process]:
        return [p for p in self.processes if p.name.startswith("daphne")]

    @property
    def ws_backends(self) -> list[tuple[str, int]]:
        """The daphne processes, for spreading sockets evenly over them."""
        return [("127.0.0.1", p.port) for p in self._socket_replicas()]

    def socket_pids(self) -> list[int]:
        """The socket replicas' processes (daphne, or the server a lever runs instead)."""
        return [p.popen.pid for p in self._socket_replicas() if p.popen]

    def server_pids(self) -> list[int]:
        """The Python server processes (daphne, gunicorn master and workers)."""
        pids = []
        for process in self.processes:
            if process.name != "nginx" and process.popen:
                pids += [process.popen.pid] + _children(process.popen.pid)
        return pids

    def nginx_pids(self) -> list[int]:
        nginx = [p for p in self.processes if p.name == "nginx" and p.popen]
        return [pid for p in nginx for pid in [p.popen.pid] + _children(p.popen.pid)]

    def logs(self) -> str:
        return "\n".join(
            f"--- {p.name}\n{p.log.read_text(errors='replace')[-3000:]}"
            for p in self.processes
            if p.log.exists()
        )

    # -- process definitions --------------------------------------------------------------
    def _daphne(self, index: int, env: dict, draining: bool) -> Process:
        """daphne; ``draining``: through ``halfmoon_service.serve``, as docker-compose.yml runs
        the WebSocket replicas (daphne that drains on SIGTERM). With ``PERF_WS_SERVER`` set to
        ``uvicorn`` or ``granian``, that server instead (a comparison; one process each)."""
        port = free_port()
        target = "halfmoon_service.asgi:application"
        if self.ws_server in ("uvicorn", "granian"):
            self._installed(self.ws_server)
        if self.ws_server == "uvicorn":
            command = ["-m", "uvicorn", target, "--host", "127.0.0.1", "--port", str(port)]
            command += ["--ws", "websockets", "--loop", "uvloop", "--http", "httptools"]
            command += ["--lifespan", "off", "--no-access-log"]
        elif self.ws_server == "granian":
            command = ["-m", "granian", "--interface", "asgi", "--host", "127.0.0.1"]
            command += ["--port", str(port), "--no-access-log", target]
        elif self.ws_server == "daphne" and draining:
            command = replica_command(port)
        elif self.ws_server == "daphne":
            command = ["-m", "daphne", target, "-b", "127.0.0.1", "-p", str(port)]
        else:
            raise ValueError(f"unknown PERF_WS_SERVER {self.ws_server!r}")
        return Process(
            f"daphne{index}",  # the socket replicas keep this name, whichever server runs them
            [PYTHON, *command],
            port,
            env,
            self.folder / f"daphne{index}.log",
        )

    @staticmethod
    def _installed(module: str) -> None:
        """The comparison servers are not among the project's dependencies (none is deployed)."""
        import importlib.util

        if importlib.util.find_spec(module) is None:
            raise RuntimeError(
                f"{module} is not installed: .venv/bin/pip install granian uvicorn uvloop "
                "httptools (the servers the PERF_HTTP_SERVER / PERF_WS_SERVER levers compare)"
            )

    def _http(self, env: dict) -> Process:
        """The HTTP workers (``PERF_HTTP_SERVER``: gunicorn as deployed, or granian)."""
        settings_module = os.environ.get("PERF_HTTP_SETTINGS")
        if settings_module:  # a lever: another settings module for the HTTP workers only
            env = {**env, "DJANGO_SETTINGS_MODULE": settings_module}
        if self.http_server == "granian":
            self._installed("granian")
            # What deploy/gunicorn.conf.py gives gunicorn's workers.
            env = {
                **env,
                "DATABASE_CONN_MAX_AGE": "300",
                "DATABASE_IDLE_TRANSACTION_TIMEOUT": "5",
                "DATABASE_LOCK_TIMEOUT": "8",
            }
        elif self.http_server != "gunicorn":
            raise ValueError(f"unknown PERF_HTTP_SERVER {self.http_server!r}")
        port = free_port()
        return Process(
            "gunicorn",  # the HTTP workers keep this name, whichever server runs them
            [PYTHON, *http_command(self.http_server, port, self.http_workers)],
            port,
            env,
            self.folder / "gunicorn.log",
        )

    def _nginx_conf(self, http: list[Process], ws: list[Process]) -> Path:
        def upstream(name, processes):
            servers = "".join(f"    server 127.0.0.1:{p.port};\n" for p in processes)
            return f"  upstream {name} {{\n{servers}    keepalive 128;\n  }}\n"

        proxy = (
            "proxy_http_version 1.1; proxy_set_header Host $host; "
            "proxy_set_header Upgrade $http_upgrade; "
            "proxy_set_header Connection $connection_upgrade; proxy_read_timeout 3600s;"
        )
        folder = self.folder
        text = f"""
worker_processes 1;
worker_rlimit_nofile 20000;
pid {folder}/nginx.pid;
error_log {folder}/nginx-error.log warn;
events {{ worker_connections 19000; }}
http {{
  access_log off;
  client_body_temp_path {folder}/body; proxy_temp_path {folder}/proxy;
  fastcgi_temp_path {folder}/fcgi; uwsgi_temp_path {folder}/uwsgi; scgi_temp_path {folder}/scgi;
  map $http_upgrade $connection_upgrade {{ default upgrade; "" ""; }}
{upstream("http_backend", http)}{upstream("ws_backend", ws)}
  server {{
    listen 127.0.0.1:{self.entry_port} backlog=4096;
    client_max_body_size 64k;
    location / {{ proxy_pass http://http_backend; {proxy} }}
    location /ws/ {{ proxy_pass http://ws_backend; {proxy} }}
  }}
}}
"""
        path = folder / "nginx.conf"
        path.write_text(text)
        return path

    def cleanup(self) -> None:
        shutil.rmtree(self.folder, ignore_errors=True)


def ensure_nginx() -> None:
    """nginx is the stack's entry point: installed from Debian when missing (as ``bench/run_all``
    does), so ``framework_floor`` and the single scripts run on a fresh machine too."""
    if shutil.which("nginx"):
        return
    apt = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    subprocess.run(["apt-get", "update", "-qq"], check=True, env=apt)
    subprocess.run(["apt-get", "install", "-y", "-qq", "nginx"], check=True, env=apt)


def http_command(server: str, port: int, workers: int, app: str = WSGI_APP) -> list[str]:
    """The HTTP workers' command line after the interpreter: gunicorn as deployed
    (``deploy/gunicorn.conf.py``, or ``PERF_GUNICORN_CONF``), or granian's WSGI server (HTTP in
    Rust, one Python thread per worker); ``app``: the WSGI application to serve."""
    if server == "granian":
        command = ["-m", "granian", "--interface", "wsgi", "--workers", str(workers)]
        command += ["--blocking-threads", "1", "--host", "127.0.0.1", "--port", str(port)]
        return [*command, "--no-access-log", app]
    if server == "gunicorn":
        conf = os.environ.get("PERF_GUNICORN_CONF", "deploy/gunicorn.conf.py")
        return ["-m", "gunicorn", "-c", conf, "-b", f"127.0.0.1:{port}", "-w", str(workers), app]
    raise ValueError(f"unknown HTTP server {server!r}")


def replica_command(port: int, application: str | None = None) -> list[str]:
    """A socket replica's command line after the interpreter, as docker-compose.yml runs it:
    daphne through ``halfmoon_service.serve`` (which drains on SIGTERM); ``application``: another
    ASGI application than the service's."""
    command = ["-m", "halfmoon_service.serve", "-b", "127.0.0.1", "-p", str(port)]
    return command + (["--application", application] if application else [])


def wait_ready(process: Process, logs: Callable[[], str], timeout: float = 40) -> None:
    """Until ``process`` answers ``/healthz`` (raising, with ``logs()``, if it exits or does
    not answer within ``timeout`` seconds)."""

    def answers() -> bool:
        if process.popen is None or process.popen.poll() is not None:
            raise RuntimeError(f"{process.name} exited:\n{logs()}")
        return healthy(f"http://127.0.0.1:{process.port}")

    wait_until(answers, timeout, lambda: f"{process.name} did not answer:\n{logs()}", interval=0.1)


# -- /proc readings ---------------------------------------------------------------------------
def _children(pid: int) -> list[int]:
    """Descendants of a process, found through the parent ids in /proc/*/stat."""
    parents = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            parents.setdefault(int(stat[1]), []).append(int(entry))
    found, todo = [], [pid]
    while todo:
        kids = parents.get(todo.pop(), [])
        found += kids
        todo += kids
    return found


def cpu_seconds(pids) -> float:
    """User + system CPU seconds of these processes (and of their children they reaped)."""
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += sum(int(x) for x in fields[11:15])  # utime stime cutime cstime
    return total / CLOCK_TICKS


def rss_bytes(pids) -> int:
    total = 0
    for pid in pids:
        try:
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1]) * 1024
        except OSError:
            continue
    return total


def pids_named(name: str) -> list[int]:
    out = subprocess.run(["pgrep", "-x", name], capture_output=True, text=True).stdout
    return [int(p) for p in out.split()]


def postgres_pids(database: str) -> list[int]:
    """The PostgreSQL backends connected to one database (others share this server)."""
    found = []
    for pid in pids_named("postgres"):
        try:
            title = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
        except OSError:
            continue
        if f" {database} " in title:
            found.append(pid)
    return found


def system_cpu(stack: Stack) -> dict:
    """CPU seconds so far of each part of the system (compare two readings).

    ``postgres`` counts the live backends of the perf database only (other engineers' test
    databases share the server); a backend that exits during the window (a stack without
    persistent connections) is not counted, so that figure is then a lower bound.
    """
    from .env import database_name

    return {
        "django": cpu_seconds(stack.server_pids()),
        "nginx": cpu_seconds(stack.nginx_pids()),
        "postgres": _live_cpu(postgres_pids(database_name())),
        "redis": cpu_seconds(pids_named("redis-server")),
    }


def _live_cpu(pids) -> dict:
    return {pid: cpu_seconds([pid]) for pid in pids}
