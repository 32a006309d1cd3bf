"""Refusals of a request as such, which both transports (REST and the sockets) and the admin
answer with: its body, its credentials, its method and media type, its headers' conditions, the
service's own availability. They are in the one registry (:mod:`games.core.errors`) like every
domain's; the refusals a domain's own rules make (a field's value, a page's cursor, a rate)
stay in the core, where domains reach them.
"""

from django.utils.translation import gettext_lazy as _

from games.core.errors import RequestError, declare

InvalidJson = declare(
    "invalid_json",
    400,
    _("The request body is not valid JSON."),
    when="a body or socket frame that is not JSON, or nested too deeply",
    base=RequestError,
)

UnknownAction = declare(
    "unknown_action",
    400,
    _("Unknown action: use move, tap, undo or resign."),
    details=("action",),
    when="socket only: the frame's `action` is not `move`, `tap`, `undo` or `resign`",
    base=RequestError,
)

ReadOnlySocket = declare(
    "read_only_socket",
    400,
    _("This socket only sends changes: it takes no actions."),
    when="socket only: any frame sent to a daily-board, race or personal socket",
    base=RequestError,
)

NotAuthenticated = declare(
    "not_authenticated",
    401,
    _("Authentication is needed: send Authorization: Bearer <token>."),
    when="no credentials where a player is needed",
    base=RequestError,
)

InvalidToken = declare(
    "invalid_token",
    401,
    _("The token is not valid."),
    when="an unknown or revoked token, or a malformed `Authorization: Bearer`/`Token` header; on "
    "a socket, close code 4401 follows",
    base=RequestError,
)

TokenRevoked = declare(
    "token_revoked",
    401,
    _("This device was signed out: sign in again."),
    when="socket only: the token the socket was opened with was revoked while it was open "
    "(signed out, rotated, revoked from another device or by staff, the password changed, "
    "the account locked or deleted); close code 4401 follows",
    base=RequestError,
)

PermissionDenied = declare(
    "permission_denied",
    403,
    _("You may not do this."),
    when="a session request without its CSRF token",
    base=RequestError,
)

NotFound = declare(
    "not_found",
    404,
    _("Nothing is here."),
    when="no such URL",
    base=RequestError,
)

MethodNotAllowed = declare(
    "method_not_allowed",
    405,
    _("This method is not allowed here."),
    when="a method the endpoint does not take",
    base=RequestError,
)

NotAcceptable = declare(
    "not_acceptable",
    406,
    _("This endpoint answers in JSON only."),
    when="an `Accept` header that excludes JSON",
    base=RequestError,
)

RequestTooLarge = declare(
    "request_too_large",
    413,
    _("The request is too large."),
    when="a body or frame larger than `HALFMOON_MAX_BODY_BYTES` (16 KiB)",
    base=RequestError,
)

UnsupportedMediaType = declare(
    "unsupported_media_type",
    415,
    _("Send the request body as application/json."),
    when="a body that is not `application/json`",
    base=RequestError,
)

ServiceUnavailable = declare(
    "service_unavailable",
    503,
    _("The service cannot answer right now: try again in a moment."),
    details=("retry_after",),
    when=(
        "a dependency the request needs (the database) cannot be reached; retry after `Retry-After`"
    ),
    base=RequestError,
)

ServerError = declare(
    "server_error",
    500,
    _("Something went wrong on our side. Nothing was changed."),
    when="an unexpected failure (nothing was changed)",
    base=RequestError,
)

UnknownQueryParameter = declare(
    "unknown_query_parameter",
    400,
    _("The query string has parameters this endpoint does not take."),
    details=("parameters", "fields"),
    when="a query parameter the endpoint does not declare (refused like an unknown body field)",
    base=RequestError,
)

InvalidIdempotencyKey = declare(
    "invalid_idempotency_key",
    400,
    _("An Idempotency-Key is 1 to 255 visible ASCII characters."),
    when="an `Idempotency-Key` header that is empty, too long or not visible ASCII",
    base=RequestError,
)

IdempotencyKeyInFlight = declare(
    "idempotency_key_in_flight",
    409,
    _("A request with this Idempotency-Key is still being processed: retry in a moment."),
    details=("retry_after",),
    when="a POST repeating the `Idempotency-Key` of one still being processed (sends "
    "`Retry-After`; the retry then gets the first answer)",
    base=RequestError,
)

IdempotencyKeyReused = declare(
    "idempotency_key_reused",
    422,
    _("This Idempotency-Key was used for another request: use a new key for a new request."),
    when="a POST repeating an `Idempotency-Key` of the last 24 hours with another body or path "
    "(nothing is changed)",
    base=RequestError,
)

PreconditionFailed = declare(
    "precondition_failed",
    412,
    _("The game has changed since you read it: read it again."),
    details=("current_version",),
    when=(
        "an `If-Match` that is not the game's current `ETag` (a stale version; nothing is changed)"
    ),
    base=RequestError,
)
