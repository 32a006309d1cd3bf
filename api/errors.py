"""One error format for REST and WebSocket: ``{"code", "message", ...details}``."""
from __future__ import annotations

import logging

from django.core.exceptions import RequestDataTooBig
from django.http import Http404, JsonResponse
from rest_framework import exceptions as drf
from rest_framework.response import Response

from games.engine import EngineError
from games.errors import ServiceError

from .messages import message_for

logger = logging.getLogger(__name__)

STATUS_BY_CODE = {
    "not_authenticated": 401,
    "invalid_token": 401,
    "not_your_game": 403,
    "token_suspended": 403,
    "permission_denied": 403,
    "game_not_found": 404,
    "daily_game_hidden": 403,
    "daily_not_closed": 403,
    "player_not_found": 404,
    "not_on_leaderboard": 404,
    "daily_closed": 409,
    "not_found": 404,
    "method_not_allowed": 405,
    "not_acceptable": 406,
    "version_conflict": 409,
    "request_too_large": 413,
    "unsupported_media_type": 415,
    "throttled": 429,
    "server_error": 500,
}

_DRF_CODES = [
    (drf.NotAuthenticated, "not_authenticated"),
    (drf.AuthenticationFailed, "invalid_token"),
    (drf.PermissionDenied, "permission_denied"),
    (drf.NotFound, "not_found"),
    (drf.MethodNotAllowed, "method_not_allowed"),
    (drf.NotAcceptable, "not_acceptable"),
    (drf.UnsupportedMediaType, "unsupported_media_type"),
    (drf.Throttled, "throttled"),
    (drf.ParseError, "invalid_json"),
    (drf.ValidationError, "invalid_request"),
]


def status_for(code: str) -> int:
    return STATUS_BY_CODE.get(code, 400)


def error_body(code: str, fallback: str = "", details: dict | None = None) -> dict:
    details = {k: v for k, v in (details or {}).items() if k not in ("code", "message")}
    return {"code": code, "message": message_for(code, fallback, **details), **details}


def describe(exc: Exception) -> tuple[int, dict] | None:
    """Map an exception to (HTTP status, error body); None for an unexpected one."""
    if isinstance(exc, (EngineError, ServiceError)):
        return status_for(exc.code), error_body(exc.code, exc.message, exc.details)
    if isinstance(exc, RequestDataTooBig):
        return 413, error_body("request_too_large")
    if isinstance(exc, Http404):
        return 404, error_body("not_found")
    for exc_type, code in _DRF_CODES:
        if isinstance(exc, exc_type):
            details = {"fields": exc.detail} if code == "invalid_request" else {}
            if code == "throttled" and exc.wait is not None:
                details["retry_after"] = int(exc.wait + 0.999)
            return exc.status_code if code != "invalid_request" else 400, error_body(
                code, str(exc.detail), details)
    return None


def exception_handler(exc, context):
    """DRF exception handler: every error as ``{"code", "message"}`` with the right status."""
    described = describe(exc)
    if described is None:
        return None  # let Django turn it into a 500 (handled by ``server_error`` below)
    status, body = described
    response = Response(body, status=status)
    if status == 401:
        response["WWW-Authenticate"] = 'Token realm="api"'
    if status == 429 and "retry_after" in body:
        response["Retry-After"] = str(body["retry_after"])
    return response


def not_found(request, exception=None):
    """404 for a path Django cannot route: JSON under /api/, Django's page elsewhere."""
    if request.path.startswith("/api/"):
        return JsonResponse(error_body("not_found"), status=404)
    from django.views.defaults import page_not_found
    return page_not_found(request, exception)


def server_error(request):
    if request.path.startswith("/api/"):
        return JsonResponse(error_body("server_error"), status=500)
    from django.views.defaults import server_error as django_server_error
    return django_server_error(request)
