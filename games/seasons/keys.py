"""Season keys: ``YYYY-Www`` (an ISO week, Monday to Sunday, UTC) or ``YYYY-MM`` (a month)."""

from __future__ import annotations

import calendar
import datetime as dt
import re
from dataclasses import dataclass

from .errors import InvalidSeason

_WEEK = re.compile(r"^(\d{4})-W(\d{2})\Z")
_MONTH = re.compile(r"^(\d{4})-(\d{2})\Z")


@dataclass(frozen=True)
class Span:
    key: str
    kind: str
    starts_on: dt.date
    ends_on: dt.date

    def dates(self) -> list[dt.date]:
        days = (self.ends_on - self.starts_on).days + 1
        return [self.starts_on + dt.timedelta(days=i) for i in range(days)]


def parse(text: object) -> Span:
    raw = str(text or "")
    try:
        if match := _WEEK.match(raw):
            year, week = int(match[1]), int(match[2])
            start = dt.date.fromisocalendar(year, week, 1)
            return Span(raw, "week", start, start + dt.timedelta(days=6))
        if match := _MONTH.match(raw):
            year, month = int(match[1]), int(match[2])
            last = calendar.monthrange(year, month)[1]
            return Span(raw, "month", dt.date(year, month, 1), dt.date(year, month, last))
    except ValueError:
        pass
    raise InvalidSeason(season=raw[:20])


def week_of(date: dt.date) -> Span:
    year, week, _ = date.isocalendar()
    return parse(f"{year:04d}-W{week:02d}")


def month_of(date: dt.date) -> Span:
    return parse(f"{date.year:04d}-{date.month:02d}")


def spans_of(date: dt.date) -> tuple[Span, Span]:
    """The week and the month a date counts in."""
    return week_of(date), month_of(date)
