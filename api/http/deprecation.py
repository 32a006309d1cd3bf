"""Deprecating an operation (docs/API-CHANGELOG.md, "Deprecation policy"): the operation keeps
answering as before, and every answer says so — ``Deprecation`` (RFC 9745: the moment it was
deprecated, ``@`` and Unix seconds), ``Sunset`` (RFC 8594: the HTTP date after which it may
stop answering, at least six months later) and ``Link: <…>; rel="deprecation"`` to the
changelog entry that says what to use instead. The OpenAPI document marks it
``deprecated: true`` (api.schema_tools).

The table is the one place: (url name, method) → :class:`Deprecated`. Nothing is deprecated
in API version 1.0.0.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.utils.http import http_date

#: The least time between deprecating an operation and its sunset, in calendar months.
NOTICE_MONTHS = 6
CHANGELOG = "/docs/API-CHANGELOG.md"


@dataclass(frozen=True)
class Deprecated:
    since: dt.datetime
    sunset: dt.datetime
    #: The changelog's anchor for this deprecation (what to use instead).
    anchor: str

    def __post_init__(self) -> None:
        since, sunset = self.since, self.sunset
        months = (sunset.year - since.year) * 12 + sunset.month - since.month
        if (months, sunset.day, sunset.time()) < (NOTICE_MONTHS, since.day, since.time()):
            raise ValueError("a sunset at least six months after the deprecation (the policy)")

    def headers(self) -> dict[str, str]:
        return {
            "Deprecation": f"@{int(self.since.timestamp())}",
            "Sunset": http_date(self.sunset.timestamp()),
            "Link": f'<{CHANGELOG}#{self.anchor}>; rel="deprecation"',
        }


#: (url name, HTTP method) → its deprecation.
DEPRECATED: dict[tuple[str, str], Deprecated] = {}


def headers_for(url_name: str | None, method: str) -> dict[str, str]:
    deprecated = DEPRECATED.get((url_name or "", method.upper()))
    return deprecated.headers() if deprecated is not None else {}
