"""REST's side of the one error format: DRF's and Django's exceptions mapped onto the codes of
the error registry (:mod:`games.core.errors`), rendered as ``{"code", "message", ...details}``;
each error answer counted by its code, and the database's unavailability, where it is rendered
(:mod:`games.core.metrics`)."""

from __future__ import annotations

import logging

from django.core.exceptions import RequestDataTooBig
from django.http import Http404, JsonResponse
from rest_framework import exceptions as drf
from rest_framework.response import Response

from api.http.authentication import WWW_AUTHENTICATE, AppClientAuthentication
from games.core import errors as registry
from games.core import metrics
from games.core.availability import RETRY_AFTER, database_unavailable
from games.core.errors import error_body
from games.oauth.errors import InsufficientScope
from games.transport import errors as transport

logger = logging.getLogger(__name__)

#: A required dependency is down (:func:`~games.core.availability.database_unavailable`): 503
#: with Retry-After, never a 500.
RETRY_AFTER_UNAVAILABLE = RETRY_AFTER

#: DRF's exceptions and the registry's codes they stand for (first match wins).
_DRF_CODES: list[tuple[type[Exception], type[registry.RequestError]]] = [
    (drf.NotAuthenticated, transport.NotAuthenticated),
    (drf.AuthenticationFailed, transport.InvalidToken),
    (drf.PermissionDenied, transport.PermissionDenied),
    (drf.NotFound, transport.NotFound),
    (drf.MethodNotAllowed, transport.MethodNotAllowed),
    (drf.NotAcceptable, transport.NotAcceptable),
    (drf.UnsupportedMediaType, transport.UnsupportedMediaType),
    (drf.Throttled, registry.Throttled),
    (drf.ParseError, transport.InvalidJson),
    (drf.ValidationError, registry.InvalidRequest),
]


def describe(exc: Exception) -> tuple[int, dict] | None:
    """Map an exception to (HTTP status, error body); None for an unexpected one."""
    described = registry.describe(exc)
    if described is not None:
        return described
    if database_unavailable(exc):
        logger.warning("A dependency is unavailable: %s", exc)
        return transport.ServiceUnavailable.status, error_body(
            transport.ServiceUnavailable.code, details={"retry_after": RETRY_AFTER_UNAVAILABLE}
        )
    if isinstance(exc, RequestDataTooBig):
        return transport.RequestTooLarge.status, error_body(transport.RequestTooLarge.code)
    if isinstance(exc, Http404):
        return transport.NotFound.status, error_body(transport.NotFound.code)
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
    if database_unavailable(exc):
        metrics.database_failed(metrics.REST)
    response = Response(body, status=status)
    if status == 401:
        response["WWW-Authenticate"] = _challenge(context.get("request"), context.get("view"))
    if body["code"] == InsufficientScope.code:  # RFC 6750 §3.1
        scope = body.get("scope", "")
        response["WWW-Authenticate"] = f'Bearer error="insufficient_scope", scope="{scope}"'
    if status in (429, 503) and "retry_after" in body:
        response["Retry-After"] = str(body["retry_after"])
    return response


def _challenge(request, view=None) -> str:
    """RFC 6750 §3.1: a request that presented a token that is not valid (unknown, revoked,
    expired) is told ``error="invalid_token"``; one that presented none gets the bare
    challenge. A view that reads an app's own client credentials (its webhooks) challenges
    for them (``Basic``, RFC 7617)."""
    if view is not None and AppClientAuthentication in getattr(view, "authentication_classes", ()):
        return AppClientAuthentication.challenge
    presented = request is not None and bool(request.META.get("HTTP_AUTHORIZATION"))
    if not presented:
        return WWW_AUTHENTICATE
    return 'Bearer realm="api", error="invalid_token", Token realm="api"'


def not_found(request, exception=None):
    """404 for a path Django cannot route: JSON under /api/, Django's page elsewhere."""
    if request.path.startswith("/api/"):
        metrics.refused(transport.NotFound.code, metrics.REST)
        return JsonResponse(error_body(transport.NotFound.code), status=404)
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
        if not database_unavailable(exception):
            return None
        logger.warning("A dependency is unavailable: %s", exception)
        metrics.database_failed(metrics.REST)
        metrics.refused(transport.ServiceUnavailable.code, metrics.REST)
        body = error_body(
            transport.ServiceUnavailable.code, details={"retry_after": RETRY_AFTER_UNAVAILABLE}
        )
        response = JsonResponse(body, status=503)
        response["Retry-After"] = str(RETRY_AFTER_UNAVAILABLE)
        return response


def server_error(request):
    if request.path.startswith("/api/"):
        metrics.refused(transport.ServerError.code, metrics.REST)
        return JsonResponse(error_body(transport.ServerError.code), status=500)
    from django.views.defaults import server_error as django_server_error

    return django_server_error(request)
