"""The scheduled jobs of the embedded default, run by ``python -m halfmoon_service.serve``.

Compose runs the jobs (:data:`games.management.jobs.JOBS`) in its ``worker`` service; the
embedded default (``make run``: SQLite, the in-memory channel layer, no worker) runs them in the
background of its one server, split by what each needs:

- the jobs that emit socket events (settling races, closing days) and the prunes run on the
  server's event loop, each step on a thread of the loop's pool, so their events reach this
  process's sockets, which only the in-memory channel layer connects;
- the solving jobs (the winnable pool, the coming days' deals, the fair-play review) run in a
  child ``manage.py run_jobs`` process at a lower priority: the solver is CPU-bound Python,
  and on a thread of the server it would hold the interpreter lock while it searches. Measured
  on 2 shared cores while the pool filled, medians (p90): ``POST /games`` 12 ms (18) with no
  jobs, 20 ms (41) with them in the child, 38 ms (90) with them on a thread of the server;
  ``/healthz`` 2, 4 and 45 ms. The child exits when the server does (stopped with it, or on
  its own within a second of finding itself orphaned), and is started again if it dies.

``HALFMOON_BACKGROUND_JOBS``: ``auto`` (default) runs them on SQLite only (the embedded
default, where no worker runs), ``on`` always, ``off`` never. A worker beside them is harmless:
a job runs in one scheduler at a time (:func:`games.management.jobs.job_lock`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import subprocess
import sys
import time

from channels.db import database_sync_to_async
from django.conf import settings
from django.db import connection

logger = logging.getLogger("halfmoon.jobs")

#: The child's priority is lowered this much (nice): the lowest, so a request or a page being
#: drawn on the same machine wins a shared core (a nice-19 process weighs 15 against a
#: request's 1024 in Linux's scheduler, about 1.5 % of a contended core; at nice 10 it took
#: about 10 %), while the child still advances on a machine that is never idle (the idle
#: scheduling class, SCHED_IDLE, could starve the coming days' deals there).
CHILD_NICENESS = 19
#: A child that died is started again this many seconds later.
RESTART_AFTER = 5.0
#: The loop looks at the child (and the light jobs' times) at least this often (seconds).
LONGEST_WAIT = 1.0


def mode() -> str:
    """``HALFMOON_BACKGROUND_JOBS`` (``off`` under settings that do not have it)."""
    return str(getattr(settings, "HALFMOON_BACKGROUND_JOBS", "off"))


def wanted() -> bool:
    """Whether this server runs the scheduled jobs: ``on``, or ``auto`` on SQLite."""
    if mode() == "auto":
        return connection.vendor == "sqlite"
    return mode() == "on"


class BackgroundJobs:
    """The light jobs on the running event loop, the solving jobs in a child process."""

    def __init__(self) -> None:
        from games.management.jobs import JOBS, Scheduler

        self.light = Scheduler([job for job in JOBS if not job.solves])
        self.solving = [job.name for job in JOBS if job.solves]
        self.child: subprocess.Popen[bytes] | None = None
        self.task: asyncio.Task[None] | None = None
        self.stopped = False
        self.restart_at: float | None = None

    def start_child(self) -> None:
        """Start the solving jobs' process (at once: it boots while the server does)."""
        if self.stopped or not self.solving:
            return
        command = [sys.executable, str(settings.BASE_DIR / "manage.py"), "run_jobs"]
        for name in self.solving:
            command += ["--job", name]
        command += ["--parent", str(os.getpid()), "--nice", str(CHILD_NICENESS)]
        # The server alone writes the metrics directory (halfmoon_service.multiprocess).
        env = {k: v for k, v in os.environ.items() if k != "PROMETHEUS_MULTIPROC_DIR"}
        self.child = subprocess.Popen(command, cwd=settings.BASE_DIR, env=env)
        self.restart_at = None
        logger.info("Background jobs: %s in process %d", ", ".join(self.solving), self.child.pid)

    def start_loop(self) -> None:
        """Start the light jobs on the running event loop (call from inside it)."""
        if not self.stopped:
            self.task = asyncio.ensure_future(self._loop())

    async def _loop(self) -> None:
        run_due = database_sync_to_async(self.light.run_due, thread_sensitive=False)
        while not self.stopped:
            try:
                wait = await run_due()
            except Exception:  # run_due logs each job's failure; this is anything else
                logger.exception("Background jobs: a round failed")
                wait = LONGEST_WAIT
            self._watch_child()
            await asyncio.sleep(min(wait, LONGEST_WAIT))

    def _watch_child(self) -> None:
        child = self.child
        if self.stopped or child is None or child.poll() is None:
            return
        now = time.monotonic()
        if self.restart_at is None:
            logger.error(
                "Background jobs: process %d exited (%s); starting it again in %g s",
                child.pid,
                child.returncode,
                RESTART_AFTER,
            )
            self.restart_at = now + RESTART_AFTER
        elif now >= self.restart_at:
            self.start_child()

    def stop(self) -> None:
        """Stop both (idempotent): the loop's task, and the child (SIGTERM: it exits at once,
        every step's writes being short transactions)."""
        if self.stopped:
            return
        self.stopped = True
        if self.task is not None:
            self.task.cancel()
        if self.child is not None and self.child.poll() is None:
            self.child.terminate()

    def wait(self, timeout: float = 5.0) -> None:
        """After :meth:`stop`: wait for the child to exit (SIGKILL after ``timeout``)."""
        child = self.child
        if child is None:
            return
        try:
            child.wait(timeout)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                child.kill()
            child.wait()
