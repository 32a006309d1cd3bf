"""A server process a test can kill (SIGKILL), stop gracefully (SIGTERM) and restart.

Unlike :func:`tests.servers.run_daphne` it keeps the process handle and writes the server's
output to a file (a pipe nobody reads would block the server once its request log fills it).
"""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request

from tests.servers import REPO, free_port


#: How each kind of server is started: plain daphne, daphne through the draining entry point
#: (:mod:`halfmoon_service.serve`), and gunicorn as docker-compose.yml runs the HTTP workers.
KINDS = ("daphne", "drain", "gunicorn")


class Daphne:
    """The service on 127.0.0.1 with the given environment: ``daphne
    halfmoon_service.asgi:application`` unless ``kind`` says otherwise (see :data:`KINDS`)."""

    def __init__(self, env: dict, port: int | None = None, startup_timeout: float = 30,
                 app: str = "halfmoon_service.asgi:application", kind: str = "daphne"):
        assert kind in KINDS, kind
        self.env, self.app, self.kind = env, app, kind
        self.port = port or free_port()
        self.startup_timeout = startup_timeout
        self.process: subprocess.Popen | None = None
        self.log = tempfile.NamedTemporaryFile(prefix="daphne-", suffix=".log", delete=False)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self) -> Daphne:
        env = self.env
        if self.kind == "gunicorn":
            command = ["-m", "gunicorn", "-c", "deploy/gunicorn.conf.py",
                       "halfmoon_service.wsgi:application"]
            env = {"WEB_CONCURRENCY": "2", **env, "GUNICORN_BIND": f"127.0.0.1:{self.port}"}
        elif self.kind == "drain":
            command = ["-m", "halfmoon_service.serve", "-b", "127.0.0.1", "-p", str(self.port)]
        else:
            command = ["-m", "daphne", "-b", "127.0.0.1", "-p", str(self.port), self.app]
        self.process = subprocess.Popen(
            [sys.executable, *command],
            cwd=REPO, env=env, stdout=self.log, stderr=subprocess.STDOUT,
            start_new_session=True)  # its own process group: SIGKILL reaches every worker
        deadline = time.monotonic() + self.startup_timeout
        while True:
            if self.process.poll() is not None:
                raise RuntimeError(f"daphne exited ({self.process.returncode}):\n{self.output()}")
            try:
                urllib.request.urlopen(self.url + "/healthz", timeout=2).read()
                return self
            except OSError:
                if time.monotonic() > deadline:
                    self.kill()
                    raise RuntimeError(f"daphne did not answer on {self.url}:\n{self.output()}")
                time.sleep(0.1)

    def kill(self) -> None:
        """SIGKILL to the whole process group (gunicorn's workers too): everything dies at
        once, mid-request, without any cleanup."""
        if self.process is None:
            return
        try:
            os.killpg(self.process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
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

    def output(self) -> str:
        self.log.flush()
        with open(self.log.name, encoding="utf-8", errors="replace") as handle:
            return handle.read()

    def close(self) -> None:
        self.terminate(timeout=10)
        self.kill()  # anything of its process group still left
        self.log.close()
        os.unlink(self.log.name)

    def __enter__(self) -> Daphne:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.close()
