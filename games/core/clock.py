"""The service's clock: "now" and today's UTC date, in one place so tests can move time.

Tests monkeypatch :func:`now` (``monkeypatch.setattr(clock, "now", ...)``) instead of sleeping;
everything that stamps a game or decides which day it is asks here.
"""

from __future__ import annotations

import datetime as dt
from typing import overload

from django.utils import timezone


def now() -> dt.datetime:
    """The current moment, timezone-aware (UTC)."""
    return timezone.now()


def today() -> dt.date:
    """Today's UTC date: the date of the current daily deal."""
    return now().astimezone(dt.UTC).date()


def day_start(date: dt.date) -> dt.datetime:
    """Midnight UTC at the start of ``date``."""
    return dt.datetime.combine(date, dt.time.min, tzinfo=dt.UTC)


def day_end(date: dt.date) -> dt.datetime:
    """Midnight UTC at the end of ``date``: when its daily deal closes."""
    return day_start(date + dt.timedelta(days=1))


@overload
def iso(moment: dt.datetime) -> str: ...
@overload
def iso(moment: None) -> None: ...
def iso(moment: dt.datetime | None) -> str | None:
    """A moment as the API writes it: ISO 8601 in UTC with a ``Z``; None stays None."""
    return moment.isoformat().replace("+00:00", "Z") if moment else None
