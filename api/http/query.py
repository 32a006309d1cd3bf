"""The query parameters each endpoint takes, in one table: anything else is refused like an
unknown body field (400 ``unknown_query_parameter``), and the schema lists exactly these
(:mod:`api.http.openapi`; ``tests/api/test_query_parameters.py`` checks they agree)."""

from __future__ import annotations

from collections.abc import Iterable

from games.transport.errors import UnknownQueryParameter

from . import pagination

#: (URL name, method) → the query parameters it takes; an endpoint not listed takes none.
QUERY_PARAMETERS: dict[tuple[str, str], frozenset[str]] = {
    ("games", "GET"): frozenset({"status", "before", *pagination.PARAMETERS}),
    ("game-log", "GET"): frozenset({"after", *pagination.PARAMETERS}),
    ("players-me-tokens", "GET"): frozenset(pagination.PARAMETERS),
    ("daily-board", "GET"): frozenset({"around", "among", *pagination.PARAMETERS}),
    ("season-board", "GET"): frozenset({"around", "among", *pagination.PARAMETERS}),
    ("following", "GET"): frozenset(pagination.PARAMETERS),
    ("challenge-board", "GET"): frozenset({"among", *pagination.PARAMETERS}),
    ("ratings", "GET"): frozenset({"around", "provisional", *pagination.PARAMETERS}),
    ("races", "GET"): frozenset({"status"}),
}


def allowed(url_name: str | None, method: str) -> frozenset[str]:
    return QUERY_PARAMETERS.get((url_name or "", method.upper()), frozenset())


def refuse_unknown(url_name: str | None, method: str, names: Iterable[str]) -> None:
    """Raise :class:`UnknownQueryParameter` naming the parameters the endpoint does not take."""
    unknown = sorted(set(names) - allowed(url_name, method))
    if unknown:
        raise UnknownQueryParameter(
            parameters=unknown,
            fields={name: ["Unknown query parameter."] for name in unknown},
        )
