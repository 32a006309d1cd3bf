"""A real daphne process serving the test database, for end-to-end tests (WebSocket, browser)."""
from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from django.db import connection

REPO = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def test_database_env() -> dict:
    """Environment that points a subprocess at the database this test process uses."""
    db = connection.settings_dict
    env = dict(os.environ, DJANGO_SETTINGS_MODULE="halfmoon_service.settings", PYTHONUNBUFFERED="1",
               HALFMOON_THROTTLE_PLAYER_CREATE="10000/min", HALFMOON_THROTTLE_GAME_ACTION="10000/s",
               HALFMOON_THROTTLE_SOCKET_MESSAGE="10000/s")
    if db["ENGINE"].endswith("sqlite3"):
        env.pop("DATABASE_URL", None)
        env["SQLITE_PATH"] = str(db["NAME"])
    else:
        host = db.get("HOST") or "127.0.0.1"
        port = db.get("PORT") or 5432
        auth = db["USER"] + (f":{db['PASSWORD']}" if db.get("PASSWORD") else "")
        env["DATABASE_URL"] = f"postgres://{auth}@{host}:{port}/{db['NAME']}"
    return env


@contextlib.contextmanager
def run_daphne(extra_env: dict | None = None, port: int | None = None, startup_timeout: float = 30):
    """Start ``daphne halfmoon_service.asgi:application``; yields its base URL; stops it after."""
    port = port or free_port()
    env = {**test_database_env(), **(extra_env or {})}
    # Output goes to a file: a pipe nobody reads fills up and then blocks the server.
    output = tempfile.TemporaryFile()
    process = subprocess.Popen(
        [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port),
         "halfmoon_service.asgi:application"],
        cwd=REPO, env=env, stdout=output, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + startup_timeout
        while True:
            if process.poll() is not None:
                output.seek(0)
                raise RuntimeError("daphne exited:\n" + output.read().decode(errors="replace"))
            try:
                urllib.request.urlopen(base + "/api/v1/schema/?format=json", timeout=2).read()
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise RuntimeError(f"daphne did not answer on {base}") from None
                time.sleep(0.2)
        yield base
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        output.close()
