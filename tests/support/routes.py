"""The service's routes, walked so that a route added later is covered by the leak tests too."""

from __future__ import annotations

import re

from django.urls import URLPattern, URLResolver

PARAM_RE = re.compile(r"<(?:(\w+):)?(\w+)>")
#: A named group of a regex route (the socket routes take their paths with or without the
#: trailing slash: ``^ws/games/(?P<game_id>[0-9]{1,18})/?$``).
GROUP_RE = re.compile(r"\(\?P<(\w+)>[^)]*\)")
#: Staff (the admin) and the static API documentation.
SKIPPED_PREFIXES = ("admin/", "api/v1/schema/", "api/v1/docs/", "api/v1/asyncapi")
#: Socket routes that send nothing on connect: the personal socket speaks only when a quick
#: match forms a race (its frames are race representations, checked in tests/races).
QUIET_ON_CONNECT = frozenset({"ws/me/", "^ws/me/?$"})


def routes(patterns, prefix=""):
    for pattern in patterns:
        text = prefix + str(pattern.pattern)
        if isinstance(pattern, URLResolver):
            yield from routes(pattern.url_patterns, text)
        elif isinstance(pattern, URLPattern):
            yield text


def body_of(response) -> bytes:
    """A route's answer whole, streamed (a player's archive, ``GET /account/export``) or not."""
    if getattr(response, "streaming", False):
        return b"".join(response.streaming_content)
    return response.content


def fill(route: str, values: dict) -> str | None:
    """The route with its parameters filled from ``values`` (``game``, ``player``, ``date``),
    None when one cannot be (a regex route other than a socket path's, the catch-all)."""

    def value(match):
        return value_of(match.group(2))

    def value_of(name):
        if "date" in name:
            return values["date"]
        if "player" in name or name in ("pk", "id"):
            return str(values["player"])
        return str(values["game"])

    if route.startswith("^") and route.endswith("/?$"):
        route = GROUP_RE.sub(lambda match: value_of(match.group(1)), route)[1:-3] + "/"
    path = PARAM_RE.sub(value, route)
    return None if re.search(r"[\^$()\[\]\\?*+]", path) else "/" + path
