"""Requests refused before any rule is checked: authentication, access, shape of the request.

Every refusal is JSON ``{"code", "message"}`` with the right status, and the game is unchanged.
"""

import pytest
from rest_framework.test import APIClient

from tests.support.api import assert_error, post, post_raw, url

from .helpers import refused, snapshot

pytestmark = pytest.mark.django_db

#: Each action endpoint with a body it would accept on the rich table.
ACTIONS = {
    "moves": {"positions": ["P1", "P2"]},
    "undo": {},
    "taps": {"position": "P1"},
    "resign": {},
}
action_names = pytest.mark.parametrize("action", list(ACTIONS))


@action_names
def test_missing_token_is_401(table, action):
    _, game = table()
    anonymous = APIClient()
    refused(
        game["id"],
        lambda: post(anonymous, url("games", game["id"], action), ACTIONS[action]),
        401,
        "not_authenticated",
    )


@action_names
@pytest.mark.parametrize("header", ["Token nonsense", "Bearer nonsense", "Token a b", "Token"])
def test_invalid_token_is_401(table, action, header):
    _, game = table()
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=header)
    refused(
        game["id"],
        lambda: post(client, url("games", game["id"], action), ACTIONS[action]),
        401,
        "invalid_token",
    )


def test_401_names_the_scheme(api):
    response = post(api, url("games"), {})
    assert_error(response, 401, "not_authenticated")
    assert response["WWW-Authenticate"].startswith("Bearer ")  # the documented scheme first
    assert "error=" not in response["WWW-Authenticate"]  # no token presented: no error


@pytest.mark.parametrize("header", ["Bearer not-a-token", "Token not-a-token"])
def test_a_token_that_is_not_valid_is_told_invalid_token(api, header):
    """RFC 6750 §3.1: a presented token that is unknown, revoked or expired."""
    api.credentials(HTTP_AUTHORIZATION=header)
    response = post(api, url("games"), {})
    assert_error(response, 401, "invalid_token")
    assert response["WWW-Authenticate"].startswith('Bearer realm="api", error="invalid_token"')


@action_names
def test_someone_elses_game_is_403(table, player_client, action):
    _, game = table()
    intruder, _ = player_client("intruder")
    body = refused(
        game["id"],
        lambda: post(intruder, url("games", game["id"], action), ACTIONS[action]),
        403,
        "not_your_game",
    )
    assert body["game_id"] == game["id"]


def test_a_game_is_private_until_its_owner_makes_it_watchable(table, player_client):
    owner, game = table()
    watcher, _ = player_client("watcher")
    for client in (watcher, APIClient()):
        body = assert_error(client.get(url("games", game["id"])), 403, "game_private")
        assert body["game_id"] == game["id"]
        assert_error(client.get(url("games", game["id"], "log")), 403, "game_private")
    made = owner.patch(url("games", game["id"]), {"watchable": True}, format="json").json()
    assert made["watchable"] is True and made["version"] == game["version"]
    for client in (watcher, APIClient()):
        seen = client.get(url("games", game["id"])).json()
        assert {**seen, "elapsed_ms": 0} == {**game, "watchable": True, "elapsed_ms": 0}
        assert client.get(url("games", game["id"], "log")).status_code == 200
    owner.patch(url("games", game["id"]), {"watchable": False}, format="json")
    assert_error(watcher.get(url("games", game["id"])), 403, "game_private")


def test_only_the_owner_makes_a_game_watchable(table, player_client):
    _, game = table()
    other, _ = player_client("other")
    response = other.patch(url("games", game["id"]), {"watchable": True}, format="json")
    assert_error(response, 403, "not_your_game")
    assert_error(
        APIClient().patch(url("games", game["id"]), {"watchable": True}, format="json"),
        401,
        "not_authenticated",
    )
    assert_error(other.get(url("games", game["id"])), 403, "game_private")


@action_names
def test_unknown_game_is_404(player_client, action):
    client, _ = player_client()
    body = assert_error(
        post(client, url("games", 999999, action), ACTIONS[action]), 404, "game_not_found"
    )
    assert body["game_id"] == 999999


@pytest.mark.parametrize("path", [("games", 999999), ("games", 999999, "log")])
def test_reading_an_unknown_game_is_404(api, path):
    assert_error(api.get(url(*path)), 404, "game_not_found")


@action_names
@pytest.mark.parametrize("raw", [b"{", b'{"position": "P1",}', b"\xff\xfe", b"{'a': 1}", b"nul"])
def test_malformed_json_is_400(table, action, raw):
    client, game = table()
    refused(
        game["id"],
        lambda: post_raw(client, url("games", game["id"], action), raw),
        400,
        "invalid_json",
    )


@action_names
@pytest.mark.parametrize("raw", [b"[]", b'["P1", "P2"]', b'"P1"', b"5", b"null", b"true"])
def test_body_that_is_not_an_object_is_400(table, action, raw):
    client, game = table()
    refused(
        game["id"],
        lambda: post_raw(client, url("games", game["id"], action), raw),
        400,
        "invalid_request",
    )


@action_names
def test_unknown_fields_are_400(table, action):
    client, game = table()
    body = refused(
        game["id"],
        lambda: post(client, url("games", game["id"], action), {**ACTIONS[action], "force": True}),
        400,
        "invalid_request",
    )
    assert body["fields"] == {"force": ["Unknown field."]}


@action_names
@pytest.mark.parametrize("version", ["0", True, False, None, -1, 1.5, [0], {"v": 0}])
def test_expected_version_of_wrong_type_is_400(table, action, version):
    client, game = table()
    body = refused(
        game["id"],
        lambda: post(
            client,
            url("games", game["id"], action),
            {**ACTIONS[action], "expected_version": version},
        ),
        400,
        "invalid_request",
    )
    assert "expected_version" in body["fields"]


@action_names
@pytest.mark.parametrize(
    "content_type",
    [
        "text/plain",
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=x",
        "application/xml",
    ],
)
def test_wrong_content_type_is_415(table, action, content_type):
    client, game = table()
    refused(
        game["id"],
        lambda: post_raw(
            client, url("games", game["id"], action), b'{"position": "P1"}', content_type
        ),
        415,
        "unsupported_media_type",
    )


@action_names
@pytest.mark.parametrize("method", ["get", "put", "patch", "delete"])
def test_wrong_method_on_an_action_is_405(table, action, method):
    client, game = table()
    send = getattr(client, method)
    refused(game["id"], lambda: send(url("games", game["id"], action)), 405, "method_not_allowed")


@pytest.mark.parametrize("method", ["post", "put", "delete"])
def test_wrong_method_on_a_game_is_405(table, method):
    client, game = table()
    send = getattr(client, method)
    refused(
        game["id"],
        lambda: send(url("games", game["id"]), {}, format="json"),
        405,
        "method_not_allowed",
    )
    refused(
        game["id"],
        lambda: send(url("games", game["id"], "log"), {}, format="json"),
        405,
        "method_not_allowed",
    )


@pytest.mark.parametrize(
    "path",
    [
        "/api/v1/nope",
        "/api/v1/games/abc",
        "/api/v1/games/1/nope",
        "/api/v2/games",
        "/api/",
        "/api/v1/games/1/moves/extra",
    ],
)
def test_unknown_url_under_api_is_json_404(player_client, path):
    client, _ = player_client()
    assert_error(client.get(path), 404, "not_found")
    assert_error(post(client, path, {}), 404, "not_found")


def test_too_large_body_is_413(table):
    client, game = table()
    raw = b'{"position": "P1", "pad": "' + b"x" * 20000 + b'"}'
    refused(
        game["id"],
        lambda: post_raw(client, url("games", game["id"], "taps"), raw),
        413,
        "request_too_large",
    )


def test_an_action_without_a_body_is_accepted(table):
    """``POST /resign`` (or ``/undo``) needs no body at all: nothing is required."""
    client, game = table()
    response = client.post(url("games", game["id"], "resign"))
    assert response.status_code == 200, response.content
    assert response.json()["status"] == "resigned"
    assert snapshot(game["id"])["version"] == game["version"] + 1


def test_a_client_that_accepts_no_json_gets_406(table):
    client, game = table()
    refused(
        game["id"],
        lambda: post(
            client,
            url("games", game["id"], "moves"),
            {"positions": ["P1", "P2"]},
            HTTP_ACCEPT="text/html",
        ),
        406,
        "not_acceptable",
    )


@pytest.mark.parametrize("game_id", [2**63, 10**30])
def test_ids_beyond_the_database_range_are_404(player_client, game_id):
    client, _ = player_client()
    assert_error(client.get(url("games", game_id)), 404, "game_not_found")
    assert_error(
        post(client, url("games", game_id, "moves"), ACTIONS["moves"]), 404, "game_not_found"
    )
    assert client.get(url("games"), {"before": game_id}).json()["results"] == []


def test_json_with_a_charset_is_accepted(table):
    client, game = table()
    response = post_raw(
        client,
        url("games", game["id"], "taps"),
        b'{"position": "P1"}',
        "application/json; charset=utf-8",
    )
    assert response.status_code == 200, response.content
    assert response.json()["game"]["selection"] == ["P1"]
