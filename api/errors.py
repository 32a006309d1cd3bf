"""REST's side of the one error format: DRF's and Django's exceptions mapped onto the codes of
the error registry (:mod:`games.core.errors`), rendered as ``{"code", "message", ...details}``;
each error answer counted by its code, and the database's unavailability, where it is rendered
(:mod:`games.core.metrics`)."""

from __future__ import annotations

import logging

from django.core.exceptions import RequestDataTooBig
from django.db.utils import InterfaceError, OperationalError
from django.http import Http404, JsonResponse
from rest_framework import exceptions as drf
from rest_framework.response import Response

from games.core import errors as registry
from games.core import metrics
from games.core.errors import error_body
from games.oauth.errors import InsufficientScope

from .authentication import WWW_AUTHENTICATE

logger = logging.getLogger(__name__)

#: A required dependency is down: 503 with Retry-After, never a 500.
DEPENDENCY_ERRORS = (OperationalError, InterfaceError)
RETRY_AFTER_UNAVAILABLE = 5

#: DRF's exceptions and the registry's codes they stand for (first match wins).
_DRF_CODES: list[tuple[type[Exception], type[registry.RequestError]]] = [
    (drf.NotAuthenticated, registry.NotAuthenticated),
    (drf.AuthenticationFailed, registry.InvalidToken),
    (drf.PermissionDenied, registry.PermissionDenied),
    (drf.NotFound, registry.NotFound),
    (drf.MethodNotAllowed, registry.MethodNotAllowed),
    (drf.NotAcceptable, registry.NotAcceptable),
    (drf.UnsupportedMediaType, registry.UnsupportedMediaType),
    (drf.Throttled, registry.Throttled),
    (drf.ParseError, registry.InvalidJson),
    (drf.ValidationError, registry.InvalidRequest),
]


def describe(exc: Exception) -> tuple[int, dict] | None:
    """Map an exception to (HTTP status, error body); None for an unexpected one."""
    described = registry.describe(exc)
    if described is not None:
        return described
    if isinstance(exc, DEPENDENCY_ERRORS):
        logger.warning("A dependency is unavailable: %s", exc)
        return registry.ServiceUnavailable.status, error_body(
            registry.ServiceUnavailable.code, details={"retry_after": RETRY_AFTER_UNAVAILABLE}
        )
    if isinstance(exc, RequestDataTooBig):
        return registry.RequestTooLarge.status, error_body(registry.RequestTooLarge.code)
    if isinstance(exc, Http404):
        return registry.NotFound.status, error_body(registry.NotFound.code)
    for exc_type, error in _DRF_CODES:
        if isinstance(exc, drf.APIException) and isinstance(exc, exc_type):
            details: dict[str, object] = {}
            if error is registry.InvalidRequest:
                details["fields"] = exc.detail
            wait = getattr(exc, "wait", None)  # drf.Throttled's
            if error is registry.Throttled and wait is not None:
                details["retry_after"] = registry.retry_seconds(wait)
            return error.status, error_body(error.code, str(exc.detail), details)
    return None


def exception_handler(exc, context):
    """DRF exception handler: every error as ``{"code", "message"}`` with the right status."""
    described = describe(exc)
    if described is None:
        return None  # let Django turn it into a 500 (handled by ``server_error`` below)
    status, body = described
    metrics.refused(body["code"], metrics.REST)
    if isinstance(exc, DEPENDENCY_ERRORS):
        metrics.database_failed(metrics.REST)
    response = Response(body, status=status)
    if status == 401:
        response["WWW-Authenticate"] = WWW_AUTHENTICATE
    if body["code"] == InsufficientScope.code:  # RFC 6750 §3.1
        scope = body.get("scope", "")
        response["WWW-Authenticate"] = f'Bearer error="insufficient_scope", scope="{scope}"'
    if status in (429, 503) and "retry_after" in body:
        response["Retry-After"] = str(body["retry_after"])
    return response


def not_found(request, exception=None):
    """404 for a path Django cannot route: JSON under /api/, Django's page elsewhere."""
    if request.path.startswith("/api/"):
        metrics.refused(registry.NotFound.code, metrics.REST)
        return JsonResponse(error_body(registry.NotFound.code), status=404)
    from django.views.defaults import page_not_found

    return page_not_found(request, exception)


class DependencyDownMiddleware:
    """Outside DRF's views too (the site, the admin): a dependency down is a 503 with
    Retry-After (JSON under /api/), not a 500."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        if not isinstance(exception, DEPENDENCY_ERRORS):
            return None
        logger.warning("A dependency is unavailable: %s", exception)
        metrics.database_failed(metrics.REST)
        metrics.refused(registry.ServiceUnavailable.code, metrics.REST)
        body = error_body(
            registry.ServiceUnavailable.code, details={"retry_after": RETRY_AFTER_UNAVAILABLE}
        )
        response = JsonResponse(body, status=503)
        response["Retry-After"] = str(RETRY_AFTER_UNAVAILABLE)
        return response


def server_error(request):
    if request.path.startswith("/api/"):
        metrics.refused(registry.ServerError.code, metrics.REST)
        return JsonResponse(error_body(registry.ServerError.code), status=500)
    from django.views.defaults import server_error as django_server_error

    return django_server_error(request)
