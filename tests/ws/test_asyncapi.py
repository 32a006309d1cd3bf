"""The sockets' AsyncAPI document (``/api/v1/asyncapi.json``) and its rendered page.

The document must be valid AsyncAPI 3.0 — checked against the specification's own JSON Schema,
``tests/data/asyncapi-3.0.0.schema.json`` (``schemas/3.0.0-without-$id.json`` of the npm package
``@asyncapi/specs`` 6.11.1, tarball sha256
01af8744dc33c0c7eb2e908f6a955319ee58b70ecadc9387d1aeb16c0cd28928) — and describe every socket,
frame, client action and close code of :mod:`realtime.frames`. Every frame the suite's sockets
carry is validated against it as it passes (``tests.support.frame_contract``).
"""

import copy
import hashlib
import json
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.staticfiles import finders
from jsonschema import Draft7Validator

from realtime import frames
from realtime.asyncapi import message_id
from realtime.routing import websocket_urlpatterns

SPEC = Path(settings.BASE_DIR) / "tests" / "data" / "asyncapi-3.0.0.schema.json"
VENDORED = Path(settings.BASE_DIR) / "realtime" / "static" / "asyncapi"


@pytest.fixture(scope="module")
def spec_validator():
    return Draft7Validator(json.loads(SPEC.read_text()))


@pytest.fixture
def schema_of_rest(client):
    return client.get("/api/v1/schema/", {"format": "json"}).json()


@pytest.fixture
def served(client):
    response = client.get("/api/v1/asyncapi.json")
    assert response.status_code == 200 and response["Content-Type"] == "application/json"
    return response.json()


@pytest.mark.django_db
def test_the_document_is_valid_asyncapi_3(served, spec_validator):
    assert served["asyncapi"] == "3.0.0"
    assert [error.message for error in spec_validator.iter_errors(served)] == []
    broken = copy.deepcopy(served)  # the check is not vacuous
    broken["channels"]["game"]["closeCodes"] = []
    broken["operations"]["game.move"]["action"] = "publish"
    assert len(list(spec_validator.iter_errors(broken))) >= 1


@pytest.mark.django_db
def test_the_document_describes_every_socket_frame_action_and_close_code(served):
    channels = served["channels"]
    assert {channel["address"] for channel in channels.values()} == {
        "/ws/games/{id}/",
        "/ws/daily/{date}/",
        "/ws/races/{id}/",
        "/ws/me/",
        "/ws/challenges/{code}/",
        "/ws/seasons/{season}/",
        "/ws/races/open/",
    }
    assert served["servers"]["service"] == served["servers"]["service"] | {
        "host": "testserver",
        "protocol": "ws",
    }
    messages = served["components"]["messages"]
    for definition in (*frames.FRAMES, *frames.ACTIONS):
        assert message_id(definition) in messages
        assert definition.__name__ in served["components"]["schemas"]
    for socket in frames.SOCKETS:
        channel = channels[socket.name]
        assert {close["code"] for close in channel["x-close-codes"]} == {
            close.code for close in socket.close_codes
        }
        for close in socket.close_codes:
            assert f"`{close.code}`" in channel["description"]
        for frame in socket.frames:
            assert message_id(frame) in channel["messages"]
    documented = {close["code"] for c in channels.values() for close in c["x-close-codes"]}
    assert documented == {close.code for close in frames.CLOSE_CODES}


@pytest.mark.django_db
def test_each_game_action_is_answered_by_its_result_and_the_order_is_documented(served):
    for action in frames.ACTIONS:
        operation = served["operations"][f"game.{action.name}"]
        assert operation["action"] == "receive"
        assert [m["$ref"].rsplit("/", 1)[1] for m in operation["reply"]["messages"]] == [
            message_id(action.result),
            "error",
        ]
        assert "the `result` always comes first" in " ".join(operation["description"].split())
    game = served["components"]["schemas"]
    assert "removed" in game["MoveResultFrame"]["properties"]
    assert "restored" in game["UndoResultFrame"]["properties"]
    assert game["MoveAction"]["additionalProperties"] is False
    throttled = next(
        rule["then"]
        for rule in game["ErrorFrame"]["allOf"]
        if rule["if"]["properties"]["code"]["const"] == "throttled"
    )
    assert throttled["properties"]["retry_after"]["type"] == "integer"


@pytest.mark.django_db
def test_every_error_detail_is_typed_as_rest_types_it(served, schema_of_rest):
    """Each code's details are required in its error frame and typed, with REST's types (an
    untyped required detail was a warning of @asyncapi/parser's per code)."""
    from games.core.error_schemas import DETAIL_SCHEMAS
    from games.core.errors import REGISTRY

    error = served["components"]["schemas"]["ErrorFrame"]
    details = {name for known in REGISTRY.values() for name in known.detail_fields}
    for name in details:
        typed = {k: v for k, v in error["properties"][name].items() if k != "description"}
        assert typed == {k: v for k, v in DETAIL_SCHEMAS[name].items() if k != "description"}
    for rule in error["allOf"]:
        assert set(rule["then"]["required"]) == set(rule["then"]["properties"]), rule["if"]
        for name, typed in rule["then"]["properties"].items():
            assert typed == DETAIL_SCHEMAS[name] and ("type" in typed or "anyOf" in typed), name
    # The same type REST declares for the detail in its own error component.
    rest = schema_of_rest["components"]["schemas"]["VersionConflictError"]["properties"]
    assert rest["current_version"] == DETAIL_SCHEMAS["current_version"]


def test_every_socket_route_is_a_documented_socket_and_the_catch_all_is_last():
    routes = [str(pattern.pattern) for pattern in websocket_urlpatterns]
    assert routes[-1] == ""
    bare = [re.sub(r"\(\?P<\w+>[^)]*\)", "{}", route)[1:-3] + "/" for route in routes[:-1]]
    assert bare == [re.sub(r"\{\w+\}", "{}", socket.path[1:]) for socket in frames.SOCKETS]


@pytest.mark.django_db
def test_the_page_renders_the_document_with_the_vendored_component(client):
    response = client.get("/api/v1/asyncapi/")
    assert response.status_code == 200
    page = response.content.decode()
    assert 'data-document-url="/api/v1/asyncapi.json"' in page
    sources = re.findall(r'(?:src|href)="([^"]+)"', page)
    assert all(source.startswith("/") for source in sources), sources  # no CDN
    assert "connect-src 'self'" in response["Content-Security-Policy"]
    for source in sources:
        if source.startswith(settings.STATIC_URL if settings.STATIC_URL.startswith("/") else "/"):
            name = source.removeprefix("/" + settings.STATIC_URL.strip("/") + "/")
            if name != source:
                assert finders.find(name), source


def test_the_vendored_bundle_is_the_recorded_release():
    record = (VENDORED / "react-component-3.2.1" / "VENDORED.md").read_text()
    for name in ("standalone.js", "default.min.css"):
        digest = hashlib.sha256((VENDORED / "react-component-3.2.1" / name).read_bytes())
        assert digest.hexdigest() in record, name
