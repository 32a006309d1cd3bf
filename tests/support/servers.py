"""Real server processes (daphne, the draining entry point, gunicorn, granian) serving the test
database, for end-to-end tests: WebSocket, browser, crash and shutdown; ``bench/crash.py`` and
``bench/flood.py`` start theirs with :class:`ServerProcess` too."""

from __future__ import annotations

import contextlib
import importlib.util
import os
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

from .daily_choice import TEST_DAILY_BUDGET
from .http import healthy
from .ports import free_port
from .waiting import wait_until

REPO = Path(__file__).resolve().parents[2]
#: Every budget of a test's server unless the test sets its own.
GENEROUS_RATE = "100000/s"


def database_env() -> dict:
    """Environment that points a subprocess at the database this test process uses."""
    from django.conf import settings
    from django.db import connection

    db = connection.settings_dict
    env = dict(
        os.environ,
        DJANGO_SETTINGS_MODULE="halfmoon_service.settings",
        PYTHONUNBUFFERED="1",
        HALFMOON_DAILY_BUDGET=str(TEST_DAILY_BUDGET),
        # A test's server runs no scheduled jobs on the test's database (they would fill the
        # pool and settle races under the test); tests/ops/test_background_jobs.py runs them.
        HALFMOON_BACKGROUND_JOBS="off",
    )
    # Tests play far faster than people, and a shared server serves many tests: every budget
    # generous unless a test starts a server with its own (``start_server(**env)``).
    for scope in settings.HALFMOON_THROTTLE_DEFAULTS:
        env[f"HALFMOON_THROTTLE_{scope.upper()}"] = GENEROUS_RATE
    # One deployment: the servers publish, listen and count where this process does (its own
    # channels and Redis keys: tests.support.isolation).
    env["HALFMOON_CHANNEL_PREFIX"] = settings.HALFMOON_CHANNEL_PREFIX
    env["HALFMOON_REDIS_PREFIX"] = settings.HALFMOON_REDIS_PREFIX
    if db["ENGINE"].endswith("sqlite3"):
        env.pop("DATABASE_URL", None)
        env["SQLITE_PATH"] = str(db["NAME"])
    else:
        host = db.get("HOST") or "127.0.0.1"
        port = db.get("PORT") or 5432
        auth = db["USER"] + (f":{db['PASSWORD']}" if db.get("PASSWORD") else "")
        env["DATABASE_URL"] = f"postgres://{auth}@{host}:{port}/{db['NAME']}"
    return env


def copy_test_database(url: str) -> None:
    """The test database (migrated by pytest-django: its schema as the migrations made it, and
    its rows) copied into the empty database at ``url`` — seconds, where migrating it would
    take half a minute."""
    source = database_env()["DATABASE_URL"]
    dump = subprocess.run(["pg_dump", "--no-owner", "--no-privileges", "-d", source],
                          capture_output=True, text=True, check=True)  # fmt: skip
    loaded = subprocess.run(
        ["psql", "-X", "-q", "-v", "ON_ERROR_STOP=1", "-d", url],
        input=dump.stdout, capture_output=True, text=True,
    )  # fmt: skip
    if loaded.returncode != 0:
        raise RuntimeError(f"the schema did not load: {loaded.stderr[-3000:]}")


@contextlib.contextmanager
def run_daphne(extra_env: dict | None = None, port: int | None = None, startup_timeout: float = 30):
    """Start ``daphne halfmoon_service.asgi:application``; yields its base URL; stops it after."""
    with ServerProcess(
        {**database_env(), **(extra_env or {})}, port=port, startup_timeout=startup_timeout
    ) as server:
        yield server.url


#: How each kind of server is started: plain daphne, daphne through the draining entry point
#: (:mod:`halfmoon_service.serve`), gunicorn as docker-compose.yml runs the HTTP workers, and
#: granian's WSGI server as the candidate for them (issue 29; :data:`GRANIAN_OPTIONS`).
KINDS = ("daphne", "drain", "gunicorn", "granian")
#: The servers the HTTP workers' proofs (tests/reliability, tests/ops) run on, each proof
#: written once with the server as its parameter: the deployed one, and the candidate where it
#: is installed (granian is no dependency of the project while it is not deployed, so a clean
#: clone's suite runs gunicorn's proofs only and skips nothing).
HTTP_SERVERS = ("gunicorn", "granian") if importlib.util.find_spec("granian") else ("gunicorn",)
#: What a kind that shuts down gracefully writes to its output once it acts on SIGTERM.
SHUTDOWN_LOGGED = {
    "drain": "Draining:",
    "gunicorn": "Handling signal: term",
    "granian": "Shutting down granian",
}
#: granian run as deploy/gunicorn.conf.py runs gunicorn (not deployed: see docs/RELIABILITY.md,
#: "The HTTP server"): single-threaded workers, a worker that dies respawned, SIGTERM waiting
#: up to 25 s for requests in flight (gunicorn's ``graceful_timeout``), Django's request log only.
#: granian has no per-request worker timeout (gunicorn's ``timeout``): no option to set.
GRANIAN_OPTIONS = (
    "--interface",
    "wsgi",
    "--blocking-threads",
    "1",
    "--respawn-failed-workers",
    "--respawn-interval",
    "1",
    "--workers-kill-timeout",
    "25",
    "--no-access-log",
)


class ServerProcess:
    """The service on 127.0.0.1 (or ``bind``) with the given environment: ``daphne
    halfmoon_service.asgi:application`` unless ``kind`` says otherwise (see :data:`KINDS`).

    It keeps the process handle so a test can kill (SIGKILL), stop (SIGTERM) and restart it;
    its output goes to a file (a pipe nobody reads would block the server)."""

    def __init__(
        self,
        env: dict,
        port: int | None = None,
        startup_timeout: float = 30,
        app: str = "halfmoon_service.asgi:application",
        kind: str = "daphne",
        bind: str = "127.0.0.1",
        wrapper: tuple[str, ...] = (),
        cwd: Path = REPO,
    ):
        assert kind in KINDS, kind
        self.env, self.app, self.kind = env, app, kind
        #: The checkout it serves: this one, or another release's code (tests/ops/test_upgrade.py).
        self.cwd = cwd
        #: The address it listens on, and what its command runs inside (``ip netns exec NS``
        #: for a host of :mod:`tests.support.hosts`); the port is then free in that host.
        self.bind, self.wrapper = bind, wrapper
        self.port = port or free_port()
        self.startup_timeout = startup_timeout
        self.process: subprocess.Popen | None = None
        # Kept open for the server's life (its output goes there), closed by close().
        self.log = tempfile.NamedTemporaryFile(prefix="daphne-", suffix=".log", delete=False)  # noqa: SIM115

    @property
    def url(self) -> str:
        return f"http://{self.bind}:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://{self.bind}:{self.port}"

    def start(self) -> ServerProcess:
        env = self.env
        if self.kind == "gunicorn":
            command = [
                "-m",
                "gunicorn",
                "-c",
                "deploy/gunicorn.conf.py",
                "halfmoon_service.wsgi:application",
            ]
            env = {"WEB_CONCURRENCY": "2", **env, "GUNICORN_BIND": f"{self.bind}:{self.port}"}
        elif self.kind == "granian":
            workers = env.get("WEB_CONCURRENCY", "2")
            command = ["-m", "granian", *GRANIAN_OPTIONS, "--workers", workers]
            command += ["--host", self.bind, "--port", str(self.port)]
            command.append("halfmoon_service.wsgi:application")
            # What deploy/gunicorn.conf.py's raw_env gives gunicorn's workers.
            env = {
                "DATABASE_CONN_MAX_AGE": "300",
                "DATABASE_IDLE_TRANSACTION_TIMEOUT": "5",
                "DATABASE_LOCK_TIMEOUT": "8",
                **env,
            }
        elif self.kind == "drain":
            command = ["-m", "halfmoon_service.serve", "-b", self.bind, "-p", str(self.port)]
        else:
            command = ["-m", "daphne", "-b", self.bind, "-p", str(self.port), self.app]
        self.process = subprocess.Popen(
            [*self.wrapper, sys.executable, *command],
            cwd=self.cwd,
            env=env,
            stdout=self.log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )  # its own process group: SIGKILL reaches every worker
        try:
            wait_until(
                self._answers,
                self.startup_timeout,
                lambda: f"{self.kind} did not answer on {self.url}:\n{self.output()}",
            )
        except BaseException:
            self.kill()
            raise
        return self

    def _answers(self) -> bool:
        if self.process.poll() is not None:
            raise RuntimeError(f"{self.kind} exited ({self.process.returncode}):\n{self.output()}")
        return healthy(self.url)

    def kill(self) -> None:
        """SIGKILL to the whole process group (gunicorn's or granian's workers too): everything
        dies at once, mid-request, without any cleanup."""
        if self.process is None:
            return
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait()

    def terminate(self, timeout: float = 20) -> int:
        """SIGTERM and wait for the exit; returns the exit code (SIGKILL after ``timeout``)."""
        if self.process is None:
            return 0
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                self.kill()
        return self.process.returncode

    def shutting_down(self) -> bool:
        """Whether the server has logged that it acts on SIGTERM (``drain``, ``gunicorn``,
        ``granian``)."""
        return SHUTDOWN_LOGGED[self.kind] in self.output()

    def output(self) -> str:
        self.log.flush()
        with open(self.log.name, encoding="utf-8", errors="replace") as handle:
            return handle.read()

    def close(self) -> None:
        """Ends the server at once (SIGKILL to its process group): a test that is about
        shutting down calls :meth:`terminate` itself first, and no other waits for a drain."""
        self.kill()
        self.log.close()
        with contextlib.suppress(FileNotFoundError):
            os.unlink(self.log.name)

    def __enter__(self) -> ServerProcess:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.close()


class SharedServers:
    """A test worker's server processes shared between tests: one per kind and environment,
    started on first use and kept until the session ends (at most :attr:`MAX` at a time, the
    longest unused stopped first), restarted if one has died. The test database they serve is
    emptied between tests by the tests' own ``transactional_db``; a server keeps no state of
    its own that outlives a test but throttle counters, under limits no test reaches."""

    MAX = 3

    def __init__(self) -> None:
        self.servers: dict[tuple, ServerProcess] = {}

    def get(self, kind: str = "daphne", **extra_env) -> ServerProcess:
        env = {name: str(value) for name, value in extra_env.items()}
        key = (kind, tuple(sorted(env.items())))
        server = self.servers.pop(key, None)
        if server is not None and server.process.poll() is not None:
            server.close()
            server = None
        if server is None:
            while len(self.servers) >= self.MAX:
                oldest = next(iter(self.servers))
                self.servers.pop(oldest).close()
            server = ServerProcess({**database_env(), **env}, kind=kind).start()
        self.servers[key] = server  # the most recently used last
        return server

    def close(self) -> None:
        for server in self.servers.values():
            server.close()
        self.servers.clear()
