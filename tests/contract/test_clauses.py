"""A feature that touches many operations is one clause of ``api.contract.CLAUSES``: its
codes, headers, extra answers and parameters reach every operation it applies to."""

import pytest
from drf_spectacular.generators import SchemaGenerator
from drf_spectacular.utils import OpenApiParameter

from api import contract
from api.games.views import GameView

PREFIX = "/api/v1/"
ETAG = {"description": "The game's version.", "required": True, "schema": {"type": "string"}}
POLICY = {"description": "The limit.", "required": True, "schema": {"type": "string"}}


def test_a_clause_reaches_the_operations_it_applies_to(monkeypatch):
    reads_a_game = contract.Clause(
        lambda op: op.view is GameView and op.method == "GET",
        codes=("not_found",),
        headers={"X-Example-Version": ETAG},
        responses={304: "Not modified: the game is at the version of If-None-Match."},
        parameters=(OpenApiParameter("If-None-Match", str, OpenApiParameter.HEADER),),
    )
    limited = contract.Clause(contract.throttled, error_headers={"RateLimit-Policy": POLICY})
    monkeypatch.setattr(contract, "CLAUSES", [*contract.CLAUSES, reads_a_game, limited])

    schema = SchemaGenerator().get_schema(request=None, public=True)

    game = schema["paths"][PREFIX + "games/{game_id}"]["get"]
    assert game["responses"]["200"]["headers"]["X-Example-Version"] == ETAG
    not_modified = game["responses"]["304"]
    assert "the game is at the version of If-None-Match" in not_modified["description"]
    assert "content" not in not_modified
    assert not_modified["headers"]["X-Example-Version"] == ETAG
    assert any(p["name"] == "If-None-Match" and p["in"] == "header" for p in game["parameters"])
    assert "304" not in schema["paths"][PREFIX + "games/{game_id}"]["patch"]["responses"]
    move = schema["paths"][PREFIX + "games/{game_id}/moves"]["post"]
    assert move["responses"]["429"]["headers"]["RateLimit-Policy"] == POLICY
    assert "RateLimit-Policy" in move["responses"]["409"]["headers"]
    not_acceptable = schema["paths"][PREFIX + "daily"]["get"]["responses"]["406"]
    assert "RateLimit-Policy" not in not_acceptable.get("headers", {})


def test_declared_codes_must_be_registered():
    with pytest.raises(ValueError):
        contract.refuses("not_a_registered_code")
