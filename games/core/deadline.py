"""One budget per request for waiting on the database, counted from the request's start.

While no database server takes writes (a failover, a switchover), a serving process waits up
to ``DATABASE_CONNECT_WAIT`` seconds for one instead of failing
(``halfmoon_service.postgresql``), and a transaction the database failed under runs again
within the same seconds (:mod:`games.core.transactions`). When each wait counted from its own
start, a request that first spent 3 s finding its kept connection's host silent
(``DATABASE_TCP_TIMEOUT``) then waited a whole budget more, and could outlast nginx's 10 s for
an answer (a 504, its host left out of nginx's pool). Counted from the request's start, the
budget bounds the whole request: it can be long enough for a switchover on a loaded host
(whose refusals are quick) without a request that met a silent host running past nginx.

``halfmoon_service.postgresql.deadline.RequestDeadlineMiddleware`` sets it for each HTTP
request. Outside a request (socket consumers, jobs, commands) there is none: each wait counts
from its own start.
"""

from __future__ import annotations

import time
from contextvars import ContextVar

#: The moment (``time.monotonic()``) past which the current request does not wait for the
#: database; None outside a request.
request_deadline: ContextVar[float | None] = ContextVar("database_request_deadline", default=None)


def wait_deadline(wait: float) -> float:
    """When a wait for a writable server that starts now ends: ``wait`` seconds from now,
    and never past the current request's deadline."""
    deadline = time.monotonic() + wait
    limit = request_deadline.get()
    return deadline if limit is None else min(deadline, limit)
