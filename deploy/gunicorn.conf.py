"""gunicorn settings of the HTTP workers (``gunicorn -c deploy/gunicorn.conf.py
halfmoon_service.wsgi:application``); WebSockets are served by daphne. See docs/PERFORMANCE.md.

A move is CPU work around four short database round trips, so a few single-threaded workers
per core keep the cores busy while some wait on PostgreSQL. ``gthread`` workers (one thread
each by default) keep nginx's upstream connections alive between requests, which the plain
``sync`` worker cannot. Each worker keeps its database connection (``DATABASE_CONN_MAX_AGE``),
so PostgreSQL sees as many connections as there are workers.
"""

import os

from halfmoon_service import multiprocess
from halfmoon_service.logs import logging_config

bind = os.environ.get("GUNICORN_BIND", "0.0.0.0:8000")
workers = int(os.environ.get("WEB_CONCURRENCY", 2 * (os.cpu_count() or 1)))
worker_class = os.environ.get("GUNICORN_WORKER_CLASS", "gthread")
threads = int(os.environ.get("GUNICORN_THREADS", "1"))
keepalive = 75  # nginx keeps idle upstream connections open up to its keepalive_timeout
timeout = 30
graceful_timeout = 25
accesslog = None  # every request is logged by Django (halfmoon.requests, JSON)
# gunicorn's own lines (boot, worker restarts, timeouts) as JSON too, through the root handler.
logconfig_dict = logging_config(
    level="INFO", loggers={"gunicorn.error": {"level": "INFO", "propagate": True}}
)
raw_env = [
    f"DATABASE_CONN_MAX_AGE={os.environ.get('DATABASE_CONN_MAX_AGE', '300')}",
    # A session left inside a transaction by a worker that can no longer talk to PostgreSQL
    # (its host cut off) is ended after this many seconds, releasing its locks: within
    # nginx's 10 s for an answer, so a request waiting behind them elsewhere still answers.
    f"DATABASE_IDLE_TRANSACTION_TIMEOUT={os.environ.get('DATABASE_IDLE_TRANSACTION_TIMEOUT', '5')}",
    # A request waiting on a row lock is ended after this many seconds (503, nothing applied)
    # and its worker serves again: gthread's ``timeout`` never kills a worker stuck inside a
    # request (its main thread keeps telling the master it is alive).
    f"DATABASE_LOCK_TIMEOUT={os.environ.get('DATABASE_LOCK_TIMEOUT', '8')}",
    # While no database server takes writes (a failover or switchover), a new connection is
    # tried again for this many seconds before the request answers 503: a pause, not an error.
    # 6 s: a switchover on a loaded 2-core host once went past 4 s (docs/RELIABILITY.md §11);
    # with one more connection attempt to a silent host (DATABASE_CONNECT_TIMEOUT, 2 s) a
    # request still answers within nginx's 10 s.
    f"DATABASE_CONNECT_WAIT={os.environ.get('DATABASE_CONNECT_WAIT', '6')}",
]


# Metrics across the workers (PROMETHEUS_MULTIPROC_DIR, halfmoon_service.metrics): the master
# empties the directory before the first worker starts, and a worker that exits leaves the
# live gauges' sums (its counters stay, so totals never drop when a worker is replaced).
def on_starting(server):
    multiprocess.prepare()


def child_exit(server, worker):
    multiprocess.process_exited(worker.pid)
