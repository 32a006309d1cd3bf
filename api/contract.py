"""What each REST operation can answer besides its success: its error codes (with their
statuses), extra responses, headers and parameters, declared once and read by the OpenAPI
schema (:mod:`api.schema`), which the contract test checks every response against.

Two sources, merged per operation:

- :data:`CLAUSES`: what every operation of a kind answers, decided from the view itself
  (its authentication, permissions, throttles, whether it reads a body). A feature that
  touches many operations (a header, a new refusal of every POST) is one clause here.
- :func:`refuses`: the codes the view's own work raises (its services' refusals), written
  on the view method beside its ``@extend_schema``.

A code that no clause and no ``@refuses`` lists is not in the operation's schema, so a view
that starts answering it fails the contract test until it is declared.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from drf_spectacular.utils import OpenApiParameter
from rest_framework.permissions import SAFE_METHODS, IsAuthenticated

from api.http.authentication import (
    AppClientAuthentication,
    PlayerSessionAuthentication,
    PlayerTokenAuthentication,
)
from api.http.openapi import error_codes as http_error_codes
from api.http.routes import route_name
from api.http.throttling import GameActionThrottle
from games.core.errors import REGISTRY

BODY_METHODS = frozenset({"POST", "PUT", "PATCH"})


@dataclass(frozen=True)
class Operation:
    """One method of one view, as the schema generator sees it."""

    view: type
    method: str  # upper case
    path: str  # as in the schema: /api/v1/games/{game_id}
    #: A request body is declared (``@extend_schema(request=...)`` other than None).
    reads_body: bool

    def accepts(self, authentication: type) -> bool:
        classes = getattr(self.view, "authentication_classes", ())
        return any(issubclass(c, authentication) for c in classes)


@dataclass(frozen=True)
class Clause:
    """What every operation that ``applies`` adds to its contract."""

    applies: Callable[[Operation], bool]
    #: Error codes it may answer (each with the status the registry gives it).
    codes: tuple[str, ...] = ()
    #: Response headers of its success answers: name → OpenAPI header object.
    headers: Mapping[str, dict[str, Any]] = field(default_factory=dict)
    #: Response headers of its error answers.
    error_headers: Mapping[str, dict[str, Any]] = field(default_factory=dict)
    #: Extra answers without a body (e.g. 304): status → description.
    responses: Mapping[int, str] = field(default_factory=dict)
    #: Extra request parameters (query or header).
    parameters: tuple[OpenApiParameter, ...] = ()


# -- what decides a clause ---------------------------------------------------------------------
def always(operation: Operation) -> bool:
    return True


def accepts_token(operation: Operation) -> bool:
    """A token is read (and a stale one refused), even where none is needed."""
    return operation.accepts(PlayerTokenAuthentication)


def accepts_app_client(operation: Operation) -> bool:
    """An app's own client credentials are read (its webhooks): wrong ones are refused."""
    return operation.accepts(AppClientAuthentication)


def accepts_session_change(operation: Operation) -> bool:
    """A change by the site's session: refused without its CSRF token."""
    return operation.accepts(PlayerSessionAuthentication) and operation.method not in SAFE_METHODS


def needs_player(operation: Operation) -> bool:
    permissions = getattr(operation.view, "permission_classes", ())
    return any(issubclass(p, IsAuthenticated) for p in permissions)


def numbered_path(operation: Operation) -> bool:
    """An id in the path (``{game_id}``…, whole numbers): a path whose id is not a number
    routes nowhere, and is answered ``not_found``."""
    return re.search(r"\{\w+_id\}", operation.path) is not None


def takes_body(operation: Operation) -> bool:
    """A method that carries a body: one too large is refused before any view reads it."""
    return operation.method in BODY_METHODS


def reads_body(operation: Operation) -> bool:
    return operation.reads_body and operation.method in BODY_METHODS


def throttled(operation: Operation) -> bool:
    """A throttle class counts this method (the game-action budget counts changes only)."""
    for throttle in getattr(operation.view, "throttle_classes", ()):
        if issubclass(throttle, GameActionThrottle) and operation.method in SAFE_METHODS:
            continue
        return True
    return False


#: The answers of every operation of a kind. Add a clause for a feature that touches many.
CLAUSES: list[Clause] = [
    # Content negotiation, a dependency down, a bug: any operation.
    Clause(always, ("not_acceptable", "service_unavailable", "server_error")),
    Clause(accepts_token, ("invalid_token", "token_suspended", "insufficient_scope")),
    Clause(accepts_app_client, ("invalid_token",)),
    Clause(accepts_session_change, ("permission_denied",)),
    Clause(needs_player, ("not_authenticated",)),
    Clause(numbered_path, ("not_found",)),
    Clause(takes_body, ("request_too_large",)),
    Clause(reads_body, ("invalid_json", "invalid_request", "unsupported_media_type")),
    Clause(throttled, ("throttled",)),
]

# -- the codes of the views' own work ----------------------------------------------------------
#: Reading a game (its board or log): who may see it (SPEC §3).
GAME_READ = ("game_not_found", "game_private", "daily_game_hidden", "race_game_hidden")
#: Changing one's own game: any action.
GAME_CHANGE = (
    "game_not_found",
    "not_your_game",
    "version_conflict",
    "game_finished",
    "race_over",
    "deal_in_race",
)
#: Spending a budget of ``HALFMOON_THROTTLE_RATES`` inside the view (``rates.charge``).
CHARGED = ("throttled",)
#: Signing a device in to an account: refused to a locked account or a suspended player.
SIGN_IN = ("account_locked", "token_suspended")
#: A board's pages (daily leaderboards, the ratings).
BOARD_PAGES = ("invalid_page_size", "invalid_cursor", "invalid_around", "invalid_request")


def refuses(*codes: str | Iterable[str]) -> Callable:
    """Declare the error codes a view method's own work answers (groups may be passed as
    tuples): ``@refuses(GAME_CHANGE, "nothing_to_undo")``."""
    flat: list[str] = []
    for item in codes:
        flat.extend([item] if isinstance(item, str) else item)
    unknown = [code for code in flat if code not in REGISTRY]
    if unknown:
        raise ValueError(f"Unknown error codes {unknown}: declare them in the registry first")

    def mark(method: Callable) -> Callable:
        method.refusals = tuple(dict.fromkeys(flat))  # type: ignore[attr-defined]
        return method

    return mark


@dataclass
class Contract:
    """Everything one operation answers besides its success responses."""

    codes: dict[int, list[str]] = field(default_factory=dict)  # status → codes
    headers: dict[str, dict[str, Any]] = field(default_factory=dict)
    error_headers: dict[str, dict[str, Any]] = field(default_factory=dict)
    responses: dict[int, str] = field(default_factory=dict)
    parameters: list[OpenApiParameter] = field(default_factory=list)


def contract_of(operation: Operation) -> Contract:
    """The clauses that apply, then the view method's own ``@refuses``; each code once."""
    contract = Contract()
    codes: list[str] = []
    for clause in CLAUSES:
        if not clause.applies(operation):
            continue
        codes.extend(clause.codes)
        contract.headers.update(clause.headers)
        contract.error_headers.update(clause.error_headers)
        contract.responses.update(clause.responses)
        contract.parameters.extend(clause.parameters)
    handler = getattr(operation.view, operation.method.lower(), None)
    codes.extend(getattr(handler, "refusals", ()))
    # The HTTP semantics every view shares (api.http: query check, pages, Idempotency-Key,
    # If-Match, rate limits) declare their codes from the same tables the views obey.
    for found in http_error_codes(route_name(operation.path), operation.method).values():
        codes.extend(found)
    for code in dict.fromkeys(codes):
        contract.codes.setdefault(REGISTRY[code].status, []).append(code)
    contract.codes = {status: sorted(found) for status, found in sorted(contract.codes.items())}
    return contract
