"""The ``Idempotency-Key`` request header (IETF draft-ietf-httpapi-idempotency-key-header) on
every POST of the API: a retry with the same key and body gets the first answer again —
status, body and the headers below, plus ``Idempotent-Replayed: true`` — without a second
effect. Keys belong to the player sending them (to the client address for requests without a
token: ``POST /players``, sign-ins) and are kept 24 hours. The rows and how a key resolves
(another body: 422; still running: 409 with ``Retry-After``) are :mod:`games.transport.idempotency`.

The key is a structured-field String per the draft (``Idempotency-Key: "8e03978e-…"``); a
bare token is taken too, as most clients send one. 1–255 visible ASCII characters.
"""

from __future__ import annotations

import hashlib
import json

from django.http import HttpResponse

from api.http.client_address import of_request
from games.transport import idempotency
from games.transport.errors import InvalidIdempotencyKey

HEADER = "Idempotency-Key"
REPLAYED = "Idempotent-Replayed"
MAX_LENGTH = 255
#: Headers of the first answer that a replay repeats (the rest are per response).
KEPT_HEADERS = ("Content-Type", "Content-Language", "ETag", "Location", "Link")


class Replay(Exception):
    """Raised in a view's ``initial`` to answer with the stored response instead."""

    def __init__(self, response: HttpResponse) -> None:
        super().__init__("replayed")
        self.response = response


def key_of(request) -> str | None:
    raw = request.headers.get(HEADER)
    if raw is None:
        return None
    key = raw.strip()
    if len(key) >= 2 and key[0] == key[-1] == '"':
        key = key[1:-1]
    # Visible ASCII but the double quote, as the schema's pattern says: a quote inside a key
    # (`a"b`, an unclosed `"ab`) is no structured-field string.
    if not 1 <= len(key) <= MAX_LENGTH or not all(0x21 <= ord(c) <= 0x7E and c != '"' for c in key):
        raise InvalidIdempotencyKey()
    return key


def scope_of(request) -> str:
    user = getattr(request, "user", None)
    if user is not None and getattr(user, "is_authenticated", False):
        # an app managing its webhooks by its client credentials has keys of its own
        return getattr(user, "idempotency_scope", None) or f"player:{user.pk}"
    return f"address:{of_request(request)}"


def fingerprint(request) -> str:
    """The request a key stands for: method, path and body (parsed JSON compared as data, so
    a retry that reorders or re-spaces its fields is still the same request)."""
    try:
        body = json.dumps(request.data, sort_keys=True, separators=(",", ":")).encode()
    except (TypeError, ValueError):
        body = request.body
    digest = hashlib.sha256()
    for part in (request.method.encode(), request.path.encode(), body):
        digest.update(part + b"\0")
    return digest.hexdigest()


def begin(request) -> tuple[str, str] | None:
    """Claim the request's key: (scope, key) to finish the claim with, None without a key.
    Raises :class:`Replay` with the first answer, or the registry's refusals."""
    key = key_of(request)
    if key is None:
        return None
    scope = scope_of(request)
    answer = idempotency.claim(scope, key, fingerprint(request))
    if answer is not None:
        response = HttpResponse(answer.body, status=answer.status)
        for name, value in answer.headers.items():
            response[name] = value
        response[REPLAYED] = "true"
        raise Replay(response)
    return scope, key


def finish(claim: tuple[str, str], response) -> None:
    """Keep the answer for retries; drop the claim when a retry may do better (429, 5xx)."""
    scope, key = claim
    if response.status_code == 429 or response.status_code >= 500:
        idempotency.release(scope, key)
        return
    if hasattr(response, "render") and not response.is_rendered:
        response.render()
    headers = {name: response[name] for name in KEPT_HEADERS if response.has_header(name)}
    idempotency.complete(
        scope, key, idempotency.Answer(response.status_code, bytes(response.content), headers)
    )
