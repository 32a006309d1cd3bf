"""``manage.py run_jobs [--job NAME ...] [--once] [--list]``: the scheduled jobs
(:data:`games.management.jobs.JOBS`: the winnable pool, the coming days' daily deals, closing
past days, rebuilding and closing seasons, due races, pruning idempotency keys, the fair-play
review and its origins, the move log's coming partitions).

Runs until stopped (SIGTERM or SIGINT end it at once: every step's writes are short
transactions, so nothing is left half done), each job at its period and again at once while it
has work waiting. Compose's ``worker`` service runs it; the embedded default
(``python -m halfmoon_service.serve`` on SQLite) starts one for its solving jobs with
``--parent``. Safe beside any other scheduler: a job runs in one scheduler at a time (a lock per
job in the database; see :mod:`games.management.jobs`). ``--once`` runs every job until it has
nothing more to do, then exits (from cron).
"""

from __future__ import annotations

import os
import signal
import sys
import threading

from django.core.management.base import BaseCommand, CommandError

from games.management.jobs import JOBS, Scheduler, jobs_named


class Command(BaseCommand):
    help = "Run the scheduled jobs (all of them, or those named), until stopped."

    def add_arguments(self, parser):
        parser.add_argument(
            "--job",
            action="append",
            dest="names",
            metavar="NAME",
            help="Only this job (repeat for several); see --list.",
        )
        parser.add_argument(
            "--once", action="store_true", help="Run each job until it is idle, then exit."
        )
        parser.add_argument("--list", action="store_true", help="List the jobs and exit.")
        parser.add_argument(
            "--parent",
            type=int,
            metavar="PID",
            help="Exit once the process PID is no longer this one's parent (the embedded "
            "default's child).",
        )
        parser.add_argument(
            "--nice", type=int, default=0, help="Lower this process's priority by N (0-19)."
        )

    def handle(self, *args, names, once, list, parent, nice, **options):
        if list:
            for job in JOBS:
                where = "solves (CPU)" if job.solves else "light"
                self.stdout.write(f"{job.name:24} every {job.every:>5g} s  {where:12} {job.what}")
            return
        try:
            jobs = jobs_named(names) if names else JOBS
        except KeyError as error:
            raise CommandError(f"No such job: {error.args[0]} (see --list).") from None
        if nice:
            os.nice(nice)
        scheduler = Scheduler(jobs)
        if once:
            scheduler.run_until_idle()
            return
        stop = threading.Event()
        for number in (signal.SIGTERM, signal.SIGINT):
            signal.signal(number, lambda *_: sys.exit(0))

        def parent_alive() -> bool:
            return parent is None or os.getppid() == parent

        scheduler.run(stop, longest_wait=1.0 if parent else 60.0, keep_going=parent_alive)
