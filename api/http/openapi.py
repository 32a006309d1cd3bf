"""The schema's account of :mod:`api.http`, in one drf-spectacular postprocessing hook
(``SPECTACULAR_SETTINGS["POSTPROCESSING_HOOKS"]``, after the default enum hook): it reads the
same tables the views obey, so the served schema cannot drift from them.

Per operation it adds:

- every POST: the ``Idempotency-Key`` header parameter, ``Idempotent-Replayed`` on answers,
  ``Retry-After`` on the ``409`` of a key still in flight;
- game answers: the ``ETag`` header; game reads: ``If-None-Match`` and ``304``; game changes:
  ``If-Match``;
- every answer: ``Cache-Control`` (and the policy in words where an endpoint has its own);
- throttled operations: ``RateLimit-Policy`` / ``RateLimit`` on every answer and their budgets
  with quota and window under ``x-rate-limits``;
- lists: the ``Link`` header.

The error codes these add (:func:`error_codes`) are declared with every other code by
:mod:`api.contract`, which gives each its status and schema. ``info.description`` gains the
table of rate limits.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings

from games.core.rates import parse_rate

from . import caching, conditional, deprecation, query, ratelimit_headers
from .routes import route_name

API_PREFIX = "/api/v1/"

#: The POSTs whose ``201`` names the created resource in ``Location`` (api.games.views).
CREATES_AT = {"games"}


def _string(description: str, **schema: Any) -> dict[str, Any]:
    return {"schema": {"type": "string", **schema}, "description": description}


HEADERS: dict[str, dict[str, Any]] = {
    "ETag": _string('The game\'s version in quotes (`"7"`), a strong validator.'),
    "Cache-Control": _string("How long a cache may keep this answer (see the description)."),
    "Idempotent-Replayed": _string(
        "`true` on the stored answer replayed for a repeated `Idempotency-Key`.", enum=["true"]
    ),
    "Link": _string('RFC 8288 links to the neighbouring pages: `rel="next"`, `rel="prev"`.'),
    "Deprecation": _string(
        "RFC 9745: when this operation was deprecated (`@` and Unix seconds); `Link` "
        '`rel="deprecation"` names the changelog entry (docs/API-CHANGELOG.md).'
    ),
    "Sunset": _string("RFC 8594: the HTTP date after which this operation may stop answering."),
    "RateLimit-Policy": _string(
        'The budgets this operation spends: `"<name>";q=<quota>;w=<window seconds>` each '
        "(IETF draft-ietf-httpapi-ratelimit-headers)."
    ),
    "RateLimit": _string(
        'What is left of each budget: `"<name>";r=<requests left>;t=<seconds to reset>`.'
    ),
    "Location": _string("The created resource's address (`/api/v1/games/{id}`)."),
    "Retry-After": {"schema": {"type": "integer", "minimum": 0}, "description": "Seconds."},
}

PARAMETERS: dict[str, dict[str, Any]] = {
    "Idempotency-Key": {
        "name": "Idempotency-Key",
        "in": "header",
        "required": False,
        # Visible ASCII, bare or in double quotes (a structured-field string, as the draft has it).
        "schema": {"type": "string", "pattern": '^(?:[!#-~]{1,255}|"[!#-~]{1,255}")$'},
        "description": "Makes a retry safe (IETF draft-ietf-httpapi-idempotency-key-header): "
        "the same key with the same body within 24 hours gets the first answer again, without "
        "a second effect; another body is refused (422). Keys are per player (per client "
        "address without a token). 1–255 visible ASCII characters, bare or quoted.",
    },
    "If-None-Match": {
        "name": "If-None-Match",
        "in": "header",
        "required": False,
        "schema": {"type": "string"},
        "description": "An `ETag` this client holds: `304` without a body while it is current.",
    },
    "If-Match": {
        "name": "If-Match",
        "in": "header",
        "required": False,
        "schema": {"type": "string"},
        "description": 'The game\'s `ETag` (`"<version>"`) this change expects, instead of '
        "`expected_version` (both must agree): `412 precondition_failed` when stale.",
    },
}


def _add_not_modified(operation: dict) -> None:
    """The ``304`` of a read with a current ``If-None-Match``: no body."""
    response = operation.setdefault("responses", {}).setdefault(
        "304", {"description": "Not modified: the `If-None-Match` ETag is current"}
    )
    for name in ("ETag", "Cache-Control"):
        response.setdefault("headers", {}).setdefault(name, HEADERS[name])


def _add_headers(operation: dict, names: tuple[str, ...], statuses=("2",)) -> None:
    for status, response in operation.get("responses", {}).items():
        if str(status).startswith(statuses) and isinstance(response, dict):
            for name in names:
                response.setdefault("headers", {}).setdefault(name, HEADERS[name])


def _add_parameter(operation: dict, name: str) -> None:
    parameters = operation.setdefault("parameters", [])
    if not any(p.get("name") == name and p.get("in") == "header" for p in parameters):
        parameters.append(PARAMETERS[name])


def describe_http_semantics(result, generator, request, public):
    for path, operations in result.get("paths", {}).items():
        url_name = route_name(path)
        for method, operation in operations.items():
            if not isinstance(operation, dict) or "responses" not in operation:
                continue
            verb = method.upper()
            _describe(operation, url_name, verb)
    info = result.setdefault("info", {})
    info["description"] = (
        f"{info.get('description', '')}\n\n## Rate limits\n\nThrottled operations send "
        "`RateLimit-Policy` and `RateLimit` (IETF draft-ietf-httpapi-ratelimit-headers) on "
        "every answer, and `429` with `Retry-After` past the limit:\n\n"
        + ratelimit_headers.limits_table()
    ).strip()
    return result


def error_codes(url_name: str | None, verb: str) -> dict[int, list[str]]:
    """The error codes :mod:`api.http` adds to an operation, by status: for merging into the
    per-operation error declarations (each code's schema is the registry's)."""
    codes: dict[int, list[str]] = {400: ["unknown_query_parameter"]}
    if query.allowed(url_name, verb) & {"cursor"}:
        codes[400] += ["invalid_page_size", "invalid_cursor"]
    if verb == "POST":
        codes[400].append("invalid_idempotency_key")
        codes[409] = ["idempotency_key_in_flight"]
        codes[422] = ["idempotency_key_reused"]
    if url_name in conditional.GAME_WRITES:
        codes[412] = ["precondition_failed"]
    if ratelimit_headers.SCOPES.get((url_name or "", verb)):
        codes[429] = ["throttled"]
    return codes


def _describe(operation: dict, url_name: str | None, verb: str) -> None:
    if verb == "POST":
        _add_parameter(operation, "Idempotency-Key")
        _add_headers(operation, ("Idempotent-Replayed",))
        _add_headers(operation, ("Retry-After",), statuses=("409",))
        if url_name in CREATES_AT:
            _add_headers(operation, ("Location",), statuses=("201",))
    if url_name in conditional.GAME_ANSWERS and verb != "DELETE":
        if not (url_name == "games" and verb == "GET"):
            _add_headers(operation, ("ETag",))
        if verb == "GET" and url_name != "games":
            _add_parameter(operation, "If-None-Match")
            _add_not_modified(operation)
    if url_name in conditional.GAME_WRITES:
        _add_parameter(operation, "If-Match")
    policy = caching.DESCRIBED.get(url_name or "") if verb == "GET" else None
    if policy:
        operation["description"] = (
            f"{operation.get('description', '')}\n\nCache-Control: {policy}."
        ).strip()
    scopes = ratelimit_headers.SCOPES.get((url_name or "", verb))
    if scopes:
        _add_headers(operation, ("RateLimit-Policy", "RateLimit"), statuses=("2", "3", "4"))
        operation["x-rate-limits"] = [_budget(scope) for scope in scopes]
    if query.allowed(url_name, verb) & {"cursor"}:
        _add_headers(operation, ("Link",))
    if (url_name or "", verb) in deprecation.DEPRECATED:
        operation["deprecated"] = True
        _add_headers(operation, ("Deprecation", "Sunset", "Link"), statuses=("2", "3", "4"))
    _add_headers(operation, ("Cache-Control",), statuses=("2", "3", "4", "5"))


def _budget(scope: str) -> dict[str, Any]:
    quota, window = parse_rate(settings.HALFMOON_THROTTLE_RATES[scope])
    return {"name": scope, "quota": quota, "window": window, "per": ratelimit_headers.PER[scope]}
