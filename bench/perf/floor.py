"""The floor: what PostgreSQL alone does on this machine, ``pgbench -N -c 8 -j 2 -T 15``.

Runs on a scratch database (``hm_perf_pgbench``, initialised with ``pgbench -i``) on the same
server as the service. Also the CPU time it took per transaction (the pgbench client and its
PostgreSQL backends, read from /proc), the floor of the CPU-normalised ratios. Prints
``{"pgbench_tps": …, "cpu_us_per_txn": …}`` as JSON.
"""

from __future__ import annotations

import argparse
import json
import re
import resource
import subprocess
import time
from urllib.parse import urlsplit

from .env import DATABASE_URL, admin_connection
from .stack import cpu_seconds, postgres_pids

SCRATCH = "hm_perf_pgbench"


def pgbench_tps(seconds: int = 15) -> tuple[float, float]:
    """Transactions per second, and CPU µs per transaction (pgbench and its backends)."""
    parts = urlsplit(DATABASE_URL)
    with admin_connection() as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{SCRATCH}"')
        connection.execute(f'CREATE DATABASE "{SCRATCH}"')
    common = [
        "-h",
        parts.hostname or "127.0.0.1",
        "-p",
        str(parts.port or 5432),
        "-U",
        parts.username or "postgres",
    ]
    subprocess.run(["pgbench", "-i", "-q", *common, SCRATCH], check=True, capture_output=True)
    children_before = _children_cpu()
    run = subprocess.Popen(
        ["pgbench", "-N", "-c", "8", "-j", "2", "-T", str(seconds), *common, SCRATCH],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    backends: dict[int, float] = {}
    while run.poll() is None:  # the backends exit with pgbench: read their CPU as it goes
        for pid in postgres_pids(SCRATCH):
            backends[pid] = cpu_seconds([pid])
        time.sleep(0.2)
    out = run.stdout.read()
    match = re.search(r"tps = ([0-9.]+) \((?:without|excluding)", out)
    with admin_connection() as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{SCRATCH}"')
    if run.returncode != 0 or not match:
        raise RuntimeError(f"no tps in pgbench output:\n{out}{run.stderr.read()}")
    tps = float(match.group(1))
    cpu = _children_cpu() - children_before + sum(backends.values())
    return tps, cpu / (tps * seconds) * 1e6


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=int, default=15)
    args = parser.parse_args()
    tps, cpu = pgbench_tps(args.seconds)
    print(json.dumps({"pgbench_tps": round(tps, 1), "cpu_us_per_txn": round(cpu)}))


if __name__ == "__main__":
    main()
