"""The served schema describes the HTTP semantics of ``api.http`` from the tables the views
obey: Idempotency-Key on every POST, ETag / If-None-Match / If-Match on games, Cache-Control,
the RateLimit headers and budgets, Link on lists, the new error codes."""

import pytest
from django.conf import settings

from api.http.ratelimit_headers import SCOPES
from games.core.rates import parse_rate

pytestmark = pytest.mark.django_db


@pytest.fixture
def schema(api):
    response = api.get("/api/v1/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert response.status_code == 200
    return response.json()


def operations(schema):
    for path, methods in schema["paths"].items():
        for method, operation in methods.items():
            if isinstance(operation, dict) and "responses" in operation:
                yield path, method.upper(), operation


def header_names(operation):
    return {p["name"] for p in operation.get("parameters", []) if p["in"] == "header"}


def test_every_post_takes_an_idempotency_key(schema):
    posts = [(path, op) for path, method, op in operations(schema) if method == "POST"]
    assert len(posts) > 20
    for path, operation in posts:
        assert "Idempotency-Key" in header_names(operation), path
        assert "idempotency_key_reused" in operation["responses"]["422"]["description"]
        assert "invalid_idempotency_key" in operation["responses"]["400"]["description"]
        assert "Retry-After" in operation["responses"]["409"]["headers"]


def test_games_have_etags_and_conditions(schema):
    paths = schema["paths"]
    read = paths["/api/v1/games/{game_id}"]["get"]
    assert "If-None-Match" in header_names(read)
    assert "304" in read["responses"] and "ETag" in read["responses"]["200"]["headers"]
    for action in ("moves", "taps", "undo", "resign"):
        operation = paths[f"/api/v1/games/{{game_id}}/{action}"]["post"]
        assert "If-Match" in header_names(operation)
        assert "precondition_failed" in operation["responses"]["412"]["description"]


def test_throttled_operations_list_their_budgets(schema):
    routes = {
        ("/api/v1/games/{game_id}/moves", "POST"): ("game-moves", "POST"),
        ("/api/v1/players", "POST"): ("players", "POST"),
        ("/api/v1/account/sign-in", "POST"): ("account-sign-in", "POST"),
        ("/api/v1/games/{game_id}/log", "GET"): ("game-log", "GET"),
    }
    found = {(path, method): op for path, method, op in operations(schema)}
    for key, table_key in routes.items():
        operation = found[key]
        budgets = operation["x-rate-limits"]
        assert [b["name"] for b in budgets] == list(SCOPES[table_key])
        for budget in budgets:
            rate = settings.HALFMOON_THROTTLE_RATES[budget["name"]]
            assert (budget["quota"], budget["window"]) == parse_rate(rate)
        assert {"RateLimit", "RateLimit-Policy"} <= set(operation["responses"]["429"]["headers"])
    assert "x-rate-limits" not in found[("/api/v1/games/{game_id}", "GET")]
    assert "## Rate limits" in schema["info"]["description"]


def test_lists_send_links_and_every_answer_cache_control(schema):
    lists = {
        "/api/v1/games",
        "/api/v1/games/{game_id}/log",
        "/api/v1/players/me/tokens",
        "/api/v1/daily/{date}/leaderboard",
        "/api/v1/ratings",
        "/api/v1/challenges/{code}/board",
        "/api/v1/players/me/following",
        "/api/v1/seasons/{season}/board",
    }
    for path, method, operation in operations(schema):
        ok = operation["responses"].get("200") or operation["responses"].get("201")
        if ok is not None and method == "GET":
            assert ("Link" in ok.get("headers", {})) == (path in lists), path
        for response in operation["responses"].values():
            assert "Cache-Control" in response.get("headers", {}), path
        assert "unknown_query_parameter" in operation["responses"]["400"]["description"]
