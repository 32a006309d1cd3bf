"""The socket contract test: every frame the suite's sockets carry, checked against the AsyncAPI
document the service serves (:mod:`realtime.asyncapi`).

* Each frame the server sends is validated (``jsonschema``) against the message of its socket
  that its ``type`` (and, for a ``result``, its ``action``) names, and may carry no key the
  message does not document; each close code must be one the socket documents (or 1000/1001).
* Each frame a test sends is validated against the socket's client actions. A frame the document
  refuses must be refused by the server (a ``result`` echoing its ``request_id`` fails the
  test); a frame the document accepts must not be refused as malformed (an ``invalid_request``,
  ``unknown_action``, ``invalid_json`` or ``request_too_large`` error echoing its ``request_id``
  fails it).

:class:`ValidatingCommunicator` does it for in-process sockets (``tests.support.sockets``
makes every one of them); :func:`check_received` for ``websockets`` clients of real servers.
The distinct shapes seen are counted and printed at the end of the session (``conftest.py``).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import cache, lru_cache
from typing import Any
from urllib.parse import urlsplit

from channels.testing import WebsocketCommunicator

#: Error codes that say a frame was malformed (as opposed to refused by the rules or state).
MALFORMED = frozenset({"invalid_request", "unknown_action", "invalid_json", "request_too_large"})
#: Close codes of the WebSocket protocol itself that any socket may use.
STANDARD_CLOSES = frozenset({1000, 1001})
DOCUMENT_URI = "urn:halfmoon:asyncapi"


@dataclass
class Tally:
    """What the session validated."""

    frames: int = 0
    sent: int = 0
    shapes: set = field(default_factory=set)
    messages: set = field(default_factory=set)


TALLY = Tally()


@dataclass
class Channel:
    name: str
    regex: re.Pattern
    #: ``type`` (``type``/``action`` for results) → schema name, for server frames.
    server: dict[str, str]
    #: ``action`` → schema name, for client frames.
    client: dict[str, str]
    close_codes: frozenset[int]


@lru_cache(maxsize=1)
def contract():
    """(the document, a validator factory, the channels), built once per session."""
    from jsonschema import Draft7Validator
    from referencing import Registry, Resource
    from referencing.jsonschema import DRAFT7

    from realtime import frames
    from realtime.asyncapi import document, message_id

    served = document()
    registry = Registry().with_resource(
        DOCUMENT_URI, Resource.from_contents(served, default_specification=DRAFT7)
    )

    @cache
    def validator(schema_name: str):
        return Draft7Validator(
            {"$ref": f"{DOCUMENT_URI}#/components/schemas/{schema_name}"}, registry=registry
        )

    channels = []
    for socket in frames.SOCKETS:
        regex = re.escape(socket.path.rstrip("/"))
        for parameter in socket.parameters:
            regex = regex.replace(re.escape(f"{{{parameter.name}}}"), parameter.pattern)
        server = {}
        for frame in socket.frames:
            key = frame.type
            if key == "result":
                key += "/" + frame.__dataclass_fields__["action"].metadata["const"]
            server[key] = frame.__name__
        assert set(served["channels"][socket.name]["messages"]) == {
            message_id(m) for m in (*socket.frames, *socket.actions)
        }
        channels.append(
            Channel(
                socket.name,
                re.compile(rf"^{regex}/?$"),
                server,
                {action.name: action.__name__ for action in socket.actions},
                frozenset(close.code for close in socket.close_codes),
            )
        )
    # Any other path: refused with an error frame and 4404 (the catch-all route).
    unknown = Channel(
        "unknown path", re.compile(""), {"error": "ErrorFrame"}, {}, frozenset({4404})
    )
    return served, validator, channels, unknown


def channel_for(path: str) -> Channel:
    _, _, channels, unknown = contract()
    bare = urlsplit(path).path
    return next((c for c in channels if c.regex.match(bare)), unknown)


def _shape(value: Any) -> Any:
    if isinstance(value, dict):
        return ("object", tuple(sorted((key, _shape(item)) for key, item in value.items())))
    if isinstance(value, list):
        return ("array", tuple(sorted({repr(_shape(item)) for item in value})))
    return type(value).__name__


def _problems(schema_name: str, content: Any) -> list[str]:
    _, validator, _, _ = contract()
    return [
        f"{'/'.join(map(str, error.absolute_path)) or '(frame)'}: {error.message}"
        for error in validator(schema_name).iter_errors(content)
    ]


def check_received(path: str, text: str) -> dict:
    """A frame the server sent on ``path``: validated, counted; returned decoded."""
    channel = channel_for(path)
    try:
        content = json.loads(text)
    except ValueError:
        raise AssertionError(f"{path}: a frame that is not JSON: {text[:200]!r}") from None
    assert isinstance(content, dict), f"{path}: a frame that is not an object: {text[:200]!r}"
    key = content.get("type")
    if key == "result":
        key = f"result/{content.get('action')}"
    schema_name = channel.server.get(str(key))
    assert schema_name is not None, f"{path}: the {channel.name} socket documents no {key!r} frame"
    problems = _problems(schema_name, content)
    served, _, _, _ = contract()
    documented = served["components"]["schemas"][schema_name]["properties"]
    problems += [f"{name}: not documented" for name in content if name not in documented]
    assert not problems, f"{path}: a {key} frame the AsyncAPI document refuses: {problems}"
    TALLY.frames += 1
    TALLY.messages.add((channel.name, schema_name))
    TALLY.shapes.add((channel.name, schema_name, _shape(content)))
    return content


def check_sent(path: str, text: str | None) -> tuple[bool, Any]:
    """A frame a test sent on ``path``: (does the document accept it, its ``request_id``)."""
    channel = channel_for(path)
    try:
        content = json.loads(text) if text is not None else None
    except (ValueError, RecursionError):
        return False, None
    if not isinstance(content, dict):
        return False, None
    request_id = content.get("request_id")
    action = content.get("action")
    schema_name = channel.client.get(action) if isinstance(action, str) else None
    if schema_name is None:
        return False, request_id
    if _problems(schema_name, content):
        return False, request_id
    TALLY.sent += 1
    TALLY.messages.add((channel.name, schema_name))
    TALLY.shapes.add((channel.name, schema_name, _shape(content)))
    return True, request_id


class ValidatingCommunicator(WebsocketCommunicator):
    """A ``WebsocketCommunicator`` whose every frame, both ways, meets the AsyncAPI document."""

    def __init__(self, application, path, headers=None, subprotocols=None, spec_version=None):
        super().__init__(application, path, headers, subprotocols, spec_version)
        self.contract_path = path
        self.refusal_expected: set = set()
        self.acceptance_expected: set = set()

    async def send_input(self, message):
        if message.get("type") == "websocket.receive":
            valid, request_id = check_sent(self.contract_path, message.get("text"))
            hashable = request_id if isinstance(request_id, (str, int)) else None
            if hashable is not None:
                (self.acceptance_expected if valid else self.refusal_expected).add(hashable)
        return await super().send_input(message)

    async def receive_output(self, timeout=1):
        message = await super().receive_output(timeout)
        if message.get("type") == "websocket.send" and message.get("text") is not None:
            frame = check_received(self.contract_path, message["text"])
            self._check_reply(frame)
        elif message.get("type") == "websocket.send":
            raise AssertionError(f"{self.contract_path}: the server sent a binary frame")
        elif message.get("type") == "websocket.close":
            code = message.get("code", 1000)
            documented = channel_for(self.contract_path).close_codes | STANDARD_CLOSES
            assert code in documented, (
                f"{self.contract_path}: close code {code} is not documented for this socket"
            )
        return message

    def _check_reply(self, frame: dict) -> None:
        request_id = frame.get("request_id")
        if not isinstance(request_id, (str, int)):
            return
        if frame["type"] == "result":
            assert request_id not in self.refusal_expected, (
                f"{self.contract_path}: the server accepted frame {request_id!r}, which the "
                "AsyncAPI document refuses"
            )
        elif frame["type"] == "error" and frame.get("code") in MALFORMED:
            assert request_id not in self.acceptance_expected, (
                f"{self.contract_path}: the server refused frame {request_id!r} as malformed "
                f"({frame['code']}: {frame.get('fields')}), but the AsyncAPI document accepts it"
            )


def summary() -> str | None:
    """The session's line for the terminal summary, or None when no socket was checked."""
    if not TALLY.frames and not TALLY.sent:
        return None
    served, _, _, _ = contract()
    return (
        f"AsyncAPI socket contract: {TALLY.frames} frames received and {TALLY.sent} sent were "
        f"validated: {len(TALLY.shapes)} distinct frame shapes, "
        f"{len({name for _, name in TALLY.messages})} of "
        f"{len(served['components']['messages'])} documented messages seen"
    )
