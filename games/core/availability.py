"""Whether an error means the database cannot serve right now (answered 503 with
``Retry-After``, the request applied nowhere) rather than a fault of the service (a 500).

Unavailable: the server cannot be reached or the connection broke (``OperationalError``,
``InterfaceError``: refused, reset, a silent host given up on, the server shutting down), and
two states a failover leaves a session in, which psycopg reports as ``InternalError``: the server
turned read-only under a kept connection (a primary being demoted or drained, SQLSTATE 25006),
and a session the server ended for idling inside its transaction (25P03, when its host was cut
off). Any other ``InternalError`` is a fault, and stays a 500.
"""

from __future__ import annotations

from django.db.utils import InterfaceError, InternalError, OperationalError

#: Seconds a client is asked to wait before trying again.
RETRY_AFTER = 5

#: What ``except`` clauses catch; :func:`database_unavailable` says which of them count.
DATABASE_ERRORS = (OperationalError, InterfaceError, InternalError)

#: SQLSTATEs of ``InternalError`` that a failover causes (read-only transaction, idle in
#: transaction session timeout).
READ_ONLY = "25006"
_FAILOVER_STATES = {READ_ONLY, "25P03"}


def database_unavailable(error: BaseException) -> bool:
    if isinstance(error, (OperationalError, InterfaceError)):
        return True
    if isinstance(error, InternalError):
        return _sqlstate(error) in _FAILOVER_STATES
    return False


def read_only(error: BaseException) -> bool:
    """Whether the server refused a write because it is read-only (a primary being demoted, or
    a standby): the transaction began read-only, so it wrote nothing."""
    return isinstance(error, InternalError) and _sqlstate(error) == READ_ONLY


def _sqlstate(error: BaseException) -> str | None:
    return getattr(error.__cause__, "sqlstate", None)
