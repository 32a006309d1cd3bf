"""Expected query counts, and counting SQL statements in every thread as
``django_assert_num_queries`` counts them in one (issue 24: ``tests/perf/test_query_counts.py``,
``tests/perf/test_socket_query_counts.py``).

Counts are what Django logs on a connection: every ``execute``, and ``BEGIN``, ``COMMIT``,
savepoints. An expected count is a number, or:

* :class:`Vendor`, for a documented backend difference — a game change writes the game and
  its log entry in one statement on PostgreSQL (a CTE), two on SQLite (``CHANGE_QUERIES`` of
  ``tests/perf/test_hot_path_sql.py``); quick match takes an advisory lock on PostgreSQL only;
* :class:`Grows`, for a count that grows with the items: an N+1 of today's code, kept visible
  (and reported) until it is fixed.

pytest-django's ``django_assert_num_queries`` (Django's ``CaptureQueriesContext``) reads the
``queries_log`` of the test thread's connection. A socket's database work runs elsewhere: on
Channels' thread pool (``database_sync_to_async(thread_sensitive=False)``, each call with its own
connection, opened and closed around the call) and on the one shared sync thread (the
handshake's player lookup). :func:`all_threads` sees those too: while it is installed, every
connection of every thread logs its statements (``queries_logged`` is true for all of them, as
under ``DEBUG``) and :class:`AllThreads` collects each one Django logs on ``django.db.backends``
— the very statements ``queries_log`` records, ``BEGIN``/``COMMIT`` included (which an
``execute_wrapper`` would not see).
"""

from __future__ import annotations

import logging
import threading
from contextlib import contextmanager
from dataclasses import dataclass, field

from django.db import connection
from django.db.backends.base.base import BaseDatabaseWrapper

LOGGER = "django.db.backends"
#: A token's last use written back, at most once a minute.
TOUCH = "UPDATE games_devicetoken SET last_used_at"


# -- expected counts ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Vendor:
    """A count that differs by backend, for a documented reason."""

    sqlite: int
    postgresql: int

    def __int__(self) -> int:
        return self.postgresql if connection.vendor == "postgresql" else self.sqlite


@dataclass(frozen=True)
class Grows:
    """``base`` plus ``per_item`` queries for each item: an N+1 of today's code. Fix the code,
    then make the count a plain number."""

    base: int | Vendor
    per_item: int


Expected = int | Vendor | Grows


def expected(queries: Expected, size: int) -> int:
    """The count ``queries`` expects of a call with ``size`` items."""
    if isinstance(queries, Grows):
        return int(queries.base) + queries.per_item * size
    return int(queries)


# -- counting in every thread ------------------------------------------------------------------
@dataclass
class Window:
    """The statements of one window: ``(thread name, sql)`` in the order they ran."""

    statements: list[tuple[str, str]] = field(default_factory=list)

    @property
    def count(self) -> int:
        return len(self.statements)

    def touched(self) -> list[str]:
        """A token's last use written back (once a minute: ``TOUCH_TOKEN`` of
        ``games.players.services``), which a count should not depend on."""
        return [sql for _, sql in self.statements if sql.startswith(TOUCH)]

    def describe(self) -> str:
        return "\n".join(f"  [{thread}] {sql}" for thread, sql in self.statements)


class AllThreads(logging.Handler):
    """Collects the statements of every thread's connections into the open :class:`Window`."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.guard = threading.Lock()
        self.current: Window | None = None

    def emit(self, record: logging.LogRecord) -> None:
        sql = getattr(record, "sql", None)
        if sql is None:
            return
        with self.guard:
            if self.current is not None:
                self.current.statements.append((record.threadName, str(sql)))

    @contextmanager
    def window(self):
        """The statements run, in any thread, inside the ``with`` block."""
        opened = Window()
        with self.guard:
            assert self.current is None, "windows do not nest"
            self.current = opened
        try:
            yield opened
        finally:
            with self.guard:
                self.current = None
        self.still_listening()

    def still_listening(self) -> None:
        """Fail rather than undercount: Django set up again (``django.setup()`` configures
        logging anew, dropping this handler and the logger's level) would log nothing here."""
        logger = logging.getLogger(LOGGER)
        assert self in logger.handlers and logger.isEnabledFor(logging.DEBUG), (
            f"{LOGGER} was reconfigured while its statements were counted"
        )


@contextmanager
def all_threads(monkeypatch):
    """An :class:`AllThreads` installed for the ``with`` block: every connection logs its
    statements meanwhile (restored by ``monkeypatch`` after the test).

    The ASGI application is imported first: its import sets Django up again
    (``get_asgi_application``), which configures logging anew and would drop the handler.
    """
    import halfmoon_service.asgi  # noqa: F401

    monkeypatch.setattr(BaseDatabaseWrapper, "queries_logged", property(lambda self: True))
    logger = logging.getLogger(LOGGER)
    handler = AllThreads()
    level, propagate = logger.level, logger.propagate
    logger.setLevel(logging.DEBUG)
    logger.propagate = False  # the statements are counted here, not printed by other handlers
    logger.addHandler(handler)
    try:
        yield handler
    finally:
        logger.removeHandler(handler)
        logger.setLevel(level)
        logger.propagate = propagate
