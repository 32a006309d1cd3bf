"""Figures of the whole service, read when Prometheus scrapes (:mod:`halfmoon_service.metrics`):
races not yet ended by status, players waiting for a quick match, the winnable pool's size.

Three cheap queries on small sets: the unfinished races (the ``race_due`` index starts with the
status; finished and cancelled races, the table's history, are never counted), the queue and
the pool (both a few hundred rows at most).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count

from games.deals import selectors as deals
from games.races.models import QueueEntry, Race


@dataclass(frozen=True)
class ServiceFigures:
    #: Every unfinished status (open, countdown, running), 0 when none is.
    races: dict[str, int]
    queue_length: int
    pool_size: int


def service_figures() -> ServiceFigures:
    counted = (
        Race.objects.filter(status__in=Race.UNFINISHED)
        .order_by()  # no Meta.ordering in the GROUP BY
        .values_list("status")
        .annotate(count=Count("pk"))
    )
    races = {str(status): 0 for status in Race.UNFINISHED}
    races.update({status: count for status, count in counted})
    return ServiceFigures(
        races=races, queue_length=QueueEntry.objects.count(), pool_size=deals.pool_size()
    )
