"""The JSON Schema of every error body, built from the registry (:mod:`games.core.errors`).

The registry names the detail fields each code carries; what each detail field holds is
declared here once, by name (a ``game_id`` is the same integer whichever code carries it).
REST's OpenAPI description (``api.contract``) — and any other description of the same bodies,
such as the sockets' — builds one schema per code from :func:`schema_of`: ``code`` a
one-value enum (the discriminator of a union of codes), ``message`` text, the details typed.
Plain JSON Schema (2020-12, as OpenAPI 3.1 uses it): nothing here knows OpenAPI.
"""

from __future__ import annotations

from typing import Any

from .errors import REGISTRY, ErrorCode

_INTEGER: dict[str, Any] = {"type": "integer"}
#: An id, as the request named it (a path's id may name nothing: ``/games/0``).
_ID: dict[str, Any] = {"type": "integer", "minimum": 0}
_TEXT: dict[str, Any] = {"type": "string"}
_TEXTS: dict[str, Any] = {"type": "array", "items": {"type": "string"}}

#: A card as the API writes it (SPEC §1): rank then suit.
CARD_PATTERN = r"^(A|[2-9]|10|J|Q|K)[CDHS]$"

#: Each detail field an error body may carry, by name: what it holds.
DETAIL_SCHEMAS: dict[str, dict[str, Any]] = {
    "action": {"type": ["string", "null"], "description": "The frame's `action`, as sent."},
    "around": {**_TEXT, "description": "The `around` value sent (up to 20 characters)."},
    "card": {**_TEXT, "description": "The text that is not a card."},
    "cards": {
        "type": "array",
        "items": {"type": "string", "pattern": CARD_PATTERN},
        "description": "The cards the refused removal named.",
    },
    "count": {**_INTEGER, "minimum": 0, "description": "How many positions the move named."},
    "scope": {
        "type": "string",
        "enum": ["account", "play", "races", "read"],
        "description": "The scope the operation or socket needs (games.oauth.scopes).",
    },
    "current_version": {
        **_INTEGER,
        "minimum": 0,
        "description": "The game's version now: reload it (or send this as expected_version).",
    },
    "cursor": {**_TEXT, "description": "The cursor sent (up to 200 characters)."},
    "date": {**_TEXT, "description": "The date sent, or the date concerned (YYYY-MM-DD)."},
    "deal_code": {**_TEXT, "description": "The deal code concerned."},
    "fields": {
        "type": "object",
        "description": "Per field of the request (`non_field_errors` for the whole), its "
        "problems: a list of messages, or for a nested object or a list, the same map per "
        "nested field or index.",
        "additionalProperties": {"anyOf": [_TEXTS, {"type": "object"}]},
    },
    "game_id": {**_ID, "description": "The game concerned."},
    "steps": {"type": "integer", "minimum": 0, "description": "The game's last replay step."},
    "invite": {**_TEXT, "description": "The invite code sent (up to 20 characters)."},
    "limit": {**_INTEGER, "minimum": 1, "description": "The most allowed."},
    "max": {**_INTEGER, "description": "The largest value allowed."},
    "members": {**_INTEGER, "minimum": 0, "description": "How many members the race has."},
    "min": {**_INTEGER, "description": "The smallest value allowed."},
    "not_ready": {
        "type": "array",
        "items": _ID,
        "description": "The player ids of the members not ready.",
    },
    "opens_at": {
        "type": "string",
        "format": "date-time",
        "description": "When the game becomes visible to others (its day closes).",
    },
    "parameters": {
        **_TEXTS,
        "description": "The query parameters the endpoint does not declare, sorted.",
    },
    "player_id": {**_ID, "description": "The player concerned."},
    "position": {**_TEXT, "description": "The position concerned, as sent or as named."},
    "positions": {**_TEXTS, "description": "The positions the move named."},
    "problems": {**_TEXTS, "description": "Why the password is refused, one message each."},
    "race_id": {**_ID, "description": "The race concerned."},
    "reason": {
        "type": "string",
        "enum": ["unprintable", "mixed_scripts"],
        "description": "What is wrong with the name, when more than its length.",
    },
    "retry_after": {
        **_INTEGER,
        "minimum": 0,
        "description": "Whole seconds to wait before trying again (as the Retry-After header).",
    },
    "season": {**_TEXT, "description": "The season sent (up to 20 characters)."},
    "seats": {**_INTEGER, "minimum": 1, "description": "The race's seats."},
    "starts_on": {
        "type": "string",
        "format": "date",
        "description": "The season's first day (UTC).",
    },
    "status": {**_TEXT, "description": "The game's or the race's status now."},
    "token_id": {**_ID, "description": "The device token concerned."},
}


def component_name(code: str) -> str:
    """``version_conflict`` → ``VersionConflictError``."""
    return "".join(part[:1].upper() + part[1:] for part in code.split("_")) + "Error"


def schema_of(known: ErrorCode) -> dict[str, Any]:
    """The JSON Schema of an error body of one code; raises KeyError for an untyped detail."""
    properties: dict[str, Any] = {
        "code": {"type": "string", "const": known.code},
        "message": {"type": "string", "description": "What went wrong, in the caller's language."},
    }
    for name in known.detail_fields:
        if name not in DETAIL_SCHEMAS:
            raise KeyError(
                f"Error code {known.code!r} carries {name!r}: declare its schema in "
                "games.core.error_schemas.DETAIL_SCHEMAS"
            )
        properties[name] = DETAIL_SCHEMAS[name]
    description = f"`{known.code}` (HTTP {known.status})"
    if known.when:
        description += f": {known.when}"
    return {
        "type": "object",
        "description": description,
        "properties": properties,
        "required": ["code", "message"],
    }


def any_error_schema() -> dict[str, Any]:
    """Any error body: the one format, with ``code`` one of the registry's codes."""
    return {
        "type": "object",
        "description": "The one error format: a stable `code`, a `message` in the caller's "
        "language, and the code's details.",
        "properties": {
            "code": {"type": "string", "enum": sorted(REGISTRY)},
            "message": {"type": "string"},
        },
        "required": ["code", "message"],
        "additionalProperties": True,
    }
