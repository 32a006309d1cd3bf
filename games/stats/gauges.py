"""Figures of the whole service, read when Prometheus scrapes (:mod:`halfmoon_service.metrics`):
races not yet ended by status, players waiting for a quick match, the winnable pool's size, and
the standbys streaming from the primary with their lag (PostgreSQL).

Three cheap queries on small sets: the unfinished races (the ``race_due`` index starts with the
status; finished and cancelled races, the table's history, are never counted), the queue and
the pool (both a few hundred rows at most).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import connection
from django.db.models import Count

from games.deals import selectors as deals
from games.races.models import QueueEntry, Race


@dataclass(frozen=True)
class ServiceFigures:
    #: Every unfinished status (open, countdown, running), 0 when none is.
    races: dict[str, int]
    queue_length: int
    pool_size: int
    #: Standbys streaming from the primary, and the largest replay lag among them in seconds
    #: (0 on SQLite, which has no replication).
    standbys: int = 0
    replication_lag: float = 0.0
    #: The database hosts ``DATABASE_URL`` names (libpq's list): a failover needs all but the
    #: primary streaming from it.
    database_hosts: int = 1


def service_figures() -> ServiceFigures:
    counted = (
        Race.objects.filter(status__in=Race.UNFINISHED)
        .order_by()  # no Meta.ordering in the GROUP BY
        .values_list("status")
        .annotate(count=Count("pk"))
    )
    races = {str(status): 0 for status in Race.UNFINISHED}
    races.update({status: count for status, count in counted})
    standbys, lag = replication()
    return ServiceFigures(
        races=races,
        queue_length=QueueEntry.objects.count(),
        pool_size=deals.pool_size(),
        standbys=standbys,
        replication_lag=lag,
        database_hosts=len(str(connection.settings_dict.get("HOST") or "").split(",")),
    )


def replication() -> tuple[int, float]:
    """(standbys streaming, their largest replay lag in seconds) as the primary sees them;
    ``replay_lag`` is shown to superusers and members of ``pg_monitor`` only (docs/OPERATIONS.md:
    the service's role is granted it), else read as 0."""
    if connection.vendor != "postgresql":
        return 0, 0.0
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*), COALESCE(max(EXTRACT(EPOCH FROM replay_lag)), 0)::float8"
            " FROM pg_stat_replication WHERE state = 'streaming'"
        )
        count, lag = cursor.fetchone()
    return count, lag
