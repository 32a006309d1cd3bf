"""The floor: what PostgreSQL alone does on this machine, ``pgbench -N -c 8 -j 2 -T 15``.

Runs on a scratch database (``hm_perf_pgbench``, initialised with ``pgbench -i``) on the same
server as the service. Prints ``{"pgbench_tps": …}`` as JSON.
"""
from __future__ import annotations

import argparse
import json
import re
import subprocess
from urllib.parse import urlsplit

from .env import DATABASE_URL, admin_connection

SCRATCH = "hm_perf_pgbench"


def pgbench_tps(seconds: int = 15) -> float:
    parts = urlsplit(DATABASE_URL)
    with admin_connection() as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{SCRATCH}"')
        connection.execute(f'CREATE DATABASE "{SCRATCH}"')
    common = ["-h", parts.hostname or "127.0.0.1", "-p", str(parts.port or 5432),
              "-U", parts.username or "postgres"]
    subprocess.run(["pgbench", "-i", "-q", *common, SCRATCH], check=True,
                   capture_output=True)
    out = subprocess.run(["pgbench", "-N", "-c", "8", "-j", "2", "-T", str(seconds), *common,
                          SCRATCH], check=True, capture_output=True, text=True).stdout
    match = re.search(r"tps = ([0-9.]+) \((?:without|excluding)", out)
    with admin_connection() as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{SCRATCH}"')
    if not match:
        raise RuntimeError(f"no tps in pgbench output:\n{out}")
    return float(match.group(1))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=int, default=15)
    args = parser.parse_args()
    print(json.dumps({"pgbench_tps": round(pgbench_tps(args.seconds), 1)}))


if __name__ == "__main__":
    main()
