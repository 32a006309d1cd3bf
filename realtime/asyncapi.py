"""The AsyncAPI 3.0 document of the sockets (``/api/v1/asyncapi.json``), generated.

Everything comes from the definitions the sockets themselves use: the sockets, their
parameters and close codes (:data:`realtime.frames.SOCKETS`), every frame the server sends
(:data:`realtime.frames.FRAMES`), every action a client sends (:data:`realtime.frames.ACTIONS`,
which the game socket reads frames through) and the error codes (:data:`games.core.errors.
REGISTRY`). The REST representations a frame carries (a game, a race, a leaderboard entry…) are
not described twice: their schemas are copied, with the components they reference, from the
OpenAPI schema the API serves, so a frame's ``game`` is exactly ``GET /api/v1/games/{id}``'s.

A frame's schema is built from its dataclass type hints by :func:`hint_schema`. It is
hand-written (a few lines) rather than taken from a library such as pydantic because the frames
use five hint shapes only, the field metadata adds the rest, and the service does not depend on
pydantic. OpenAPI 3.0's ``nullable`` becomes JSON Schema (``anyOf`` with ``{"type": "null"}``):
the AsyncAPI default schema format is a JSON Schema draft 07 superset.

Server frames list every key they carry as required (a frame always carries all of them, null
when empty) without ``additionalProperties: false``, so a client generated from the document
keeps working when a frame gains a key; client frames do forbid other keys, as the game socket
refuses them. Error frames name each code's details (``retry_after`` …) as required for that
code, typed as REST types them (:data:`games.core.error_schemas.DETAIL_SCHEMAS`).
"""

from __future__ import annotations

import copy
import dataclasses
import inspect
import re
import types
import typing
from functools import lru_cache
from typing import Any

from django.utils import translation

from games.core import rates
from games.core.error_schemas import DETAIL_SCHEMAS
from games.core.errors import REGISTRY
from games.oauth.scopes import SCOPES, socket_scope
from realtime import frames
from realtime.auth import SUBPROTOCOL, TOKEN_SUBPROTOCOL

ASYNCAPI_VERSION = "3.0.0"
#: The document's own version: raise it when the socket protocol changes.
DOCUMENT_VERSION = "1.2.0"

#: Where each REST representation a frame carries is described in the OpenAPI schema:
#: (path with ``{}`` for its parameters, method, the keys to walk in its 200/201 answer body;
#: ``items`` steps into an array).
REPRESENTATIONS: dict[str, tuple[str, str, tuple[str, ...]]] = {
    "game": ("/api/v1/games/{}", "get", ()),
    "race": ("/api/v1/races/{}", "get", ()),
    "entries": ("/api/v1/daily/{}/leaderboard", "get", ("results",)),
    "entry": ("/api/v1/daily/{}/leaderboard", "get", ("results", "items")),
    "season_entries": ("/api/v1/seasons/{}/board", "get", ("results",)),
    "challenge_entries": ("/api/v1/challenges/{}/board", "get", ("results",)),
    "open_races": ("/api/v1/races", "get", ("results",)),
    "placed_cards": ("/api/v1/games/{}/taps", "post", ("removed",)),
    "tap_message": ("/api/v1/games/{}/taps", "post", ("message",)),
}


def _one_line(text: str | None) -> str:
    return " ".join(inspect.cleandoc(text or "").split())


def _camel(name: str) -> str:
    return name[:1].lower() + name[1:]


def message_id(definition: type) -> str:
    """``GameFrame`` → ``game``, ``MoveResultFrame`` → ``moveResult``, ``MoveAction`` →
    ``moveAction``: the message's id in the document."""
    return _camel(definition.__name__.removesuffix("Frame"))


# -- JSON Schema from the OpenAPI schema -----------------------------------------------------
@lru_cache(maxsize=1)
def openapi_schema() -> dict[str, Any]:
    """The OpenAPI schema ``/api/v1/schema/`` serves (generated once per process)."""
    from drf_spectacular.generators import SchemaGenerator

    return SchemaGenerator().get_schema(request=None, public=True)


def json_schema(node: Any) -> Any:
    """An OpenAPI schema (3.0 or 3.1) as JSON Schema: ``nullable`` becomes an ``anyOf`` with
    null, an OpenAPI ``discriminator`` object becomes its ``propertyName`` (AsyncAPI's form)."""
    if isinstance(node, list):
        return [json_schema(item) for item in node]
    if not isinstance(node, dict):
        return node
    converted = {key: json_schema(value) for key, value in node.items()}
    discriminator = converted.get("discriminator")
    if isinstance(discriminator, dict):
        converted["discriminator"] = discriminator["propertyName"]
    if converted.pop("nullable", False):
        description = converted.pop("description", None)
        converted = or_null(converted)
        if description is not None:
            converted["description"] = description
    return converted


def _resolved(node: dict[str, Any], components: dict[str, Any]) -> dict[str, Any]:
    """``node`` with a ``$ref`` (or a one-item ``allOf`` of one) followed."""
    while True:
        if "$ref" in node:
            node = components[node["$ref"].rsplit("/", 1)[1]]
        elif len(node.get("allOf", ())) == 1:
            node = node["allOf"][0]
        else:
            return node


def or_null(core: dict[str, Any]) -> dict[str, Any]:
    """``core`` or null, without nesting ``anyOf`` in ``anyOf``."""
    null = {"type": "null"}
    if set(core) == {"anyOf"}:
        return core if null in core["anyOf"] else {"anyOf": [*core["anyOf"], null]}
    return {"anyOf": [core, null]}


def _normal(path: str) -> str:
    return re.sub(r"\{[^}]+\}", "{}", path)


def representation_schemas(openapi: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """(representation name → its schema, the OpenAPI components they reference), both as
    JSON Schema with references left as ``#/components/schemas/<name>``."""
    components = openapi.get("components", {}).get("schemas", {})
    paths = {_normal(path): item for path, item in openapi["paths"].items()}
    found: dict[str, Any] = {}
    for name, (path, method, keys) in REPRESENTATIONS.items():
        responses = paths[path][method]["responses"]
        answer = responses.get("200") or responses["201"]
        node = answer["content"]["application/json"]["schema"]
        for key in keys:
            node = _resolved(node, components)
            node = node["items"] if key == "items" else node["properties"][key]
        found[name] = json_schema(node)
    needed: dict[str, Any] = {}
    pending = list(found.values())
    while pending:
        for reference in re.findall(r"#/components/schemas/([\w.-]+)", repr(pending.pop())):
            if reference not in needed:
                needed[reference] = json_schema(components[reference])
                pending.append(needed[reference])
    return found, needed


# -- JSON Schema of the frames ---------------------------------------------------------------
def hint_schema(hint: Any) -> dict[str, Any]:
    """The JSON Schema of a frame field's type hint (str, int, bool, Any, list[...],
    dict[str, ...], unions, with None)."""
    core, nullable = _core_schema(hint)
    return or_null(core) if nullable else core


def _core_schema(hint: Any) -> tuple[dict[str, Any], bool]:
    """(the schema of ``hint`` without its None, whether None is allowed)."""
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        args = typing.get_args(hint)
        options = [hint_schema(arg) for arg in args if arg is not type(None)]
        core = options[0] if len(options) == 1 else {"anyOf": options}
        return core, type(None) in args
    if origin is list:
        return {"type": "array", "items": hint_schema(typing.get_args(hint)[0])}, False
    if origin is dict:
        value = typing.get_args(hint)[1]
        extra = {} if value is Any else {"additionalProperties": hint_schema(value)}
        return {"type": "object", **extra}, False
    simple = {str: "string", int: "integer", bool: "boolean"}
    if hint in simple:
        return {"type": simple[hint]}, False
    if hint is Any:
        return {}, False
    raise TypeError(f"No JSON Schema for the frame field type {hint!r}")


def field_schema(item: dataclasses.Field, hint: Any, representations: dict[str, Any]) -> dict:
    """A frame field's schema: its hint, refined by its metadata, with its ``doc``."""
    core, nullable = _core_schema(hint)
    metadata = item.metadata
    if "representation" in metadata:
        core = copy.deepcopy(representations[metadata["representation"]])
    extra = metadata.get("schema", {})
    # An ``anyOf`` in the metadata says it all (a request_id's string or number).
    core = dict(extra) if "anyOf" in extra else {**core, **extra}
    if "const" in metadata:
        core["const"] = metadata["const"]
    schema = or_null(core) if nullable else core
    return {**schema, "description": metadata["doc"]}


def frame_schema(frame: type, representations: dict[str, Any]) -> dict[str, Any]:
    """The payload schema of a server frame."""
    if frame is frames.ErrorFrame:
        return error_schema()
    hints = typing.get_type_hints(frame)
    properties: dict[str, Any] = {"type": {"const": frame.type}}  # type: ignore[attr-defined]
    for item in dataclasses.fields(frame):
        properties[item.name] = field_schema(item, hints[item.name], representations)
    return {
        "type": "object",
        "description": _one_line(frame.__doc__),
        "properties": properties,
        "required": list(properties),
    }


def action_schema(action: type[frames.ClientAction]) -> dict[str, Any]:
    """The payload schema of a client frame: only its declared keys."""
    hints = typing.get_type_hints(action)
    properties: dict[str, Any] = {"action": {"const": action.name}}
    required = ["action"]
    for item in dataclasses.fields(action):
        properties[item.name] = field_schema(item, hints[item.name], {})
        if item.default is dataclasses.MISSING:
            required.append(item.name)
    return {
        "type": "object",
        "description": _one_line(action.__doc__),
        "properties": properties,
        "required": required,
        "additionalProperties": False,
    }


def error_schema() -> dict[str, Any]:
    """The `error` frame: REST's error body, its `request_id`, and each code's details."""
    properties: dict[str, Any] = {"type": {"const": "error"}}
    for name, doc in frames.ErrorFrame.documented.items():
        properties[name] = {"description": doc}
    properties["code"] |= {"type": "string", "enum": sorted(REGISTRY)}
    properties["message"] |= {"type": "string"}
    properties["request_id"] |= or_null(frames.REQUEST_ID_SCHEMA)
    details: dict[str, list[str]] = {}
    for known in REGISTRY.values():
        for name in known.detail_fields:
            details.setdefault(name, []).append(known.code)
    for name, codes in sorted(details.items()):
        if name not in DETAIL_SCHEMAS:  # REST refuses an untyped detail the same way
            raise KeyError(f"Error detail {name!r}: declare its schema in DETAIL_SCHEMAS")
        typed = DETAIL_SCHEMAS[name]  # REST's type of the detail (games.core.error_schemas)
        of = "A detail of " + ", ".join(f"`{code}`" for code in sorted(codes)) + "."
        described = f"{typed['description']} {of}" if "description" in typed else of
        properties[name] = {**typed, "description": described}
    per_code = [
        {
            "if": {"properties": {"code": {"const": known.code}}},
            "then": {
                "required": list(known.detail_fields),
                "properties": {name: DETAIL_SCHEMAS[name] for name in known.detail_fields},
            },
        }
        for known in sorted(REGISTRY.values(), key=lambda known: known.code)
        if known.detail_fields
    ]
    return {
        "type": "object",
        "description": _one_line(frames.ErrorFrame.__doc__)
        + " The codes and their details are the REST error codes (docs/PROTOCOL.md §3).",
        "properties": properties,
        "required": ["type", *frames.ErrorFrame.documented],
        "allOf": per_code,
    }


# -- the document ----------------------------------------------------------------------------
AUTHENTICATION = f"""A socket authenticates with a device token in one of three ways, the first
found wins:

1. an `Authorization: Bearer <token>` (or `Token <token>`) header on the handshake, for clients
   that can set headers;
2. the subprotocol offer `Sec-WebSocket-Protocol: {SUBPROTOCOL}, {TOKEN_SUBPROTOCOL}<token>` —
   what a browser can send: `new WebSocket(url, ["{SUBPROTOCOL}", "{TOKEN_SUBPROTOCOL}" + token])`;
   the server selects `{SUBPROTOCOL}` and never echoes the token;
3. `?token=<token>` in the URL, kept for older clients: URLs are what proxies and access logs
   record, so prefer the other two (the service itself logs no token).

Without a token a same-site browser session is used, else the client is an anonymous watcher.
A token that is unknown, revoked or suspended is refused — an `error` frame (`invalid_token`,
`token_suspended`), then close code 4401 (4403 when suspended) — never turned into a watcher."""

ORDER = """**Order of an action's answers.** The change is committed, then its `game` frame is
handed to every socket of the game (the actor's included), and only then is the actor answered
with its `result` (or an `error`, which changes nothing). On the socket that acted, the
`result` always comes first and that change's `game` frame after it (a frame reaching the
socket while its action is answered waits); other sockets get the `game` frame whenever the
broadcast arrives. Both carry the same `game.version`. Keep the highest version seen, drop a
`game` frame whose version is not newer, reload `GET /api/v1/games/{id}` on a gap. Results per
action: `move` → `removed` (the cards taken off); `tap` → `removed` (null unless the tap
completed a removal), `message`, `dimmed`; `undo` → `restored` (the cards put back); `resign` →
the game only."""


def close_codes_text(socket: frames.SocketDefinition) -> str:
    lines = [f"- `{close.code}`: {close.meaning}" for close in socket.close_codes]
    lines.append("- `1001`: the server is shutting down: reconnect and resynchronise.")
    return "Close codes:\n\n" + "\n".join(lines)


def channel(socket: frames.SocketDefinition) -> dict[str, Any]:
    query = {"token": "A device token (prefer the header or the subprotocol).", **socket.query}
    description = socket.description + "\n\n" + close_codes_text(socket)
    if socket.path == frames.GAME_SOCKET:
        description += "\n\n" + ORDER
    else:
        description += (
            "\n\nRead-only: any frame sent gets an `error` `read_only_socket`; frames beyond "
            "the `socket_message` rate close the socket (4429)."
        )
    messages = [*socket.frames, *socket.actions]
    return {
        "address": socket.path,
        "title": socket.title,
        "description": description,
        "parameters": {p.name: {"description": p.description} for p in socket.parameters},
        "messages": {
            message_id(m): {"$ref": f"#/components/messages/{message_id(m)}"} for m in messages
        },
        "bindings": {
            "ws": {
                "method": "GET",
                "query": {
                    "type": "object",
                    "properties": {
                        name: {"type": "string", "description": text}
                        for name, text in query.items()
                    },
                    "additionalProperties": False,
                },
                "headers": {
                    "type": "object",
                    "properties": {
                        "Authorization": {
                            "type": "string",
                            "description": "`Bearer <token>` (or `Token <token>`).",
                        },
                        "Sec-WebSocket-Protocol": {
                            "type": "string",
                            "description": f"`{SUBPROTOCOL}, {TOKEN_SUBPROTOCOL}<token>`.",
                        },
                    },
                },
                "bindingVersion": "0.1.0",
            }
        },
        "x-close-codes": [
            {"code": close.code, "meaning": close.meaning} for close in socket.close_codes
        ],
    }


def oauth2_schemes(site: str) -> dict[str, Any]:
    """One ``oauth2_<scope>`` scheme per scope: an app's token (SPEC §13) that holds it, sent
    like a device token; without it the socket sends `insufficient_scope` and closes (4403).
    ``site`` is the server's own origin (AsyncAPI wants the flow URLs absolute)."""
    with translation.override("en"):
        available = {name: str(text) for name, text in SCOPES.items()}
    return {
        f"oauth2_{scope}": {
            "type": "oauth2",
            "description": f"An app's token with the `{scope}` scope, sent like a device "
            "token (header, subprotocol or query). Without it: an `error` frame "
            "`insufficient_scope`, then close code 4403.",
            "flows": {
                "authorizationCode": {
                    "authorizationUrl": f"{site}/oauth/authorize/",
                    "tokenUrl": f"{site}/oauth/token/",
                    "refreshUrl": f"{site}/oauth/token/",
                    "availableScopes": available,
                }
            },
            "scopes": [scope],
        }
        for scope in sorted(SCOPES)
    }


def operations(socket: frames.SocketDefinition) -> dict[str, Any]:
    """The server sends the socket's frames; the game socket receives its actions, each
    answered (on the same socket) by its result or an error."""
    ref = f"#/channels/{socket.name}"
    # A device token, or an app's token with the socket's one declared scope (games.oauth).
    security = [
        {"$ref": "#/components/securitySchemes/bearer"},
        {"$ref": f"#/components/securitySchemes/oauth2_{socket_scope(socket.name)}"},
    ]
    found: dict[str, Any] = {
        f"{socket.name}.frames": {
            "action": "send",
            "channel": {"$ref": ref},
            "security": security,
            "title": f"Frames of {socket.path}",
            "summary": "Every frame the server sends on this socket.",
            "messages": [
                {"$ref": f"{ref}/messages/{message_id(frame)}"} for frame in socket.frames
            ],
        }
    }
    for action in socket.actions:
        found[f"{socket.name}.{action.name}"] = {
            "action": "receive",
            "channel": {"$ref": ref},
            "title": f"`{action.name}`",
            "security": security,
            "summary": _one_line(action.__doc__),
            "description": ORDER,
            "messages": [{"$ref": f"{ref}/messages/{message_id(action)}"}],
            "reply": {
                "channel": {"$ref": ref},
                "messages": [
                    {"$ref": f"{ref}/messages/{message_id(action.result)}"},
                    {"$ref": f"{ref}/messages/{message_id(frames.ErrorFrame)}"},
                ],
            },
        }
    return found


def document(host: str = "localhost:8000", secure: bool = False) -> dict[str, Any]:
    """The AsyncAPI document, for a server at ``host``."""
    representations, rest_components = representation_schemas(openapi_schema())
    schemas: dict[str, Any] = dict(rest_components)
    messages: dict[str, Any] = {}
    for definition in (*frames.FRAMES, *frames.ACTIONS):
        if definition.__name__ in schemas:
            raise RuntimeError(f"{definition.__name__} is also an OpenAPI component's name")
        if isinstance(definition, type) and issubclass(definition, frames.ClientAction):
            schemas[definition.__name__] = action_schema(definition)
            name = f"{definition.name} (from the client)"
        else:
            schemas[definition.__name__] = frame_schema(definition, representations)
            name = definition.type  # type: ignore[attr-defined]
        messages[message_id(definition)] = {
            "name": name,
            "title": definition.__name__,
            "summary": _one_line(definition.__doc__),
            "contentType": "application/json",
            "payload": {"$ref": f"#/components/schemas/{definition.__name__}"},
        }
    all_operations: dict[str, Any] = {}
    for socket in frames.SOCKETS:
        all_operations |= operations(socket)
    return {
        "asyncapi": ASYNCAPI_VERSION,
        "info": {
            "title": "Half Moon sockets",
            "version": DOCUMENT_VERSION,
            "description": (
                "The WebSocket protocol of the Half Moon game service, generated from the "
                "frame definitions the sockets use (`realtime/frames.py`). Frames are JSON "
                "text messages whose `type` names them; client frames carry an `action`. The "
                "REST API is described by the OpenAPI schema at `/api/v1/schema/`; every path "
                "here is also taken without its trailing slash, and any other path is refused "
                "with `not_found` and close code 4404.\n\n"
                + AUTHENTICATION
                + "\n\n"
                + rates.shared_action_budget()
            ),
        },
        "defaultContentType": "application/json",
        "servers": {
            "service": {
                "host": host,
                "protocol": "wss" if secure else "ws",
                "description": "This server. Tokens are optional except on `/ws/me/`.",
                "security": [
                    {"$ref": "#/components/securitySchemes/bearer"},
                    {"$ref": "#/components/securitySchemes/subprotocol"},
                    {"$ref": "#/components/securitySchemes/queryToken"},
                ],
            }
        },
        "channels": {socket.name: channel(socket) for socket in frames.SOCKETS},
        "operations": all_operations,
        "components": {
            "schemas": schemas,
            "messages": messages,
            "securitySchemes": {
                "bearer": {
                    "type": "http",
                    "scheme": "bearer",
                    "description": "`Authorization: Bearer <token>` on the handshake.",
                },
                "subprotocol": {
                    "type": "httpApiKey",
                    "in": "header",
                    "name": "Sec-WebSocket-Protocol",
                    "description": (
                        f"Offer `{SUBPROTOCOL}` and `{TOKEN_SUBPROTOCOL}<token>`; the server "
                        f"selects `{SUBPROTOCOL}` (the token is never echoed)."
                    ),
                },
                "queryToken": {
                    "type": "httpApiKey",
                    "in": "query",
                    "name": "token",
                    "description": "`?token=<token>`: for older clients (URLs get logged).",
                },
                **oauth2_schemes(f"{'https' if secure else 'http'}://{host}"),
            },
        },
    }
