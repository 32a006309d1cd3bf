"""What a newcomer waits for, measured from a clean clone: the README's two commands and the
edit loop (README "Figures").

    .venv/bin/python -m bench.newcomer [--skip test] [--skip test-fast] [--keep]

Clones this checkout's HEAD into a temporary directory (nothing installed, nothing run before)
and times, in that order:

- ``make run``: from the command to the first answer of ``/readyz`` (it installs the runtime
  lock, migrates a new SQLite file and starts the server); the server is stopped after;
- ``make test``: wall time, and pytest's own count of collected, passed, failed and skipped
  tests (the embedded default: SQLite, the in-memory channel layer; ``DATABASE_URL`` and
  ``REDIS_URL`` are removed from the environment);
- ``make test-fast``: the edit loop.

Each figure is printed with the load average before and after it: on a shared machine a
figure is only comparable with another taken under a similar load.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
#: pytest's last line: "1 failed, 2,400 passed, 80 skipped in 512.3s (0:08:32)", framed by
#: "=" or not (``-q``).
SUMMARY = re.compile(r"^=* ?(?P<counts>\d+ \w+(?:, \d+ \w+)*) in (?P<seconds>[\d.]+)s", re.M)


def load() -> str:
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def embedded_env() -> dict[str, str]:
    env = dict(os.environ)
    for name in ("DATABASE_URL", "REDIS_URL", "CI"):
        env.pop(name, None)
    return env


def answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=2) as reply:
            return reply.status == 200
    except OSError:
        return False


def time_make_run(clone: Path, deadline: float = 600) -> float:
    port = free_port()
    began = time.monotonic()
    server = subprocess.Popen(
        ["make", "run", f"PORT={port}"],
        cwd=clone,
        env=embedded_env(),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    try:
        while not answers(f"http://127.0.0.1:{port}/readyz"):
            if server.poll() is not None:
                raise SystemExit(f"make run exited with {server.returncode}")
            if time.monotonic() - began > deadline:
                raise SystemExit(f"make run did not answer within {deadline} s")
            time.sleep(0.2)
        return time.monotonic() - began
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait()


def time_make(clone: Path, target: str) -> tuple[float, str, int]:
    """(wall seconds, pytest's summary line, exit code) of ``make <target>``."""
    began = time.monotonic()
    done = subprocess.run(
        ["make", target], cwd=clone, env=embedded_env(), capture_output=True, text=True
    )
    wall = time.monotonic() - began
    found = list(SUMMARY.finditer(done.stdout))
    # Every pytest run's summary: `make test` runs two (the parallel suite, then `alone`).
    summary = " | ".join(m.group(0).strip("= ") for m in found) if found else done.stdout[-500:]
    return wall, summary, done.returncode


def collected(clone: Path) -> str:
    done = subprocess.run(
        [".venv/bin/python", "-m", "pytest", "--collect-only", "-q"],
        cwd=clone,
        env=embedded_env(),
        capture_output=True,
        text=True,
    )
    return done.stdout.strip().splitlines()[-1] if done.stdout.strip() else done.stderr[-300:]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--skip", action="append", default=[], choices=["test", "test-fast"])
    parser.add_argument("--keep", action="store_true", help="keep the clone")
    args = parser.parse_args()
    clone = Path(tempfile.mkdtemp(prefix="hm-newcomer-"))
    subprocess.run(["git", "clone", "-q", str(REPO), str(clone)], check=True)
    print(f"clean clone of {REPO} at {clone} ({time.strftime('%Y-%m-%d %H:%M %Z')})")
    status = 0
    try:
        before = load()
        seconds = time_make_run(clone)
        print(f"make run, to the first answer: {seconds:6.1f} s   load {before} -> {load()}")
        for target in ("test", "test-fast"):
            if target in args.skip:
                continue
            before = load()
            wall, summary, code = time_make(clone, target)
            status = status or code
            print(f"make {target}: {wall:6.1f} s wall   {summary}   load {before} -> {load()}")
        print(f"collected: {collected(clone)}")
    finally:
        if not args.keep:
            shutil.rmtree(clone, ignore_errors=True)
    return status


if __name__ == "__main__":
    sys.exit(main())
