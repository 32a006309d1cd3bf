"""Django's PostgreSQL backend, which drops a kept connection whose server stopped taking
writes.

In a failover or a planned switchover the old primary turns read-only for a while (pg_auto_failover
drains it: ``default_transaction_read_only`` on, reloaded into every session) before it is
stopped and rejoins as a standby. A process that keeps connections (``DATABASE_CONN_MAX_AGE``)
would go on sending writes there: each fails (answered 503, nothing applied), and Django's
check after an error (``is_usable``: ``SELECT 1``) passes on a read-only server, so the
connection was kept and the next write failed the same way until the old primary stopped.
Here a connection that asked for a writable server (``target_session_attrs=read-write``, or no
target: the primary's URL) is also unusable once the server reports itself read-only or in
recovery; the next request connects again, and libpq finds the new primary.

While no server takes writes (the seconds of a switchover, or of a failover after the monitor
saw the primary gone), connecting again is tried for up to ``DATABASE_CONNECT_WAIT`` seconds
counted from the request's start (``games.core.deadline``; outside a request, from the wait's own),
and an attempt is not begun that would end past that (the serving processes set it within
nginx's 10 s for an answer; 0, for commands and tests, tries once): the request pauses
instead of failing. Nothing was sent, so nothing can have
been applied twice.

A process that has just waited in vain does not wait again for ``GAVE_UP_HOLD`` (1 s): the
requests queued behind the one that waited fail at once instead of each waiting in turn.

What the server reports costs no query: ``default_transaction_read_only`` and
``in_hot_standby`` are sent to every session whenever they change (PostgreSQL 14 and later).
"""

from __future__ import annotations

import math
import time
from typing import ClassVar

from django.conf import settings
from django.db import DEFAULT_DB_ALIAS
from django.db.backends.postgresql import base

from games.core.deadline import wait_deadline

#: Seconds between two connection attempts while no server takes writes.
RETRY_PAUSE = 0.5
#: Seconds after a connection of this process waited ``DATABASE_CONNECT_WAIT`` in vain during
#: which another one is not waited for (nor tried): it fails at once (503).
GAVE_UP_HOLD = 1.0


class DatabaseWrapper(base.DatabaseWrapper):
    #: A moment (``time.monotonic()``) past which connecting is not tried again, however long
    #: ``DATABASE_CONNECT_WAIT`` is: set by a caller with a time budget of its own (a transaction
    #: run again after a failover, :mod:`games.core.transactions`, ends within the request's).
    connect_deadline: float | None = None
    #: When a connection of this process (any thread's) last waited in vain for a writable
    #: server (``time.monotonic()``).
    gave_up_at: ClassVar[float] = -math.inf

    def get_new_connection(self, conn_params):
        # A replica's reads fall back to the primary at once instead (games.core.replica).
        wait = settings.DATABASE_CONNECT_WAIT if self.wants_primary() else 0
        if wait > 0 and time.monotonic() - DatabaseWrapper.gave_up_at < GAVE_UP_HOLD:
            # The requests queued behind the one that waited (a gunicorn worker serves one
            # at a time) are answered at once: each waiting in turn, the last would outlast
            # nginx's 10 s, and nginx would leave this host out of its pool.
            raise base.Database.OperationalError(
                "no database server takes writes (this process gave up waiting just now)"
            )
        deadline = wait_deadline(wait)
        if self.connect_deadline is not None:
            deadline = min(deadline, self.connect_deadline)
        while True:
            began = time.monotonic()
            try:
                return super().get_new_connection(conn_params)
            except base.Database.OperationalError:
                # Another attempt only if it can end by the deadline, judged by this one: a
                # refusal (a drained or stopped primary) takes milliseconds, a silent host
                # DATABASE_CONNECT_TIMEOUT, which would carry the request past its budget.
                took = time.monotonic() - began
                if time.monotonic() + RETRY_PAUSE + took >= deadline:
                    if wait > 0:
                        DatabaseWrapper.gave_up_at = time.monotonic()
                    raise
                time.sleep(RETRY_PAUSE)  # pacing between attempts, bounded by the deadline

    def is_usable(self) -> bool:
        if not super().is_usable():
            return False
        return not (self.wants_primary() and self.server_read_only())

    def wants_primary(self) -> bool:
        """Whether this connection must be to the primary: its URL asked for a writable
        server, or it is the default alias (a replica's ``prefer-standby``, ``read-only`` or
        ``standby`` is served by a standby on purpose)."""
        target = self.settings_dict.get("OPTIONS", {}).get("target_session_attrs")
        if target is not None:
            return target in ("read-write", "primary")
        return self.alias == DEFAULT_DB_ALIAS

    def server_read_only(self) -> bool:
        """Whether the server last reported itself read-only or a standby."""
        info = self.connection.info
        return "on" in (
            info.parameter_status("default_transaction_read_only"),
            info.parameter_status("in_hot_standby"),
        )
