"""The scheduled jobs (games/management/jobs.py): declared once for compose's worker and the
embedded default, bounded steps, and one job at a time across schedulers on one database
(PostgreSQL's advisory locks when DATABASE_URL is set, else a flock beside the SQLite file).

The real processes (``python -m halfmoon_service.serve`` running them) are in
``test_background_jobs.py``."""

from __future__ import annotations

import datetime as dt
import re
import shutil
import subprocess
import sys
import threading
from pathlib import Path
from types import SimpleNamespace

import pytest
from django.core.management import call_command, get_commands
from django.core.management.base import CommandError
from django.db import connection, connections

from games.core import clock
from games.daily.choice import stored_code
from games.deals.selectors import pool_size
from games.management import jobs
from games.management.jobs import JOBS, Job, Ran, Scheduler, job_lock
from halfmoon_service import background
from tests.support.waiting import join_all, wait_until

REPO = Path(__file__).resolve().parents[2]
#: Commands staff run by hand (or that run the others); every other command of the games app
#: is a scheduled job.
BY_HAND = {"solve_deals", "verify_games", "run_jobs", "detach_log_partition"}


@pytest.fixture
def lock_files():
    """The SQLite lock files a test makes, removed after it (PostgreSQL's locks leave none)."""
    yield
    if connection.vendor == "sqlite":
        shutil.rmtree(jobs.lock_path("x").parent, ignore_errors=True)


def in_thread(target, name: str) -> threading.Thread:
    """``target`` on a thread of its own (its own database connection, closed at its end)."""

    def run():
        try:
            target()
        finally:
            connections.close_all()

    thread = threading.Thread(target=run, name=name, daemon=True)
    thread.start()
    return thread


# -- one job at a time -------------------------------------------------------------------------
def test_two_schedulers_on_one_database_never_run_a_job_at_once(transactional_db, lock_files):
    inside, entries, guard = [], [], threading.Lock()
    entered, release = threading.Event(), threading.Event()

    def step() -> Ran:
        with guard:
            inside.append(threading.current_thread().name)
            entries.append(len(inside))  # how many were inside, this one included
        entered.set()
        try:
            assert release.wait(15), "the test never released the first step"
        finally:
            with guard:
                inside.remove(threading.current_thread().name)
        return Ran()

    job = Job("test_exclusive", step, every=0.01)
    first, second = Scheduler([job]), Scheduler([job])
    holder = in_thread(first.run_due, "first")
    assert entered.wait(15), "the first scheduler never ran its step"
    entered.clear()
    # The second tries while the first is inside: it skips the job, without waiting.
    second.run_due()
    assert (second.steps[job.name], second.skipped[job.name]) == (0, 1)
    release.set()
    join_all([holder], 15, "the first scheduler's step never ended")
    # Released: the second runs it at its next turn.
    wait_until(
        lambda: second.run_due() is not None and second.steps[job.name] == 1,
        15,
        "the second scheduler never ran the job once the first let it go",
    )
    assert entries == [1, 1] and first.steps[job.name] == 1


def test_many_schedulers_running_one_job_over_and_over_never_overlap(transactional_db, lock_files):
    """Eight schedulers, each on its own thread and connection, all after one job: every entry
    finds nobody else inside."""
    inside, entries, guard = [0], [], threading.Lock()

    def step() -> Ran:
        with guard:
            inside[0] += 1
            entries.append(inside[0])
        with connection.cursor() as cursor:  # some real database work while inside
            cursor.execute("SELECT 1")
        with guard:
            inside[0] -= 1
        return Ran()

    job = Job("test_busy", step, every=0.0)
    schedulers = [Scheduler([job]) for _ in range(8)]

    def run(scheduler):
        for _ in range(40):
            scheduler.run_due()

    threads = [in_thread(lambda s=s: run(s), f"scheduler-{i}") for i, s in enumerate(schedulers)]
    join_all(threads, 60, "the schedulers did not finish")
    assert entries and set(entries) == {1}
    assert sum(s.steps[job.name] for s in schedulers) == len(entries)


def test_a_lock_is_free_again_after_its_holder_let_go_or_failed(transactional_db, lock_files):
    def fails() -> Ran:
        raise RuntimeError("boom")

    failing = Job("test_failing", fails, every=3600)
    scheduler = Scheduler([failing])
    assert scheduler.run_due() <= jobs.RETRY_AFTER_FAILURE  # logged, tried again soon
    seen = []

    def try_it():
        with job_lock("test_failing") as held:
            seen.append(held)

    with job_lock("test_failing") as held:
        assert held  # the failed step let it go
        join_all([in_thread(try_it, "other")], 15, "the other thread never tried the lock")
    join_all([in_thread(try_it, "later")], 15, "the later thread never tried the lock")
    assert seen == [False, True]  # refused while held here, free once let go


# -- the jobs ----------------------------------------------------------------------------------
def test_every_scheduled_command_is_a_job_and_every_job_a_command():
    commands = {name for name, app in get_commands().items() if app == "games"}
    assert {job.name for job in JOBS} == commands - BY_HAND
    assert len({job.name for job in JOBS}) == len(JOBS)
    solving = {job.name for job in JOBS if job.solves}
    assert solving == {"fill_winnable_pool", "prepare_daily", "review_fair_play"}


def test_the_pool_grows_by_one_deal_a_step_until_its_target(db, settings, lock_files):
    settings.HALFMOON_WINNABLE_POOL_TARGET = 3
    settings.HALFMOON_SOLVE_BUDGET = 200_000
    assert jobs.fill_winnable_pool() == Ran(more=True) and pool_size() == 1
    Scheduler(jobs.jobs_named(["fill_winnable_pool"])).run_until_idle()
    assert pool_size() == 3
    assert jobs.fill_winnable_pool() == Ran(more=False)


def test_the_coming_days_are_chosen_one_a_step(db, lock_files):
    today = clock.today()
    days = [today + dt.timedelta(days=offset) for offset in range(jobs.DAYS_AHEAD)]
    first = jobs.prepare_daily()
    assert first.more and first.note.startswith(f"daily deal of {today}: HM1-")
    assert [stored_code(day) is not None for day in days] == [True] + [False] * 6
    Scheduler(jobs.jobs_named(["prepare_daily"])).run_until_idle()
    assert all(stored_code(day) is not None for day in days)
    assert jobs.prepare_daily() == Ran()


def test_run_jobs_once_runs_every_job_until_idle(db, settings, lock_files, capsys):
    settings.HALFMOON_WINNABLE_POOL_TARGET = 2
    settings.HALFMOON_SOLVE_BUDGET = 200_000
    call_command("run_jobs", "--once")
    assert pool_size() == 2
    assert stored_code(clock.today() + dt.timedelta(days=6)) is not None


def test_run_jobs_lists_the_jobs_and_refuses_an_unknown_one(capsys):
    call_command("run_jobs", "--list")
    listed = capsys.readouterr().out
    assert [line.split()[0] for line in listed.splitlines()] == [job.name for job in JOBS]
    with pytest.raises(CommandError, match="No such job: nope"):
        call_command("run_jobs", "--job", "nope")


# -- where they run ----------------------------------------------------------------------------
def test_compose_runs_the_jobs_in_its_worker_and_nowhere_else():
    compose = (REPO / "docker-compose.yml").read_text()
    services = dict(re.findall(r"^  (\w+):\n((?:    .*\n|\n)*)", compose, re.M))
    assert 'command: ["python", "manage.py", "run_jobs"]' in services["worker"]
    assert "REDIS_URL" in services["worker"]  # settled races reach the replicas' sockets
    for name, body in services.items():
        if name != "worker":
            assert "run_jobs" not in body and "HALFMOON_BACKGROUND_JOBS" not in body, name
            # The replicas are on PostgreSQL: "auto" runs no jobs there.
            assert "sqlite" not in body, name


@pytest.mark.parametrize(
    ("mode", "on_sqlite", "on_postgres"),
    [("auto", True, False), ("on", True, True), ("off", False, False)],
)
def test_the_server_runs_them_on_sqlite_unless_told(
    settings, monkeypatch, mode, on_sqlite, on_postgres
):
    settings.HALFMOON_BACKGROUND_JOBS = mode
    for vendor, expected in (("sqlite", on_sqlite), ("postgresql", on_postgres)):
        monkeypatch.setattr(background, "connection", SimpleNamespace(vendor=vendor))
        assert background.wanted() is expected, (mode, vendor)


def test_a_misspelt_mode_stops_the_process():
    result = subprocess.run(
        [sys.executable, "-c", "import django; django.setup()"],
        cwd=REPO,
        capture_output=True,
        text=True,
        env={
            "PATH": "/usr/bin:/bin",
            "DJANGO_SETTINGS_MODULE": "halfmoon_service.settings",
            "HALFMOON_BACKGROUND_JOBS": "sometimes",
        },
    )
    assert result.returncode != 0
    assert "HALFMOON_BACKGROUND_JOBS='sometimes': use auto, on or off." in result.stderr
