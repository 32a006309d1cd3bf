"""Deprecating an operation (docs/API-CHANGELOG.md): it keeps answering, and every answer
says when it was deprecated, when it may stop and where the changelog says what to use; the
OpenAPI document marks it; a sunset sooner than six months is refused by the table itself."""

from __future__ import annotations

import datetime as dt

import pytest

from api.http import deprecation
from tests.support.api import url

pytestmark = pytest.mark.django_db

SINCE = dt.datetime(2027, 1, 1, tzinfo=dt.UTC)
SUNSET = dt.datetime(2027, 7, 1, tzinfo=dt.UTC)


@pytest.fixture
def players_me_deprecated(monkeypatch):
    table = {("players-me", "GET"): deprecation.Deprecated(SINCE, SUNSET, "players-me")}
    monkeypatch.setattr(deprecation, "DEPRECATED", table)


def test_a_deprecated_operation_answers_with_its_notice(player_client, players_me_deprecated):
    client, player = player_client("dora")
    response = client.get(url("players", "me"))
    assert response.status_code == 200 and response.json()["name"] == "dora"  # still answers
    assert response["Deprecation"] == f"@{int(SINCE.timestamp())}"
    assert response["Sunset"] == "Thu, 01 Jul 2027 00:00:00 GMT"
    assert response["Link"] == '</docs/API-CHANGELOG.md#players-me>; rel="deprecation"'
    other = client.get(url("games"))  # the others say nothing
    assert not other.has_header("Deprecation") and not other.has_header("Sunset")


def test_the_schema_marks_it_deprecated(players_me_deprecated):
    from api.http.openapi import describe_http_semantics

    operation = {"responses": {"200": {"description": "ok"}}}
    result = {"paths": {"/api/v1/players/me": {"get": operation}}, "info": {}}
    describe_http_semantics(result, None, None, True)
    assert operation["deprecated"] is True
    assert {"Deprecation", "Sunset", "Link"} <= set(operation["responses"]["200"]["headers"])


def test_nothing_is_deprecated_today_and_a_short_notice_is_refused():
    assert deprecation.DEPRECATED == {}
    with pytest.raises(ValueError):
        deprecation.Deprecated(SINCE, SINCE + dt.timedelta(days=30), "too-soon")
