"""RFC 9457 problem details when a client asks (``Accept: application/problem+json``): every
kind of error answer of the API becomes a problem object that validates against RFC 9457's
schema and keeps today's ``code`` and details; without asking, the format is unchanged; a
success is never a problem, nor refused 406; a refusal changes nothing either way."""

from __future__ import annotations

import jsonschema
import pytest
from rest_framework.test import APIClient

from api.http.problem import TYPE_PREFIX, wants_problem
from games.models import Game
from tests.support.api import url

pytestmark = pytest.mark.django_db

PROBLEM = "application/problem+json"
#: RFC 9457 Appendix A, the members this service sends.
RFC_9457 = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "type": "object",
    "properties": {
        "type": {"type": "string", "format": "uri-reference"},
        "status": {"type": "integer", "minimum": 100, "maximum": 599},
        "title": {"type": "string"},
        "detail": {"type": "string"},
        "instance": {"type": "string", "format": "uri-reference"},
    },
    "required": ["type", "status", "title", "detail", "instance"],
}


def asked(response, status: int, code: str) -> dict:
    assert response.status_code == status, response.content
    assert response["Content-Type"] == PROBLEM
    body = response.json()
    jsonschema.validate(body, RFC_9457, format_checker=jsonschema.FormatChecker())
    assert body["status"] == status and body["code"] == code
    assert body["type"] == f"{TYPE_PREFIX}{code}"
    return body


@pytest.fixture
def player(player_client):
    client, _ = player_client("pat")
    client.credentials(HTTP_AUTHORIZATION=f"Token {client.token}", HTTP_ACCEPT=PROBLEM)
    return client


def test_an_unknown_game_is_a_problem(player):
    body = asked(player.get(url("games", 999999)), 404, "game_not_found")
    assert body["instance"] == url("games", 999999)
    assert body["detail"] and body["title"]


def test_a_validation_error_keeps_its_fields(player):
    game = player.post(url("games"), {"deal_code": "HM1-N-AAAAAAA"}, format="json").json()
    response = player.post(url("games", game["id"], "moves"), {"positions": "P1"}, format="json")
    body = asked(response, 400, "invalid_request")
    assert "positions" in body["fields"]
    assert Game.objects.get(pk=game["id"]).version == 0  # refused: nothing changed


def test_a_missing_and_an_invalid_token(db):
    anonymous = APIClient(HTTP_ACCEPT=PROBLEM)
    asked(anonymous.post(url("games"), {}, format="json"), 401, "not_authenticated")
    anonymous.credentials(HTTP_AUTHORIZATION="Bearer not-a-token")
    body = asked(anonymous.get(url("players", "me")), 401, "invalid_token")
    assert body["message"] == body["detail"]


def test_an_unrouted_path_and_a_wrong_method(player):
    asked(player.get("/api/v1/no-such-thing"), 404, "not_found")
    asked(player.delete(url("games")), 405, "method_not_allowed")


def test_without_asking_the_format_is_unchanged(player_client):
    client, _ = player_client("quinn")
    response = client.get(url("games", 999999))
    assert response.status_code == 404 and response["Content-Type"] == "application/json"
    assert set(response.json()) >= {"code", "message"} and "type" not in response.json()


def test_a_success_is_plain_json_even_when_only_problems_are_accepted(player):
    response = player.get(url("players", "me"))
    assert response.status_code == 200 and response["Content-Type"] == "application/json"
    assert response.json()["name"] == "pat"


@pytest.mark.parametrize(
    ("accept", "wanted"),
    [
        (PROBLEM, True),
        (f"application/json, {PROBLEM}", True),
        (f"application/json, {PROBLEM};q=0.5", False),
        (f"{PROBLEM};q=0", False),
        ("application/json", False),
        ("*/*", False),
    ],
)
def test_which_accept_headers_ask_for_problems(accept, wanted):
    assert wants_problem(accept) is wanted
