"""The scheduled jobs, declared once, and the scheduler that runs them.

Every job is one bounded *step* (one deal solved for the pool, one date's deal chosen, one day
closed, a batch of due races settled, one prune) that says whether more work is waiting: then
it runs again at once, else after its period. Nothing here holds a transaction across a step:
each step's writes are the domains' own short transactions, so on SQLite a request never waits
long for the write lock.

Who runs them (README, "Scheduled jobs"):

- compose's ``worker`` service: ``manage.py run_jobs``, every job in one process;
- the embedded default (``make run``: one ``python -m halfmoon_service.serve`` on SQLite, no
  worker): :mod:`halfmoon_service.background` runs the jobs that emit socket events on the
  server's own event loop (the in-memory channel layer only reaches that process's sockets)
  and the solving jobs in a child ``run_jobs`` process (the solver is CPU-bound: on a thread it
  would hold the server's interpreter lock for as long as it searches).

Two schedulers never run one job at once: a step runs only while its scheduler holds the job's
lock (:func:`job_lock`), which is taken without waiting, so a scheduler that finds it taken
skips the job until its next turn. On PostgreSQL the lock is a session-level advisory lock
(``pg_try_advisory_lock``) of the database; on SQLite an exclusive ``flock`` on a file beside
the database file (``<database>.jobs/<job>.lock``): only processes on the database's host can
open it, and they all see the same file. Either is released by the server or the kernel the
moment its holder's session or process ends, even killed, so a crashed scheduler never blocks
the job for anyone else. Every step is idempotent besides (a daily deal, once stored, never
changes; a race is settled under its row lock; the pool never holds a deal twice), so a step
that another scheduler ran just before changes nothing.
"""

from __future__ import annotations

import datetime as dt
import fcntl
import hashlib
import logging
import os
import tempfile
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from django.conf import settings
from django.db import DatabaseError, connection

from games.core import clock
from games.daily.choice import choose, stored_code
from games.daily.selectors import open_days_before
from games.daily.services import close_day
from games.deals.selectors import pool_size
from games.deals.solving import fill_pool
from games.fairplay import origins, review
from games.play import partitions
from games.races.settlement import due_race_ids, settle_due
from games.seasons import services as seasons
from games.transport import idempotency
from games.webhooks import delivery as webhooks

logger = logging.getLogger("halfmoon.jobs")


@dataclass(frozen=True)
class Ran:
    """What one step did: ``more`` when work is still waiting (the step runs again at once);
    ``note``, when not empty, is logged."""

    more: bool = False
    note: str = ""


@dataclass(frozen=True)
class Job:
    name: str
    step: Callable[[], Ran]
    #: Seconds between two steps when the last found nothing more to do.
    every: float
    #: Runs the solver: CPU-bound (the embedded default runs it in a child process).
    solves: bool = False
    what: str = ""


# -- the steps ---------------------------------------------------------------------------------
#: Dates whose daily deal is chosen ahead: today and the next six.
DAYS_AHEAD = 7
#: Due races settled per step, fair-play results reviewed per step.
SETTLE_BATCH = 50
REVIEW_BATCH = 10


def fill_winnable_pool() -> Ran:
    """Add one proven-winnable deal to the pool (solving one fresh deal, rarely two or three
    when the first is lost), until it holds ``HALFMOON_WINNABLE_POOL_TARGET``."""
    target = settings.HALFMOON_WINNABLE_POOL_TARGET
    size = pool_size()
    if size >= target:
        return Ran()
    fill_pool(size + 1, settings.HALFMOON_SOLVE_BUDGET)
    size = pool_size()
    note = f"winnable pool full: {size} deal(s)" if size >= target else ""
    return Ran(more=size < target, note=note)


def prepare_daily() -> Ran:
    """Choose the deal of the first date of the next :data:`DAYS_AHEAD` not chosen yet."""
    today = clock.today()
    missing = [
        date
        for date in (today + dt.timedelta(days=offset) for offset in range(DAYS_AHEAD))
        if stored_code(date) is None
    ]
    if not missing:
        return Ran()
    choice = choose(missing[0])
    note = (
        f"daily deal of {missing[0]}: {choice.daily.code} (candidate {choice.daily.candidate})"
        if choice.chosen_now
        else ""
    )
    return Ran(more=len(missing) > 1, note=note)


def close_daily() -> Ran:
    """Close the first past day whose board is still open."""
    days = open_days_before(clock.today())
    if not days:
        return Ran()
    closing = close_day(days[0])
    note = f"daily board of {closing.date} closed, {closing.entered} unfinished attempt(s) entered"
    return Ran(more=len(days) > 1, note=note if closing.closed_now else "")


def close_seasons() -> Ran:
    """Close one season that is over, or rebuild one open season whose days changed."""
    note = seasons.step()
    return Ran(more=bool(note), note=note)


def settle_races() -> Ran:
    """Start or finish up to :data:`SETTLE_BATCH` races whose moment has passed."""
    due = due_race_ids(limit=SETTLE_BATCH)
    for race_id in due:
        settle_due(race_id)
    return Ran(more=len(due) >= SETTLE_BATCH, note=f"settled {len(due)} race(s)" if due else "")


def prune_idempotency_keys() -> Ran:
    deleted = idempotency.prune()
    return Ran(note=f"deleted {deleted} idempotency key(s) older than 24 h" if deleted else "")


def review_fair_play() -> Ran:
    """Review up to :data:`REVIEW_BATCH` ranked or rated results not reviewed yet."""
    summary = review.review(limit=REVIEW_BATCH)
    tried = summary.reviewed + len(summary.failed)
    note = f"fair play: reviewed {summary.reviewed}, {summary.flags} flag(s)" if tried else ""
    if summary.failed:
        note += f", could not review game(s) {summary.failed}"
    return Ran(more=summary.reviewed > 0 and tried >= REVIEW_BATCH, note=note)


def prune_game_origins() -> Ran:
    deleted = origins.prune()
    days = origins.RETENTION.days
    return Ran(note=f"deleted {deleted} game origin(s) older than {days} days" if deleted else "")


#: Webhook deliveries posted per step.
DELIVER_BATCH = 20


def deliver_webhooks() -> Ran:
    """Post up to :data:`DELIVER_BATCH` due webhook deliveries (``games.webhooks.delivery``:
    retries with back-off, a subscription failing again and again disabled)."""
    done = webhooks.deliver_due(DELIVER_BATCH)
    note = f"webhooks: {done.delivered} of {done.tried} answered 2xx" if done.tried else ""
    return Ran(more=done.more, note=note)


def prune_webhook_deliveries() -> Ran:
    deleted = webhooks.prune()
    days = webhooks.RETENTION.days
    return Ran(
        note=f"deleted {deleted} webhook delivery(ies) older than {days} days" if deleted else ""
    )


def create_log_partitions() -> Ran:
    """PostgreSQL: make the move log's partitions of this month and the next two that are
    missing (:mod:`games.play.partitions`); nothing on SQLite."""
    made = partitions.ensure_partitions()
    return Ran(note=f"move log partition(s) made: {', '.join(made)}" if made else "")


#: Every scheduled job, once: compose's worker and the embedded default both run this list.
JOBS: tuple[Job, ...] = (
    Job("fill_winnable_pool", fill_winnable_pool, 5, solves=True, what="keep the pool filled"),
    Job("prepare_daily", prepare_daily, 600, solves=True, what="choose the next 7 daily deals"),
    Job("close_daily", close_daily, 60, what="close past daily boards"),
    Job("close_seasons", close_seasons, 60, what="rebuild open seasons, close ended ones"),
    Job("settle_races", settle_races, 5, what="start and finish races at their moments"),
    Job("deliver_webhooks", deliver_webhooks, 5, what="post due webhook deliveries, retry"),
    Job("prune_idempotency_keys", prune_idempotency_keys, 3600, what="delete keys after 24 h"),
    Job("review_fair_play", review_fair_play, 3600, solves=True, what="flag ranked/rated results"),
    Job("prune_game_origins", prune_game_origins, 3600, what="delete origins after 30 days"),
    Job(
        "prune_webhook_deliveries",
        prune_webhook_deliveries,
        3600,
        what="delete webhook deliveries after 30 days",
    ),
    Job(
        "create_log_partitions",
        create_log_partitions,
        3600,
        what="the move log's partitions of this month and the next 2 (PostgreSQL)",
    ),
)


def jobs_named(names: Sequence[str]) -> list[Job]:
    """The jobs of these names, in :data:`JOBS`' order; KeyError naming an unknown one."""
    known = {job.name for job in JOBS}
    unknown = [name for name in names if name not in known]
    if unknown:
        raise KeyError(", ".join(unknown))
    return [job for job in JOBS if job.name in names]


# -- one job at a time across schedulers -------------------------------------------------------
def _advisory_key(name: str) -> int:
    """A stable signed 64-bit key of the job's name (PostgreSQL's advisory locks are bigints)."""
    digest = hashlib.blake2b(f"halfmoon.job:{name}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big", signed=True)


def lock_path(name: str) -> Path:
    """Where the SQLite database's lock of a job is: beside the database file (in the
    temporary directory for an in-memory database, which no other process can open anyway)."""
    database = str(connection.settings_dict["NAME"])
    if database == ":memory:" or database.startswith("file:") or not database:
        return Path(tempfile.gettempdir()) / f"halfmoon-jobs-{os.getpid()}" / f"{name}.lock"
    return Path(f"{os.path.realpath(database)}.jobs") / f"{name}.lock"


@contextmanager
def job_lock(name: str) -> Iterator[bool]:
    """Hold the job's lock, if no other scheduler holds it: yields whether it is held.

    Never waits: a scheduler that finds it taken runs the job at its next turn instead."""
    if connection.vendor == "postgresql":
        key = _advisory_key(name)
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_try_advisory_lock(%s)", [key])
            row = cursor.fetchone()
        held = bool(row and row[0])
        try:
            yield held
        finally:
            if held:
                try:
                    with connection.cursor() as cursor:
                        cursor.execute("SELECT pg_advisory_unlock(%s)", [key])
                except DatabaseError:
                    connection.close()  # the session ends, and its locks with it
    elif connection.vendor == "sqlite":
        path = lock_path(name)
        path.parent.mkdir(parents=True, exist_ok=True)
        descriptor = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            try:
                fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                held = False
            else:
                held = True
            yield held
        finally:
            os.close(descriptor)  # releases the lock
    else:
        raise NotImplementedError(f"No job lock for the {connection.vendor} database.")


# -- the scheduler -----------------------------------------------------------------------------
#: After a failed step, the job runs again this much later at most (seconds).
RETRY_AFTER_FAILURE = 30.0


class Scheduler:
    """Runs each of its jobs' steps when due, one job at a time, in one thread.

    :meth:`run_due` runs every job whose time has come once and says how long until the next
    is due; :meth:`run` repeats it until told to stop. The times are this scheduler's own (a
    job another scheduler holds is tried again after its period)."""

    def __init__(self, jobs: Sequence[Job]) -> None:
        self.jobs = list(jobs)
        now = time.monotonic()
        self.due = {job.name: now for job in self.jobs}
        #: How many steps each job ran here, and how many it found locked by another scheduler.
        self.steps = {job.name: 0 for job in self.jobs}
        self.skipped = {job.name: 0 for job in self.jobs}

    def run_due(self) -> float:
        """Run one step of every job that is due; returns seconds until the next one is."""
        for job in sorted(self.jobs, key=lambda job: self.due[job.name]):
            if self.due[job.name] <= time.monotonic():
                self.due[job.name] = time.monotonic() + self._step(job)
        if not self.jobs:
            return 3600.0
        return max(0.0, min(self.due.values()) - time.monotonic())

    def _step(self, job: Job) -> float:
        """One step of ``job`` under its lock; returns seconds until its next one."""
        try:
            with job_lock(job.name) as held:
                if not held:
                    self.skipped[job.name] += 1
                    return job.every
                started = time.monotonic()
                ran = job.step()
                self.steps[job.name] += 1
        except Exception:
            logger.exception("Job %s failed; trying again later", job.name)
            connection.close()  # a broken connection is not used again; a new one is made
            return min(job.every, RETRY_AFTER_FAILURE)
        if ran.note:
            logger.info("%s: %s (%.2f s)", job.name, ran.note, time.monotonic() - started)
        return 0.0 if ran.more else job.every

    def run(
        self,
        stop: threading.Event,
        longest_wait: float = 60.0,
        keep_going: Callable[[], bool] = lambda: True,
    ) -> None:
        """Run the jobs until ``stop`` is set or ``keep_going()`` turns false (looked at after
        every round and at least every ``longest_wait`` seconds)."""
        logger.info(
            "Running jobs: %s",
            ", ".join(f"{job.name} (every {job.every:g} s)" for job in self.jobs),
        )
        while not stop.is_set() and keep_going():
            wait = self.run_due()
            if stop.wait(min(wait, longest_wait)):
                break

    def run_until_idle(self) -> None:
        """Run every job's steps until none has more work waiting (cron, tests): each job runs
        at least once, and a job another scheduler holds is left to it."""
        pending = list(self.jobs)
        while pending:
            pending = [job for job in pending if self._step(job) == 0.0]
