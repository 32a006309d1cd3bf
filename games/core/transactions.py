"""A service's one transaction, run again when the database failed over under it — only where
that cannot apply a change twice.

In a failover or a planned switchover, PostgreSQL's old primary stops (its sessions are ended
with it) or turns read-only, and the new primary takes writes a few seconds later. A
transaction under way then fails. :func:`retried` runs a service's body in one transaction
(it replaces ``with transaction.atomic():``) and, in the serving processes, runs it again on
a new connection — which waits for a writable server (``DATABASE_CONNECT_WAIT``,
:mod:`halfmoon_service.postgresql`) — when it is known to have applied nothing:

* the body failed (a statement, or the connection, before ``COMMIT`` was sent): the server
  rolled the transaction back, or will when it sees the session gone;
* the server refused a write as read-only (SQLSTATE 25006): the transaction started
  read-only, so it wrote nothing, wherever the refusal came.

When ``COMMIT`` itself failed (the connection was cut while the server committed, or the
answer was lost), the transaction may be stored or not: the classic trap, where running it
again would apply it twice. Then, on a new connection, the service's ``landed`` check (given
the first run's result) says whether it is stored: if so, that result is the answer (and the
after-commit callbacks the body registered run now); if not, the body runs again. A check
locks what the change wrote (a game row), so a commit still under way on the server is
waited for. A service without a check answers 503 for that case (nothing is run again, the
client is told the outcome is unknown), unless its write is ``idempotent`` (running it again
changes nothing more).

The whole of it — the first run, waiting for a writable server, the runs after — ends
``DATABASE_CONNECT_WAIT`` seconds after the first run began, and never past the request's own
budget (:mod:`games.core.deadline`; 6 s in the serving processes; a
new connection is not waited for past that moment either), so that a request still answers
within nginx's 10 s: a transaction cut by a host gone silent (found out only after
``DATABASE_TCP_TIMEOUT``, 3 s) is a 503 rather than a request nginx gives up on, which would
leave that host out of its pool. With 0 (commands, tests) and on SQLite (one machine:
nothing fails over) the body runs once, as plain ``atomic`` does.
Inside a caller's transaction the body runs as a savepoint and the caller's own retry, if
any, decides. Each retry counts in ``halfmoon_transaction_retries``.

Hand-written: the retry libraries (tenacity and its kind) retry a call on an exception; none
knows which failures of a transaction are safe to run again, which is all this module is.
"""

from __future__ import annotations

import contextlib
import functools
import logging
import time
from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any, ParamSpec, TypeVar, cast

from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, connections, transaction
from django.db.backends.base.base import BaseDatabaseWrapper

from . import metrics
from .availability import DATABASE_ERRORS, database_unavailable, read_only
from .deadline import wait_deadline

logger = logging.getLogger(__name__)

P = ParamSpec("P")
T = TypeVar("T")

#: Seconds between two runs after a failure that is not the connection's (a read-only server:
#: the new connection is made at once, and may find the same server still read-only).
PAUSE = 0.2


class _Unknown:
    """A run whose ``COMMIT`` failed: its result and the callbacks it left for after commit."""

    def __init__(self, result: Any, callbacks: list[Callable[[], Any]]):
        self.result, self.callbacks = result, callbacks


def retried(
    *,
    landed: Callable[[Any], bool] | None = None,
    idempotent: bool = False,
    statement: bool = False,
    using: str = DEFAULT_DB_ALIAS,
) -> Callable[[Callable[P, T]], Callable[P, T]]:
    """The decorated service's body runs in one transaction, and again after a failover where
    that is safe.

    ``landed(result)`` (run in a transaction of its own after the ``COMMIT`` of the run that
    returned ``result`` failed) says whether that run is stored; ``idempotent``: running the
    body again is harmless even if its first run was stored. ``statement``: the body is one
    statement, a transaction of its own in autocommit, so no ``BEGIN``/``COMMIT`` is sent
    around it (a token's last use: two round trips saved on a request's path); cut under it,
    its outcome is unknown (no result to check): run again only when ``idempotent`` or after a
    read-only refusal, else answered 503.
    """

    def decorate(body: Callable[P, T]) -> Callable[P, T]:
        @functools.wraps(body)
        def run(*args: P.args, **kwargs: P.kwargs) -> T:
            connection = connections[using]
            wait = settings.DATABASE_CONNECT_WAIT
            if connection.in_atomic_block or wait <= 0 or connection.vendor != "postgresql":
                with _transaction(using, statement):
                    return body(*args, **kwargs)
            call = functools.partial(body, *args, **kwargs)
            return _run(call, wait, landed, idempotent, statement, using)

        return run

    return decorate


def _run(
    body: Callable[[], T],
    wait: float,
    landed: Callable[[Any], bool] | None,
    idempotent: bool,
    statement: bool,
    using: str,
) -> T:
    connection = connections[using]
    deadline = wait_deadline(wait)
    unknown: _Unknown | None = None
    try:
        while True:
            outcome = _attempt(body, landed, idempotent, statement, using, unknown, deadline)
            if not isinstance(outcome, _Again):
                return outcome
            unknown = outcome.unknown
            # The next run's connection, waited for until the deadline and not past it; none
            # made by then, the request is answered (503) rather than run again.
            connection.connect_deadline = deadline  # type: ignore[attr-defined]
            try:
                connection.ensure_connection()
            except DATABASE_ERRORS:
                metrics.transaction_retried("gave_up")
                raise
    finally:
        connection.connect_deadline = None  # type: ignore[attr-defined]


class _Again:
    """Run again (with the run whose ``COMMIT`` lost its answer, if that is why)."""

    def __init__(self, unknown: _Unknown | None):
        self.unknown = unknown


def _attempt(
    body: Callable[[], T],
    landed: Callable[[Any], bool] | None,
    idempotent: bool,
    statement: bool,
    using: str,
    unknown: _Unknown | None,
    deadline: float,
) -> T | _Again:
    """One run (after the check of a run whose ``COMMIT`` lost its answer, if there is one):
    its result, or :class:`_Again`; raises what is to be answered."""
    connection = connections[using]
    committing = False
    result: Any = None
    callbacks: list[Callable[[], Any]] = []
    try:
        if unknown is not None:
            with transaction.atomic(using=using):
                stored = landed is not None and landed(unknown.result)
            logger.warning(
                "The transaction whose commit lost its answer is %s",
                "stored: its first outcome is the answer" if stored else "not stored",
            )
            if stored:
                metrics.transaction_retried("stored")
                _run_callbacks(unknown.callbacks)
                return cast(T, unknown.result)
            unknown = None  # not stored: run again
        with _transaction(using, statement):
            result = body()
            callbacks = [entry[1] for entry in connection.run_on_commit]
            committing = True
        return cast(T, result)
    except DATABASE_ERRORS as error:
        if not database_unavailable(error):
            raise
        # A statement alone is its own commit: cut under it, it may be stored or not.
        at_commit = (committing or statement) and not read_only(error)
        if time.monotonic() >= deadline or (at_commit and landed is None and not idempotent):
            metrics.transaction_retried("gave_up")
            raise
        if at_commit and landed is not None and not statement:
            unknown = _Unknown(result, callbacks)
        logger.warning(
            "The database failed %s; running the transaction again: %s",
            "at its commit" if at_commit else "before its commit",
            error,
        )
        metrics.transaction_retried("again")
        _drop(connection)
        if read_only(error):
            time.sleep(PAUSE)  # pacing between runs, bounded by the deadline
        return _Again(unknown)


def _transaction(using: str, statement: bool) -> AbstractContextManager[Any]:
    """The body's transaction: ``atomic``, or none for a single statement outside any."""
    if statement and not connections[using].in_atomic_block:
        return contextlib.nullcontext()
    return transaction.atomic(using=using)


def connected_again(error: BaseException, using: str = DEFAULT_DB_ALIAS) -> bool:
    """After a read failed outside any transaction (a GET's queries, in autocommit): whether it
    may run again now. True when the failure is the database going away (a failover, a
    switchover's shutdown cutting the kept connection), this is a serving process that waits
    for the database (``DATABASE_CONNECT_WAIT``), and a new connection was made within that
    wait. A read changes nothing, so running it again is always safe; the caller runs it once
    more at most."""
    connection = connections[using]
    wait = settings.DATABASE_CONNECT_WAIT
    if (
        wait <= 0
        or connection.vendor != "postgresql"
        or connection.in_atomic_block
        or not database_unavailable(error)
    ):
        return False
    logger.warning("The database failed under a read; reading again: %s", error)
    _drop(connection)
    connection.connect_deadline = wait_deadline(wait)  # type: ignore[attr-defined]
    try:
        connection.ensure_connection()
    except DATABASE_ERRORS:
        metrics.transaction_retried("gave_up")
        return False
    finally:
        connection.connect_deadline = None  # type: ignore[attr-defined]
    metrics.transaction_retried("again")
    return True


def _drop(connection: BaseDatabaseWrapper) -> None:
    """The broken (or read-only) connection closed: the next run connects again, and libpq
    finds the primary."""
    try:
        connection.close()
    except DATABASE_ERRORS:
        connection.connection = None


def _run_callbacks(callbacks: list[Callable[[], Any]]) -> None:
    """The after-commit callbacks of a run found stored, run now (each failure logged, as
    ``on_commit(robust=True)`` does)."""
    for callback in callbacks:
        try:
            callback()
        except Exception:
            logger.exception("An after-commit callback of a stored transaction failed")
