"""Reads a read replica may serve (``DATABASE_REPLICA_URL``, docs/CAPACITY.md section 3).

Explicit, not a router that guesses: a selector whose answer may lag the primary by the
replica's lag (a board, a player's statistics) is decorated with :func:`lagging`, and its queries
name :func:`read_alias` (``Model.objects.using(read_alias())``). Outside such a selector
:func:`read_alias` is the primary, so every other read — a service's, one under a lock, one a
write depends on — stays there whoever calls the shared helpers (``games.daily.order.board``,
``games.challenges.selectors.board``) it goes through. Inside one, the primary is still used:

- without the ``replica`` alias (the default: no ``DATABASE_REPLICA_URL``);
- inside a transaction on the primary (whatever runs in one reads what it wrote);
- for the rest of the read once :func:`primary_if_recent` saw the caller's own change younger than
  ``DATABASE_REPLICA_MAX_LAG`` seconds (read-your-writes: a board read right after one's own
  finish shows it);
- while the replica is failing: the read that met the failure runs again on the primary, and for
  :data:`PAUSE` seconds the process does not try the replica again. Each fallback is counted
  (``halfmoon_replica_fallbacks_total``) and the first of an outage logged as a warning.

Django's database routers would do this for every query of a model, reads under a lock and
reads in services included; the selectors name the alias instead so that what reads where is
visible where it is read.
"""

from __future__ import annotations

import datetime as dt
import functools
import logging
import time
from collections.abc import Callable
from contextvars import ContextVar
from typing import Any, ParamSpec, TypeVar

from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, connections
from django.db.models import QuerySet

from . import clock, metrics

logger = logging.getLogger(__name__)

PRIMARY = DEFAULT_DB_ALIAS
REPLICA = "replica"
#: Seconds a process reads the primary only, after the replica failed.
PAUSE = 5.0

P = ParamSpec("P")
R = TypeVar("R")

#: The alias of the :func:`lagging` read in progress; None outside one.
_alias: ContextVar[str | None] = ContextVar("halfmoon_read_alias", default=None)
_down_until = 0.0


def configured() -> bool:
    """Whether this deployment has a replica (the ``replica`` database alias)."""
    return REPLICA in connections.settings


def read_alias() -> str:
    """The alias the current read uses: the replica inside a :func:`lagging` selector that may
    use it, else the primary."""
    return _alias.get() or PRIMARY


def down() -> bool:
    return time.monotonic() < _down_until


def _may_use_replica() -> bool:
    return configured() and not down() and not connections[PRIMARY].in_atomic_block


def primary_if_recent(moment: dt.datetime | None) -> None:
    """Read-your-writes: when the caller's own change at ``moment`` is younger than the lag the
    replica is allowed (``DATABASE_REPLICA_MAX_LAG``), the rest of this read uses the primary."""
    if moment is None or _alias.get() != REPLICA:
        return
    if clock.now() - moment < dt.timedelta(seconds=settings.DATABASE_REPLICA_MAX_LAG):
        _alias.set(PRIMARY)


def primary_if_own_change_recent(moments: QuerySet[Any, dt.datetime]) -> None:
    """:func:`primary_if_recent` for the time of the caller's own last change that ``moments``
    (a ``values_list(…, flat=True)`` of the caller's own row) reads; read on the primary, and
    only when this read would otherwise use the replica."""
    if _alias.get() == REPLICA:
        primary_if_recent(moments.using(PRIMARY).first())


def primary() -> None:
    """The rest of this read uses the primary (a read of the caller's own data)."""
    if _alias.get() is not None:
        _alias.set(PRIMARY)


def _failed(error: BaseException) -> None:
    global _down_until
    if not down():
        logger.warning("The read replica is unavailable: %s; reading the primary", error)
    _down_until = time.monotonic() + PAUSE
    metrics.replica_fell_back()
    replica = connections[REPLICA]
    try:
        replica.close()
    except Exception:  # a broken connection may fail to close; it is dropped all the same
        replica.connection = None
    replica.errors_occurred = False


def lagging(func: Callable[P, R]) -> Callable[P, R]:
    """Mark a selector whose answer may lag the primary: its queries through
    :func:`read_alias` go to the replica (see the module's docstring for when they do not).
    Nested, the outermost decides."""

    @functools.wraps(func)
    def read(*args: P.args, **kwargs: P.kwargs) -> R:
        if _alias.get() is not None:  # within another lagging read: its choice holds
            return func(*args, **kwargs)
        token = _alias.set(REPLICA if _may_use_replica() else PRIMARY)
        try:
            try:
                return func(*args, **kwargs)
            except metrics.DATABASE_ERRORS as error:
                if _alias.get() != REPLICA or not connections[REPLICA].errors_occurred:
                    raise  # the primary's failure: the caller's usual handling
                _failed(error)
                _alias.set(PRIMARY)
                return func(*args, **kwargs)
        finally:
            _alias.reset(token)

    return read
