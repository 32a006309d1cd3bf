"""Ports for the processes a test starts (servers, nginx, Redis, PostgreSQL, SMTP, OAuth apps).

Asking the kernel for a free port (bind to port 0, close, hand the number to a child process)
races: the port is free only until someone else takes it, and parallel pytest-xdist workers
all draw from the same ephemeral range. When two workers were handed the same number, the
second server failed to bind while the first one answered its health check, and the test
talked to the other worker's server (CI at d9950ad: a "database is gone" server answered 201).

So each worker draws from a block of its own below the kernel's ephemeral range (32768 and up,
``net.ipv4.ip_local_port_range``), where neither the kernel's outgoing connections nor another
worker hand out ports. Inside its block a process never hands out a number twice, and a number
something already holds (a bind probe fails) is passed over. A random start inside the block
keeps two test runs on one machine (a local run beside a clean-clone CI run) apart as well.
"""

from __future__ import annotations

import os
import random
import re
import socket
import threading

#: The ports test processes use: below the ephemeral range, above the well-known services'.
FIRST_PORT = 20000
LAST_PORT = 32767
#: Ports per block: one block for a run without xdist (and the xdist controller), one per worker.
BLOCK = 1500
BLOCKS = (LAST_PORT + 1 - FIRST_PORT) // BLOCK

_lock = threading.Lock()
_handed_out: set[int] = set()
_next: int | None = None


def worker_block(worker: str | None = None) -> range:
    """The ports of a pytest-xdist worker (``gw0`` -> block 1, ``gw1`` -> block 2, ...); block 0
    for a process that is not a worker. Beyond the last block the numbering wraps around."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "") if worker is None else worker
    match = re.fullmatch(r"gw(\d+)", worker)
    index = (int(match.group(1)) + 1) % BLOCKS if match else 0
    start = FIRST_PORT + index * BLOCK
    return range(start, start + BLOCK)


def _bindable(port: int) -> bool:
    # No SO_REUSEADDR: a port with a connection still in TIME_WAIT is passed over as well.
    with socket.socket() as probe:
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def free_port() -> int:
    """A loopback port nothing holds now, from this worker's block, never handed out before by
    this process."""
    global _next
    block = worker_block()
    with _lock:
        if _next is None or _next not in block:
            _next = random.choice(block)
        for _ in range(len(block)):
            port = _next
            _next = block.start + (port + 1 - block.start) % len(block)
            if port not in _handed_out and _bindable(port):
                _handed_out.add(port)
                return port
    raise RuntimeError(f"no free port left in {block}")
