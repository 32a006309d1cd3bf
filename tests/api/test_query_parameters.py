"""Unknown query parameters are refused like unknown body fields (400
``unknown_query_parameter`` listing them), on every endpoint, and nothing changes."""

import pytest
from django.urls import get_resolver

from api.http.query import QUERY_PARAMETERS
from tests.support.api import assert_error, post, url

from .helpers import refused

pytestmark = pytest.mark.django_db


def test_an_unknown_parameter_on_a_change_is_refused_and_changes_nothing(table):
    client, game = table()
    path = url("games", game["id"], "moves") + "?dry_run=1&Verbose=&dry_run=2"
    error = refused(
        game["id"],
        lambda: post(client, path, {"positions": ["P1", "P2"]}),
        400,
        "unknown_query_parameter",
    )
    assert error["parameters"] == ["Verbose", "dry_run"]
    assert error["fields"] == {
        "Verbose": ["Unknown query parameter."],
        "dry_run": ["Unknown query parameter."],
    }


def test_an_unknown_parameter_creates_no_player(api):
    from games.models import Player

    before = Player.objects.count()
    response = post(api, url("players") + "?name=x", {"name": "y"})
    assert_error(response, 400, "unknown_query_parameter")
    assert Player.objects.count() == before


@pytest.mark.parametrize("method", ["TRACE", "PUT", "DELETE"])
def test_a_method_the_endpoint_does_not_take_is_405_whatever_the_query(api, method):
    """Found by the schema fuzz test: the query check ran before the method check."""
    response = api.generic(method, url("ratings") + "?around=me&cursor=&limit=1")
    assert_error(response, 405, "method_not_allowed")


@pytest.mark.parametrize(
    "path",
    [
        ("players", "me"),
        ("games",),
        ("games", "{id}"),
        ("games", "{id}", "log"),
        ("daily",),
        ("ratings",),
        ("players", "me", "tokens"),
        ("matchmaking",),
        ("account",),
    ],
)
def test_reads_refuse_them_too(table, path):
    client, game = table()
    parts = [str(game["id"]) if p == "{id}" else p for p in path]
    error = assert_error(client.get(url(*parts), {"unknown": "1"}), 400, "unknown_query_parameter")
    assert error["parameters"] == ["unknown"]


def test_declared_parameters_are_taken(table):
    client, game = table()
    assert client.get(url("games"), {"status": "playing", "limit": 5}).status_code == 200
    assert client.get(url("games", game["id"], "log"), {"after": 0}).status_code == 200


def test_the_table_names_real_endpoints_and_matches_the_schema(api):
    names = {p.name for p in get_resolver("api.urls").url_patterns if getattr(p, "name", None)}
    assert {name for name, _ in QUERY_PARAMETERS} <= names
    schema = api.get("/api/v1/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    declared = {}
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            if not isinstance(operation, dict) or "parameters" not in operation:
                continue
            query = {p["name"] for p in operation["parameters"] if p["in"] == "query"}
            if query:
                declared[(path, method.upper())] = query
    by_path = {
        ("/api/v1/games", "GET"): "games",
        ("/api/v1/games/{game_id}/log", "GET"): "game-log",
        ("/api/v1/players/me/tokens", "GET"): "players-me-tokens",
        ("/api/v1/daily/{date}/leaderboard", "GET"): "daily-board",
        ("/api/v1/ratings", "GET"): "ratings",
        ("/api/v1/races", "GET"): "races",
        ("/api/v1/challenges/{code}/board", "GET"): "challenge-board",
        ("/api/v1/seasons/{season}/board", "GET"): "season-board",
        ("/api/v1/players/me/following", "GET"): "following",
    }
    assert set(declared) == set(by_path)
    for key, name in by_path.items():
        assert declared[key] == QUERY_PARAMETERS[(name, key[1])], key
