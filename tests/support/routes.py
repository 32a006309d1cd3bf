"""The service's routes, walked so that a route added later is covered by the leak tests too."""

from __future__ import annotations

import re

from django.urls import URLPattern, URLResolver

PARAM_RE = re.compile(r"<(?:(\w+):)?(\w+)>")
#: Staff (the admin) and the static API documentation.
SKIPPED_PREFIXES = ("admin/", "api/v1/schema/", "api/v1/docs/")
#: Socket routes that send nothing on connect: the personal socket speaks only when a quick
#: match forms a race (its frames are race representations, checked in tests/races).
QUIET_ON_CONNECT = frozenset({"ws/me/"})


def routes(patterns, prefix=""):
    for pattern in patterns:
        text = prefix + str(pattern.pattern)
        if isinstance(pattern, URLResolver):
            yield from routes(pattern.url_patterns, text)
        elif isinstance(pattern, URLPattern):
            yield text


def fill(route: str, values: dict) -> str | None:
    """The route with its parameters filled from ``values`` (``game``, ``player``, ``date``),
    None when one cannot be (a regex route)."""

    def value(match):
        name = match.group(2)
        if "date" in name:
            return values["date"]
        if "player" in name or name in ("pk", "id"):
            return str(values["player"])
        return str(values["game"])

    path = PARAM_RE.sub(value, route)
    return None if re.search(r"[\^$()\[\]\\?*+]", path) else "/" + path
