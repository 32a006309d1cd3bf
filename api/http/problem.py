"""Problem details for HTTP APIs (RFC 9457) when a client asks for them.

The service's error format stays the default (``{"code", "message", ...details}``, the same on
both transports). A REST client whose ``Accept`` prefers ``application/problem+json`` (listed,
with a weight not below ``application/json``'s) gets every error answer of ``/api/`` as a
problem object instead: ``type`` (a stable ``tag:`` URI per code, RFC 9457 §3.1.1), ``title``
(the code's default message, the same for every occurrence), ``status``, ``detail`` (this
occurrence's message), ``instance`` (the request's path) — and, as extension members, today's
``code`` and details, so a client written for one format reads the other.

One middleware shapes every error answer of the API wherever it was made (DRF's handler, the
404 and 500 views, the middleware's own 503), so the two formats cannot drift apart.
Hand-written: drf-problems and its kind replace DRF's exception handler (and its format) for
every client; here the format is chosen per request.
"""

from __future__ import annotations

import json

from rest_framework.exceptions import NotAcceptable
from rest_framework.negotiation import DefaultContentNegotiation

from games.core.errors import REGISTRY

from .middleware import SyncAndAsyncMiddleware

PROBLEM = "application/problem+json"
JSON = "application/json"
#: The prefix of every problem type: ``tag:halfmoon.game,2026:error:<code>``.
TYPE_PREFIX = "tag:halfmoon.game,2026:error:"


class ProblemAwareNegotiation(DefaultContentNegotiation):
    """DRF's negotiation, but a client that lists only ``application/problem+json`` is
    answered (JSON: a success is not a problem; an error becomes one in the middleware)
    instead of refused 406."""

    def select_renderer(self, request, renderers, format_suffix=None):
        try:
            return super().select_renderer(request, renderers, format_suffix)
        except NotAcceptable:
            if PROBLEM not in request.META.get("HTTP_ACCEPT", "").lower():
                raise
            return renderers[0], renderers[0].media_type


def _weights(accept: str) -> dict[str, float]:
    weights: dict[str, float] = {}
    for item in accept.split(","):
        parts = [part.strip() for part in item.split(";")]
        if not parts[0]:
            continue
        weight = 1.0
        for parameter in parts[1:]:
            name, _, value = parameter.partition("=")
            if name.strip().lower() == "q":
                try:
                    weight = float(value)
                except ValueError:
                    weight = 0.0
        weights[parts[0].lower()] = weight
    return weights


def wants_problem(accept: str) -> bool:
    """Whether ``accept`` prefers problem details to the service's own JSON errors."""
    weights = _weights(accept)
    problem = weights.get(PROBLEM, 0.0)
    return problem > 0 and problem >= weights.get(JSON, 0.0)


def problem_of(body: dict, status: int, instance: str) -> dict:
    """The RFC 9457 object of a service error body."""
    code = str(body.get("code", ""))
    known = REGISTRY.get(code)
    title = str(known.message) if known is not None else str(body.get("message", ""))
    problem = {
        "type": f"{TYPE_PREFIX}{code}",
        "title": title,
        "status": status,
        "detail": body.get("message", title),
        "instance": instance,
    }
    # today's code, message and details as extension members (RFC 9457 §3.2); never over the
    # standard members
    problem.update((key, value) for key, value in body.items() if key not in problem)
    return problem


class ProblemDetailsMiddleware(SyncAndAsyncMiddleware):
    """Rewrites the API's error answers as problem details for a client that asks for them
    (sync and async: no thread hop under ASGI)."""

    def __call__(self, request):
        if self.is_async:
            return self._acall(request)
        return self._shaped(request, self.get_response(request))

    async def _acall(self, request):
        return self._shaped(request, await self.get_response(request))

    @staticmethod
    def _shaped(request, response):
        if not request.path_info.startswith("/api/"):
            return response
        accept = request.META.get("HTTP_ACCEPT", "")
        if PROBLEM not in accept.lower():
            return response  # the common case: one substring test
        if response.status_code < 400:
            return response
        if not wants_problem(accept) or getattr(response, "streaming", False):
            return response
        try:
            body = json.loads(response.content)
        except ValueError:
            return response
        if not isinstance(body, dict) or "code" not in body:
            return response
        response.content = json.dumps(problem_of(body, response.status_code, request.path))
        response["Content-Type"] = PROBLEM
        return response
