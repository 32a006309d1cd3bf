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

import math
import sys
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar, overload

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from games.engine import errors as engine


@dataclass(frozen=True)
class ErrorCode:
    """What the registry knows of a code (``docs/PROTOCOL.md`` lists them from here)."""

    code: str
    status: int
    message: str | Promise
    #: Keys an error body of this code carries besides ``code`` and ``message``.
    detail_fields: tuple[str, ...] = ()
    #: When a client meets it.
    when: str = ""


#: Every known code, filled as error classes are declared (and engine errors registered).
REGISTRY: dict[str, ErrorCode] = {}


def register(
    code: str,
    status: int,
    message: str | Promise,
    detail_fields: tuple[str, ...] = (),
    when: str = "",
) -> None:
    known = REGISTRY.get(code)
    if known is not None and (known.status, str(known.message)) != (status, str(message)):
        raise RuntimeError(f"Error code {code!r} is declared twice, differently.")
    REGISTRY[code] = ErrorCode(code, status, message, detail_fields, when)


class ServiceError(Exception):
    """A request the service refuses, with a stable ``code`` like the engine's errors.

    ``message`` is the English text for logs and for codes rendered without a template;
    ``details`` are machine-readable fields that the error body carries beside the code.
    """

    code: ClassVar[str] = "service_error"
    status: ClassVar[int] = 400
    default_message: ClassVar[str | Promise] = _("The request was refused.")
    detail_fields: ClassVar[tuple[str, ...]] = ()
    when: ClassVar[str] = ""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "code" in cls.__dict__:
            register(cls.code, cls.status, cls.default_message, cls.detail_fields, cls.when)

    def __init__(self, message: str = "", **details: Any) -> None:
        message = message or str(self.default_message)
        super().__init__(message)
        self.message = message
        self.details = details


#: The class a row is declared under (its ``base``): ServiceError, or a domain's own base.
E = TypeVar("E", bound=ServiceError)


@overload
def declare(
    code: str,
    status: int,
    message: str | Promise,
    *,
    details: tuple[str, ...] = (),
    when: str = "",
) -> type[ServiceError]: ...
@overload
def declare(
    code: str,
    status: int,
    message: str | Promise,
    *,
    details: tuple[str, ...] = (),
    when: str = "",
    base: type[E],
) -> type[E]: ...
def declare(
    code: str,
    status: int,
    message: str | Promise,
    *,
    details: tuple[str, ...] = (),
    when: str = "",
    base: type[ServiceError] | None = None,
) -> type[ServiceError]:
    """One row of a domain's table of refusals: the exception class for ``code``.

    Its name comes from the code (``game_not_found`` → ``GameNotFound``; the module binds it
    to that name, which ``tests/test_error_registry.py`` checks), its module is the caller's,
    and declaring it registers it like a class written out would be. ``details``: the keys its
    body carries besides ``code`` and ``message``, each typed once by name
    (:data:`games.core.error_schemas.DETAIL_SCHEMAS`); ``when``: when a client meets it (the
    "When" column of docs/PROTOCOL.md's table); ``base``: a domain's common base, which its
    callers may catch (``ModerationError``), else :class:`ServiceError`.
    """
    # The caller's module, found as collections.namedtuple finds it.
    module = sys._getframe(1).f_globals["__name__"]
    name = class_name(code)
    namespace = {
        "code": code,
        "status": status,
        "default_message": message,
        "detail_fields": tuple(details),
        "when": when,
        "__module__": module,
        "__qualname__": name,
        "__doc__": f"``{code}`` ({status}): {when or message}",
    }
    return type(name, (base or ServiceError,), namespace)


def class_name(code: str) -> str:
    """The exception class's name for an error code: ``game_not_found`` → ``GameNotFound``."""
    return "".join(part.capitalize() for part in code.split("_"))


def register_engine_error(
    error: type[engine.EngineError],
    message: str | Promise,
    detail_fields: tuple[str, ...] = (),
    when: str = "",
) -> None:
    """Engine errors are refusals of bad input or of the rules: all 400."""
    register(error.code, 400, message, detail_fields, when)


for _error, _message, _fields, _when in [
    (
        engine.InvalidCard,
        _("Not a card: write a rank and a suit, like 10H or QS."),
        ("card",),
        "not a card (no endpoint takes cards today)",
    ),
    (
        engine.InvalidPosition,
        _("Unknown position: use P1 to P12 for piles and R1 to R8 for the reserve."),
        ("position",),
        "not `P1`…`P12` / `R1`…`R8`",
    ),
    (
        engine.InvalidDealCode,
        _("Not a deal code: write HM1-N- followed by 7 letters A to Z."),
        ("deal_code",),
        "not `HM1-N-` and 7 letters",
    ),
    (
        engine.InvalidLayout,
        _("The layout is not valid."),
        (),
        "a layout that is not a deal (no endpoint takes layouts today)",
    ),
    (
        engine.InvalidState,
        _("The game state is not valid."),
        (),
        "a stored state that does not decode (never sent by an endpoint)",
    ),
    (
        engine.IllegalAction,
        _("The rules do not allow this action now."),
        (),
        "an action the rules refuse (its narrower codes below say why)",
    ),
    (
        engine.EmptyPosition,
        _("Pile %(number)s is empty."),
        ("position",),
        "a move or tap names an empty pile (a reserve slot: `Reserve slot %(number)s is empty.`)",
    ),
    (
        engine.DuplicatePosition,
        _("The same pile or reserve slot was named twice."),
        ("positions",),
        "a move names a position twice",
    ),
    (
        engine.WrongNumberOfCards,
        _("A removal takes two cards (a pair) or three (a triple)."),
        ("count",),
        "a move with other than 2 or 3 positions",
    ),
    (
        engine.SumMustBe11,
        _("The sum must equal 11"),
        ("cards",),
        "a pair not summing to 11, or a number card with a face card",
    ),
    (
        engine.NeedsJackQueenKing,
        _("A jack, a queen and a king are needed"),
        ("cards",),
        "two face cards, or three cards that are not J+Q+K",
    ),
    (
        engine.GameFinished,
        _("The game is over: it can no longer change."),
        ("status",),
        "a change to a won or resigned game",
    ),
    (
        engine.NothingToUndo,
        _("There is nothing left to undo."),
        (),
        "undo with no removal left to take back",
    ),
]:
    register_engine_error(_error, _message, _fields, _when)


# -- request errors (REST and WebSocket) -------------------------------------------------------
class RequestError(ServiceError):
    """A request refused before any domain sees it."""


InvalidRequest = declare(
    "invalid_request",
    400,
    _("The request is not valid: see the fields."),
    details=("fields",),
    when="a body, query or socket frame that fails validation (unknown field, wrong type, "
    "missing field, bad `status`/`limit`/`before`, `daily` with `deal_code`, `cursor` with "
    "`around`; on the socket a frame that is not an object, without `action`, with a key "
    "its action does not take, a bad `request_id`, `expected_version`, `positions` or "
    "`position`)",
    base=RequestError,
)


def retry_seconds(wait: float | None) -> int:
    """A wait as ``retry_after`` and ``Retry-After`` give it: whole seconds, rounded up, at
    least one."""
    return max(1, math.ceil(wait or 0))


Throttled = declare(
    "throttled",
    429,
    _("Too many requests: slow down and try again later."),
    details=("retry_after",),
    when="too many requests; REST also sends `Retry-After`; `retry_after` is whole seconds "
    "(rounded up) on REST and on the socket, whose `error` keeps the refused frame's "
    "`request_id`",
    base=RequestError,
)

# -- pages of a board (daily leaderboards, the ratings board) ---------------------------------
InvalidCursor = declare(
    "invalid_cursor",
    400,
    _("This cursor is not one this list gave out: start again from the first page."),
    details=("cursor",),
    when="a cursor this list (the games, a log, a daily leaderboard, the ratings) did not give out",
    base=RequestError,
)

InvalidPageSize = declare(
    "invalid_page_size",
    400,
    _("A page holds 1 to 100 entries."),
    details=("min", "max"),
    when="a board's `limit` outside 1–100",
    base=RequestError,
)

InvalidAround = declare(
    "invalid_around",
    400,
    _("around takes only the value me."),
    details=("around",),
    when="`around` other than `me`",
    base=RequestError,
)


# -- rendering -------------------------------------------------------------------------------
#: Messages that name a place as the rule pages do ("pile 3", "reserve slot 6"): by code, the
#: message for a reserve slot (``R…``; the registry holds the pile's, ``P…``). Their
#: ``%(number)s`` comes from the ``position`` detail, which stays the machine code (``P3``).
RESERVE_SLOT_MESSAGES: dict[str, str | Promise] = {
    engine.EmptyPosition.code: _("Reserve slot %(number)s is empty."),
}


def _placed(code: str, text: str, details: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """The message of a code that names a place, for the place its ``position`` detail names."""
    position = details.get("position")
    if code not in RESERVE_SLOT_MESSAGES or not isinstance(position, str) or len(position) < 2:
        return text, details
    if position[0] == "R":
        text = str(RESERVE_SLOT_MESSAGES[code])
    return text, {**details, "number": position[1:]}


def status_for(code: str) -> int:
    known = REGISTRY.get(code)
    return known.status if known else 400


def message_for(code: str, fallback: str = "", **details: Any) -> str:
    """The message of ``code`` in the active language, filled with ``details`` when it can be."""
    known = REGISTRY.get(code)
    if known is None:
        return fallback or code
    text, details = _placed(code, str(known.message), details)
    try:
        return text % details if "%(" in text else text
    except (KeyError, TypeError, ValueError):
        return fallback or text


def error_body(
    code: str, fallback: str = "", details: dict[str, Any] | None = None
) -> dict[str, Any]:
    """The one error format: ``{"code", "message", ...details}``."""
    details = {k: v for k, v in (details or {}).items() if k not in ("code", "message")}
    return {"code": code, "message": message_for(code, fallback, **details), **details}


def describe(error: Exception) -> tuple[int, dict[str, Any]] | None:
    """(HTTP status, error body) of a service or engine error; None for anything else."""
    if isinstance(error, (engine.EngineError, ServiceError)):
        return status_for(error.code), error_body(error.code, error.message, error.details)
    return None
