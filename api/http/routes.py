"""The API's routes by URL name, as OpenAPI paths (``/api/v1/games/{game_id}/moves``): the
tables of :mod:`api.http` are keyed by URL name; the schema and the docs show paths."""

from __future__ import annotations

import re
from functools import cache

from django.urls import URLPattern, URLResolver, get_resolver

_CONVERTER = re.compile(r"<(?:\w+:)?(\w+)>")


def _walk(patterns, prefix: str = "") -> dict[str, str]:
    found: dict[str, str] = {}
    for entry in patterns:
        route = str(entry.pattern)
        if isinstance(entry, URLResolver):
            found.update(_walk(entry.url_patterns, prefix + route))
        elif isinstance(entry, URLPattern) and entry.name:
            found.setdefault(entry.name, "/" + _CONVERTER.sub(r"{\1}", prefix + route))
    return found


@cache
def paths() -> dict[str, str]:
    """URL name → OpenAPI path, for every named route of the site."""
    return _walk(get_resolver().url_patterns)


def path_of(url_name: str) -> str:
    return paths().get(url_name, url_name)


@cache
def _names() -> dict[str, str]:
    names: dict[str, str] = {}
    for name, path in paths().items():
        names.setdefault(path, name)
    return names


def route_name(path: str) -> str | None:
    """OpenAPI path → URL name (None for a path no named route serves)."""
    return _names().get(path)
