"""ETags of games (the version, strong), ``If-None-Match`` → 304 without a body, and
``If-Match`` on a game's changes as an alternative to ``expected_version`` (412 when stale,
with nothing changed)."""

import pytest

from tests.support.api import assert_error, patch, post, url

from .helpers import refused, snapshot

pytestmark = pytest.mark.django_db

PAIR = {"positions": ["P1", "P2"]}


def test_a_game_read_carries_its_version_as_etag(table):
    client, game = table()
    read = client.get(url("games", game["id"]))
    assert read["ETag"] == '"0"' and read.json()["version"] == 0
    moved = post(client, url("games", game["id"], "moves"), PAIR)
    assert moved["ETag"] == '"1"'
    assert client.get(url("games", game["id"]))["ETag"] == '"1"'
    assert client.get(url("games", game["id"], "log"))["ETag"] == '"1"'


def test_if_none_match_with_the_current_etag_is_304_without_a_body(table):
    client, game = table()
    path = url("games", game["id"])
    etag = client.get(path)["ETag"]
    for header in (etag, f"W/{etag}", f'"99", {etag}', "*"):
        response = client.get(path, HTTP_IF_NONE_MATCH=header)
        assert response.status_code == 304, header
        assert response.content == b""
        assert response["ETag"] == etag
        assert response["Cache-Control"] == "private, no-cache"
    post(client, url("games", game["id"], "moves"), PAIR)
    changed = client.get(path, HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200 and changed.json()["version"] == 1


def test_if_none_match_on_the_log(table):
    client, game = table()
    path = url("games", game["id"], "log")
    assert client.get(path, HTTP_IF_NONE_MATCH='"0"').status_code == 304


def test_if_none_match_never_hides_a_refusal(table, api):
    client, game = table()
    assert_error(api.get(url("games", game["id"]), HTTP_IF_NONE_MATCH="*"), 403, "game_private")


@pytest.mark.parametrize(
    "action, body",
    [("moves", PAIR), ("taps", {"position": "P1"}), ("undo", {}), ("resign", {})],
)
def test_if_match_with_the_current_etag_applies_the_change(table, action, body):
    client, game = table()
    post(client, url("games", game["id"], "moves"), {"positions": ["P3", "P8"]})  # undo-able
    response = post(client, url("games", game["id"], action), body, HTTP_IF_MATCH='"1"')
    assert response.status_code == 200, response.content
    assert response["ETag"] == '"2"'


@pytest.mark.parametrize(
    "action, body",
    [("moves", PAIR), ("taps", {"position": "P1"}), ("undo", {}), ("resign", {})],
)
def test_a_stale_if_match_is_412_and_changes_nothing(table, action, body):
    client, game = table()
    post(client, url("games", game["id"], "moves"), {"positions": ["P3", "P8"]})
    path = url("games", game["id"], action)
    error = refused(
        game["id"],
        lambda: post(client, path, body, HTTP_IF_MATCH='"0"'),
        412,
        "precondition_failed",
    )
    assert error["current_version"] == 1


@pytest.mark.parametrize("header", ['W/"1"', "1", '"v1"', '"1'])
def test_a_weak_or_malformed_if_match_never_matches(table, header):
    client, game = table()
    post(client, url("games", game["id"], "moves"), {"positions": ["P3", "P8"]})
    path = url("games", game["id"], "moves")
    refused(
        game["id"],
        lambda: post(client, path, PAIR, HTTP_IF_MATCH=header),
        412,
        "precondition_failed",
    )


def test_if_match_star_and_lists(table):
    client, game = table()
    moves = url("games", game["id"], "moves")
    assert post(client, moves, PAIR, HTTP_IF_MATCH="*").json()["version"] == 1
    listed = post(client, moves, {"positions": ["P3", "P8"]}, HTTP_IF_MATCH='"0", "1", "7"')
    assert listed.json()["version"] == 2
    refused(
        game["id"],
        lambda: post(client, url("games", game["id"], "undo"), {}, HTTP_IF_MATCH='"0", "1"'),
        412,
        "precondition_failed",
    )


def test_if_match_listing_versions_is_checked_on_the_game_it_changes(table):
    """Several versions: the change takes the game at any of them (checked as it locks the game,
    so a stale list is a 412 that names the current version)."""
    client, game = table()
    moves = url("games", game["id"], "moves")
    post(client, moves, {"positions": ["P3", "P8"]})
    error = refused(
        game["id"],
        lambda: post(client, moves, PAIR, HTTP_IF_MATCH='"0", "2"'),
        412,
        "precondition_failed",
    )
    assert error["current_version"] == 1
    assert post(client, moves, PAIR, HTTP_IF_MATCH='"0", "1"').json()["version"] == 2


def test_if_match_and_expected_version_must_agree(table):
    client, game = table()
    moves = url("games", game["id"], "moves")
    refused(
        game["id"],
        lambda: post(client, moves, {**PAIR, "expected_version": 0}, HTTP_IF_MATCH='"1"'),
        412,
        "precondition_failed",
    )
    agreed = post(client, moves, {**PAIR, "expected_version": 0}, HTTP_IF_MATCH='"0"')
    assert agreed.status_code == 200


def test_a_stale_expected_version_stays_409(table):
    client, game = table()
    moves = url("games", game["id"], "moves")
    post(client, moves, {"positions": ["P3", "P8"]})
    refused(
        game["id"],
        lambda: post(client, moves, {**PAIR, "expected_version": 0}),
        409,
        "version_conflict",
    )


def test_if_match_on_another_players_game_is_still_not_yours(table, player_client):
    _, game = table()
    other, _ = player_client("other")
    before = snapshot(game["id"])
    path = url("games", game["id"], "moves")
    assert_error(post(other, path, PAIR, HTTP_IF_MATCH='"0", "1"'), 403, "not_your_game")
    assert snapshot(game["id"]) == before


def test_a_watchable_change_has_the_etag_too(table):
    client, game = table()
    response = patch(client, url("games", game["id"]), {"watchable": True})
    assert response["ETag"] == f'"{response.json()["version"]}"'
