"""The one error registry: every stable error code with its HTTP status and its message.

A refusal is an exception whose class declares, once, its ``code``, its HTTP ``status`` and its
``default_message`` (translated with Django's i18n; ``%(name)s`` placeholders are filled from
the exception's details) — as DRF's ``APIException`` does. Declaring a subclass registers it;
two classes may not claim one code. REST, WebSocket and admin all render errors through
:func:`describe`, so a code means the same everywhere.

Three kinds of codes live in the registry:

- domain errors, declared in each domain's ``errors`` module (``games.play.errors`` …);
- the engine's errors (``games.engine.errors``), which stay free of Django: their status and
  message are registered below with :func:`register_engine_error`;
- request errors (:class:`RequestError` subclasses below): bad JSON, authentication,
  throttling…, raised by the REST and WebSocket layers alike.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from games.engine import errors as engine


@dataclass(frozen=True)
class ErrorCode:
    """What the registry knows of a code."""

    code: str
    status: int
    message: str | Promise


#: Every known code, filled as error classes are declared (and engine errors registered).
REGISTRY: dict[str, ErrorCode] = {}


def register(code: str, status: int, message: str | Promise) -> None:
    known = REGISTRY.get(code)
    if known is not None and (known.status, str(known.message)) != (status, str(message)):
        raise RuntimeError(f"Error code {code!r} is declared twice, differently.")
    REGISTRY[code] = ErrorCode(code, status, message)


class ServiceError(Exception):
    """A request the service refuses, with a stable ``code`` like the engine's errors.

    ``message`` is the English text for logs and for codes rendered without a template;
    ``details`` are machine-readable fields that the error body carries beside the code.
    """

    code: ClassVar[str] = "service_error"
    status: ClassVar[int] = 400
    default_message: ClassVar[str | Promise] = _("The request was refused.")

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "code" in cls.__dict__:
            register(cls.code, cls.status, cls.default_message)

    def __init__(self, message: str = "", **details: Any) -> None:
        message = message or str(self.default_message)
        super().__init__(message)
        self.message = message
        self.details = details


def register_engine_error(error: type[engine.EngineError], message: str | Promise,
                          status: int = 400) -> None:
    register(error.code, status, message)


for _error, _message in [
    (engine.InvalidCard, _("Not a card: write a rank and a suit, like 10H or QS.")),
    (engine.InvalidPosition, _("Unknown position: use P1 to P12 for piles and R1 to R8 for the "
                               "reserve.")),
    (engine.InvalidDealCode, _("Not a deal code: write HM1-N- followed by 7 letters A to Z.")),
    (engine.InvalidLayout, _("The layout is not valid.")),
    (engine.InvalidState, _("The game state is not valid.")),
    (engine.IllegalAction, _("The rules do not allow this action now.")),
    (engine.EmptyPosition, _("Position %(position)s is empty.")),
    (engine.DuplicatePosition, _("The same position was named twice.")),
    (engine.WrongNumberOfCards, _("A removal takes two cards (a pair) or three (a triple).")),
    (engine.SumMustBe11, _("The sum must equal 11")),
    (engine.NeedsJackQueenKing, _("A jack, a queen and a king are needed")),
    (engine.GameFinished, _("The game is over: it can no longer change.")),
    (engine.NothingToUndo, _("There is nothing left to undo.")),
]:
    register_engine_error(_error, _message)


# -- request errors (REST and WebSocket) -------------------------------------------------------
class RequestError(ServiceError):
    """A request refused before any domain sees it."""


class InvalidJson(RequestError):
    code, status = "invalid_json", 400
    default_message = _("The request body is not valid JSON.")


class InvalidRequest(RequestError):
    """Details: ``fields``, a map of field name to a list of problems."""

    code, status = "invalid_request", 400
    default_message = _("The request is not valid: see the fields.")


class UnknownAction(RequestError):
    code, status = "unknown_action", 400
    default_message = _("Unknown action: use move, undo or tap.")


class ReadOnlySocket(RequestError):
    code, status = "read_only_socket", 400
    default_message = _("This socket only sends leaderboard changes: it takes no actions.")


class NotAuthenticated(RequestError):
    code, status = "not_authenticated", 401
    default_message = _("Authentication is needed: send Authorization: Token <token>.")


class InvalidToken(RequestError):
    code, status = "invalid_token", 401
    default_message = _("The token is not valid.")


class PermissionDenied(RequestError):
    code, status = "permission_denied", 403
    default_message = _("You may not do this.")


class NotFound(RequestError):
    code, status = "not_found", 404
    default_message = _("Nothing is here.")


class MethodNotAllowed(RequestError):
    code, status = "method_not_allowed", 405
    default_message = _("This method is not allowed here.")


class NotAcceptable(RequestError):
    code, status = "not_acceptable", 406
    default_message = _("This endpoint answers in JSON only.")


class RequestTooLarge(RequestError):
    code, status = "request_too_large", 413
    default_message = _("The request is too large.")


class UnsupportedMediaType(RequestError):
    code, status = "unsupported_media_type", 415
    default_message = _("Send the request body as application/json.")


class Throttled(RequestError):
    """Details: ``retry_after``, whole seconds."""

    code, status = "throttled", 429
    default_message = _("Too many requests: slow down and try again later.")


class ServerError(RequestError):
    code, status = "server_error", 500
    default_message = _("Something went wrong on our side. Nothing was changed.")


# -- rendering -------------------------------------------------------------------------------
def status_for(code: str) -> int:
    known = REGISTRY.get(code)
    return known.status if known else 400


def message_for(code: str, fallback: str = "", **details: Any) -> str:
    """The message of ``code`` in the active language, filled with ``details`` when it can be."""
    known = REGISTRY.get(code)
    if known is None:
        return fallback or code
    text = str(known.message)
    try:
        return text % details if "%(" in text else text
    except (KeyError, TypeError, ValueError):
        return fallback or text


def error_body(code: str, fallback: str = "", details: dict[str, Any] | None = None
               ) -> dict[str, Any]:
    """The one error format: ``{"code", "message", ...details}``."""
    details = {k: v for k, v in (details or {}).items() if k not in ("code", "message")}
    return {"code": code, "message": message_for(code, fallback, **details), **details}


def describe(error: Exception) -> tuple[int, dict[str, Any]] | None:
    """(HTTP status, error body) of a service or engine error; None for anything else."""
    if isinstance(error, (engine.EngineError, ServiceError)):
        return status_for(error.code), error_body(error.code, error.message, error.details)
    return None
