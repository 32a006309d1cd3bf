"""What outside tools found in the contract (schemathesis, redocly, openapi-spec-validator,
client generators), each checked on the served schema and on the server's real answer: a
schema that says what the server does, no more and no less."""

from __future__ import annotations

import json
import re

import jsonschema
import pytest
from rest_framework.test import APIClient

from games.models import Credentials, Game, Player
from tests.support.api import API, assert_error, post

from .conftest import operations

pytestmark = pytest.mark.django_db


def resolved(schema: dict, node: dict) -> dict:
    """``node`` with the components it refers to, for jsonschema (OpenAPI 3.1 is 2020-12)."""
    return {**node, "components": schema["components"]}


def valid(schema: dict, node: dict, value) -> bool:
    try:
        jsonschema.Draft202012Validator(resolved(schema, node)).validate(value)
    except jsonschema.ValidationError:
        return False
    return True


def property_of(schema, component: str, name: str) -> dict:
    return schema["components"]["schemas"][component]["properties"][name]


def test_optional_blank_strings_are_valid_by_the_schema_as_the_server_takes_them(schema):
    """drf-spectacular's ``oneOf`` of a string and a blank one matched ``""`` twice."""
    blank = []
    for name, component in schema["components"]["schemas"].items():
        for field, definition in component.get("properties", {}).items():
            assert not any(b.get("maxLength") == 0 for b in definition.get("oneOf", [])), field
            if any(b.get("maxLength") == 0 for b in definition.get("anyOf", [])):
                blank.append((name, field))
                assert valid(schema, definition, ""), (name, field)
    assert ("AccountCreateRequest", "email") in blank and ("RaceJoinRequest", "invite") in blank
    # The server takes it: an account with an empty e-mail address is made.
    created = post(APIClient(), f"{API}/players", {"name": "ann"})
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {created.json()['token']}")
    body = {"username": "ann_b", "password": "apricot jam 4411", "email": ""}
    assert post(client, f"{API}/account", body).status_code == 201


def test_the_document_has_servers_a_licence_and_a_summary_per_operation(schema):
    assert schema["servers"][0]["url"] == "/"
    assert schema["info"]["license"]["name"]
    for path, method, operation in operations(schema):
        summary = operation["summary"]
        assert summary and len(summary) <= 80 and "\n" not in summary, (method, path)
        assert summary.count("`") % 2 == 0, (method, path, summary)  # no code left open
        assert summary.count("(") == summary.count(")"), (method, path, summary)


def test_every_component_is_used(schema):
    text = json.dumps({k: v for k, v in schema.items() if k != "components"})
    components = json.dumps(schema["components"])
    refs = set(re.findall(r'"#/components/schemas/([^"]+)"', text + components))
    assert set(schema["components"]["schemas"]) - refs == set()


def test_an_unprintable_name_is_invalid_by_the_schema_and_refused(schema, player_client):
    client, player = player_client()
    for component in ("PlayerCreateRequest", "PatchedPlayerUpdateRequest"):
        name = property_of(schema, component, "name")
        assert not valid(schema, name, "a\u009eb") and not valid(schema, name, "a\u202eb")
        assert valid(schema, name, "Ana Kovač") and valid(schema, name, "Zeynep Çelik")
    response = client.patch(f"{API}/players/me", {"name": "a\u009eb"}, format="json")
    assert_error(response, 400, "invalid_name")
    assert Player.objects.get(pk=player.pk).name == "ann"


def test_a_new_password_shorter_than_the_validators_want_is_invalid_by_the_schema(schema):
    from api.schema_tools import NEW_PASSWORDS, password_min_length

    shortest = password_min_length()
    assert shortest == 8
    for component, field in NEW_PASSWORDS:
        assert property_of(schema, component, field)["minLength"] == shortest
    assert property_of(schema, "SignInRequest", "password")["minLength"] == 1  # an old one
    created = post(APIClient(), f"{API}/players", {"name": "ann"}).json()
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {created['token']}")
    refused = post(client, f"{API}/account", {"username": "ann_b", "password": "x7#kq2!"})
    assert_error(refused, 400, "invalid_password")
    assert not Credentials.objects.filter(pk=created["id"]).exists()


def test_an_empty_cursor_is_invalid_by_the_schema_and_refused(schema, player_client):
    for path, method, operation in operations(schema):
        for parameter in operation.get("parameters", []):
            if parameter["name"] == "cursor":
                assert parameter["schema"]["minLength"] == 1, (method, path)
    client, _ = player_client()
    body = assert_error(client.get(f"{API}/games", {"cursor": ""}), 400, "invalid_cursor")
    assert "leaderboard" not in body["message"] and body["cursor"] == ""


REQUESTS_TOGETHER = {
    "games_create": lambda client, game_id: post(
        client, f"{API}/games", {"daily": True, "deal_code": "HM1-N-AAAAAAA"}
    ),
    "games_list": lambda client, game_id: client.get(f"{API}/games?before=5&cursor=x"),
    "games_log": lambda client, game_id: client.get(f"{API}/games/{game_id}/log?after=0&cursor=x"),
    "daily_leaderboard": lambda client, game_id: client.get(
        f"{API}/daily/2026-01-01/leaderboard?around=me&cursor=x"
    ),
    "ratings_board": lambda client, game_id: client.get(f"{API}/ratings?around=me&cursor=x"),
    "seasons_board": lambda client, game_id: client.get(
        f"{API}/seasons/2026-W01/board?around=me&cursor=x"
    ),
}


def test_what_is_refused_together_is_stated_and_refused(schema, player_client):
    """``x-refused-together`` and the description state each combination; the server refuses
    it (400 ``invalid_request`` naming the first) and nothing is made; the schema fuzz test
    takes these as its cross-field rules."""
    from tests.reliability.test_schema_fuzz import CROSS_FIELD_RULES

    stated = {
        operation["operationId"]: operation["x-refused-together"]
        for _, _, operation in operations(schema)
        if "x-refused-together" in operation
    }
    assert set(stated) == set(REQUESTS_TOGETHER)
    assert {(op, pair[0]) for op, pairs in stated.items() for pair in pairs} == CROSS_FIELD_RULES
    client, _ = player_client()
    game_id = post(client, f"{API}/games", {}).json()["id"]
    games = Game.objects.count()
    for operation_id, pairs in stated.items():
        (first, second), *_ = pairs
        body = assert_error(
            REQUESTS_TOGETHER[operation_id](client, game_id), 400, "invalid_request"
        )
        assert list(body["fields"]) == [first], (operation_id, body)
    assert Game.objects.count() == games
    described = next(op for _, _, op in operations(schema) if op["operationId"] == "games_log")[
        "description"
    ]
    assert "`after` with `cursor`" in described


def test_a_blank_if_match_on_an_unknown_game_is_not_found(player_client):
    client, _ = player_client()
    unknown = post(client, f"{API}/games/999999/resign", {}, HTTP_IF_MATCH='""')
    assert_error(unknown, 404, "game_not_found")
    game = post(client, f"{API}/games", {}).json()
    other, _ = player_client("bob")
    foreign = post(other, f"{API}/games/{game['id']}/resign", {}, HTTP_IF_MATCH='""')
    assert_error(foreign, 403, "not_your_game")
    # On the owner's game it is the precondition that fails, with the version to use.
    stale = post(client, f"{API}/games/{game['id']}/resign", {}, HTTP_IF_MATCH='""')
    body = assert_error(stale, 412, "precondition_failed")
    assert body["current_version"] == game["version"]
    assert Game.objects.get(pk=game["id"]).status == "playing"


def test_a_missing_token_names_the_bearer_scheme_first():
    response = APIClient().get(f"{API}/players/me")
    body = assert_error(response, 401, "not_authenticated")
    assert "Authorization: Bearer <token>" in body["message"]
    assert response["WWW-Authenticate"].startswith("Bearer ")


@pytest.mark.parametrize("key", ['a"b', '"abc', 'abc"', '""', '"a"b"'])
def test_an_idempotency_key_the_pattern_refuses_is_refused(schema, key):
    """schemathesis sent a key with a quote inside, which the pattern refuses and the server
    took: both refuse it now, and nothing is made."""
    parameter = next(
        p
        for _, _, op in operations(schema)
        for p in op.get("parameters", [])
        if p["name"] == "Idempotency-Key"
    )
    assert not re.fullmatch(parameter["schema"]["pattern"].strip("^$"), key)
    players = Player.objects.count()
    refused = post(APIClient(), f"{API}/players", {"name": "ann"}, HTTP_IDEMPOTENCY_KEY=key)
    assert_error(refused, 400, "invalid_idempotency_key")
    assert Player.objects.count() == players
    accepted = post(APIClient(), f"{API}/players", {"name": "ann"}, HTTP_IDEMPOTENCY_KEY='"ab-1"')
    assert accepted.status_code == 201
