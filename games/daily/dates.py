"""Dates of the daily deal: parsing, whether a date is over (its deal: :mod:`.choice`)."""

from __future__ import annotations

import datetime as dt
import re

from games.core import clock

from .errors import DateInFuture, InvalidDate

_DATE_RE = re.compile(r"\d{4}-\d{2}-\d{2}")


def parse_date(text) -> dt.date:
    """A ``YYYY-MM-DD`` date up to today (UTC); anything else is refused with a clear code."""
    if not isinstance(text, str) or not _DATE_RE.fullmatch(text):
        raise InvalidDate("A date is written YYYY-MM-DD, like 2026-11-30.", date=str(text)[:40])
    try:
        date = dt.date.fromisoformat(text)
    except ValueError:
        raise InvalidDate(f"{text} is not a date of the calendar.", date=text) from None
    if date > clock.today():
        raise DateInFuture(
            f"{text} has not begun yet (today is {clock.today()} UTC): its "
            "daily deal and leaderboard do not exist yet.",
            date=text,
        )
    return date


def is_over(date: dt.date) -> bool:
    """True once the date has passed in UTC: its deal may then be shown and its board closed."""
    return date < clock.today()
