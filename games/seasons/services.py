"""Every change of seasons: rebuilding an open season's board, and closing a season.

One transaction each, under the season row's lock (``FOR UPDATE``), so two schedulers (or a
read and the worker) never rebuild one season at once. What a board is built from is read
first — the season's dates whose day has closed, and the disqualified ranked games of its
dates — and stored with it; a day closing meanwhile is simply not among those dates, so the
next step finds the count changed and rebuilds again (a day is counted whole or not at all,
never twice). Closing first closes every day of the season (``ensure_closed``, which waits
for a day being closed at that moment), then rebuilds once more and sets ``closed_at``: from
then on nothing changes the board (idempotent: closing again does nothing). After commit the
live board hears of it (``season_changed``).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.db import transaction
from django.db.models import Count, Sum

from games.core import clock
from games.core.signals import season_changed
from games.daily.models import DailyBoard
from games.daily.services import ensure_closed
from games.play.models import Game

from . import keys, points
from .events import season_closing
from .keys import Span
from .models import Season

#: How many entries the live board's frame carries.
LIVE_TOP = 10


@dataclass(frozen=True)
class Sources:
    """What a season's board is built from, read before it is built."""

    dates: list[dt.date]
    disqualified: int
    disqualified_sum: int

    def same_as(self, season: Season) -> bool:
        return (len(self.dates), self.disqualified, self.disqualified_sum) == (
            season.days_counted,
            season.disqualified,
            season.disqualified_sum,
        )


def season_of(span: Span) -> Season:
    season, _ = Season.objects.get_or_create(
        key=span.key,
        defaults={"kind": span.kind, "starts_on": span.starts_on, "ends_on": span.ends_on},
    )
    return season


def sources(span: Span) -> Sources:
    dates = list(
        DailyBoard.objects.filter(
            date__range=(span.starts_on, span.ends_on), closed_at__isnull=False
        )
        .order_by("date")
        .values_list("date", flat=True)
    )
    dq = Game.objects.filter(
        daily_date__range=(span.starts_on, span.ends_on),
        ranked=True,
        disqualified_at__isnull=False,
    ).aggregate(n=Count("id"), s=Sum("id"))
    return Sources(dates, dq["n"] or 0, dq["s"] or 0)


def refresh(span: Span) -> bool:
    """Rebuild an open season's board when what it is built from changed: whether it did."""
    season = season_of(span)
    if season.closed_at is not None:
        return False
    with transaction.atomic():
        season = Season.objects.select_for_update().get(key=span.key)
        if season.closed_at is not None:
            return False
        found = sources(span)
        if found.same_as(season) and season.computed_at is not None:
            return False
        _rebuild(season, found)
    transaction.on_commit(lambda: _published(season), robust=True)
    return True


def close(span: Span) -> bool:
    """Close a season whose last day is over: its final board. Whether this call closed it
    (False when it was already closed, or is not over yet)."""
    if span.ends_on >= clock.today():
        return False
    season = season_of(span)
    if season.closed_at is not None:
        return False
    for date in span.dates():
        ensure_closed(date)
    with transaction.atomic():
        season = Season.objects.select_for_update().get(key=span.key)
        if season.closed_at is not None:
            return False
        _rebuild(season, sources(span))
        season.closed_at = clock.now()
        season.save(update_fields=["closed_at"])
        season_closing.send(season)  # the webhooks of season.closed
    transaction.on_commit(lambda: _published(season), robust=True)
    return True


def _rebuild(season: Season, found: Sources) -> None:
    season.total = points.rebuild(season.key, found.dates)
    season.days_counted = len(found.dates)
    season.disqualified = found.disqualified
    season.disqualified_sum = found.disqualified_sum
    season.computed_at = clock.now()
    season.save()


def _published(season: Season) -> None:
    from .selectors import top  # the board as a reader sees it

    season_changed.send(
        sender=__name__,
        season=season.key,
        closed=season.closed_at is not None,
        total=season.total,
        top=top(season, LIVE_TOP),
    )


def due() -> list[Span]:
    """The seasons a step should look at: every open season, and the week and month of each
    day closed in the last 40 days (so a season gets its row when its first day closes)."""
    recent = clock.today() - dt.timedelta(days=40)
    spans = {
        s.key: keys.parse(s.key) for s in Season.objects.filter(closed_at__isnull=True).only("key")
    }
    boards = DailyBoard.objects.filter(closed_at__isnull=False, date__gte=recent)
    for date in boards.values_list("date", flat=True):
        for span in keys.spans_of(date):
            spans.setdefault(span.key, span)
    return sorted(spans.values(), key=lambda s: (s.starts_on, s.kind))


def step() -> str:
    """One bounded step of the ``seasons`` job: close the first season that is over, else
    rebuild the first open one whose days changed. What it did ("" for nothing)."""
    for span in due():
        if Season.objects.filter(key=span.key, closed_at__isnull=False).exists():
            continue
        if span.ends_on < clock.today():
            if close(span):
                return f"season {span.key} closed"
        elif refresh(span):
            return f"season {span.key} rebuilt"
    return ""
