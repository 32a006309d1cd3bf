"""Players: creation with a token shown once, name validation, profile and settings."""

import pytest
from rest_framework.test import APIClient

from games.models import DeviceToken, Player
from games.players.tokens import hash_token
from tests.support.api import assert_error, patch, post, post_raw, url

pytestmark = pytest.mark.django_db

DEFAULT_SETTINGS = {
    "move_errors": False,
    "placement_aid": False,
    "language": None,
}


def create(api, body):
    return post(api, url("players"), body)


def authed(token):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    return client


def test_create_player_returns_token_once(api):
    response = create(api, {"name": "Ana"})
    assert response.status_code == 201
    body = response.json()
    assert set(body) == {"id", "name", "token", "settings"}
    assert body["name"] == "Ana"
    assert body["settings"] == DEFAULT_SETTINGS
    token = body["token"]
    assert isinstance(token, str) and len(token) >= 32

    me = authed(token).get(url("players", "me"))
    assert me.status_code == 200
    assert me.json() == {"id": body["id"], "name": "Ana", "settings": DEFAULT_SETTINGS}
    assert token not in me.content.decode()


def test_token_is_stored_hashed(api):
    token = create(api, {"name": "Ana", "device": "Ana's phone"}).json()["token"]
    device = DeviceToken.objects.get(player=Player.objects.get())
    assert (device.token_hash, device.device, device.issued) == (
        hash_token(token),
        "Ana's phone",
        "new_player",
    )
    assert token not in str(Player.objects.values().get())
    assert token not in str(DeviceToken.objects.values().get())


def test_each_player_gets_a_different_token(api):
    tokens = {create(api, {"name": "same"}).json()["token"] for _ in range(3)}
    assert len(tokens) == 3


def test_name_spaces_are_collapsed(api):
    assert create(api, {"name": "  Ana   Marija \t"}).json()["name"] == "Ana Marija"


@pytest.mark.parametrize(
    "body, code",
    [
        ({"name": ""}, "invalid_request"),
        ({"name": "   "}, "invalid_request"),
        ({"name": "x" * 41}, "invalid_request"),
        ({"name": 12}, "invalid_request"),
        ({"name": None}, "invalid_request"),
        ({"name": True}, "invalid_request"),
        ({"name": ["Ana"]}, "invalid_request"),
        ({}, "invalid_request"),
        ({"name": "Ana", "admin": True}, "invalid_request"),
        (["Ana"], "invalid_request"),
        ("Ana", "invalid_request"),
    ],
)
def test_bad_player_bodies_are_refused(api, body, code):
    assert_error(create(api, body), 400, code)
    assert not Player.objects.exists()


def test_name_of_40_characters_is_accepted(api):
    assert create(api, {"name": "x" * 40}).status_code == 201


def test_malformed_json_creates_no_player(api):
    assert_error(post_raw(api, url("players"), b'{"name": "Ana"'), 400, "invalid_json")
    assert_error(
        post_raw(api, url("players"), b"name=Ana", "application/x-www-form-urlencoded"),
        415,
        "unsupported_media_type",
    )
    assert not Player.objects.exists()


def test_unknown_field_is_named(api):
    body = assert_error(create(api, {"name": "Ana", "colour": "red"}), 400, "invalid_request")
    assert "colour" in body["fields"]


def test_me_needs_a_valid_token(api):
    assert_error(api.get(url("players", "me")), 401, "not_authenticated")
    assert_error(authed("not-a-token").get(url("players", "me")), 401, "invalid_token")
    assert_error(patch(api, url("players", "me"), {"name": "x"}), 401, "not_authenticated")


def test_patch_settings_mirrors_get(player_client):
    client, player = player_client("Ana")
    response = patch(
        client, url("players", "me"), {"settings": {"move_errors": True, "language": "hr"}}
    )
    assert response.status_code == 200
    expected = {
        "id": player.pk,
        "name": "Ana",
        "settings": {**DEFAULT_SETTINGS, "move_errors": True, "language": "hr"},
    }
    assert response.json() == expected
    assert client.get(url("players", "me")).json() == expected

    # Only what is sent changes; null language goes back to following Accept-Language.
    response = patch(
        client,
        url("players", "me"),
        {"name": " Ana  B ", "settings": {"placement_aid": True, "language": None}},
    )
    expected = {
        "id": player.pk,
        "name": "Ana B",
        "settings": {**DEFAULT_SETTINGS, "move_errors": True, "placement_aid": True},
    }
    assert response.json() == expected
    assert client.get(url("players", "me")).json() == expected
    stored = Player.objects.get(pk=player.pk)
    assert (stored.name, stored.move_errors, stored.placement_aid, stored.language) == (
        "Ana B",
        True,
        True,
        "",
    )


def test_patch_with_empty_body_changes_nothing(player_client):
    client, player = player_client("Ana")
    before = client.get(url("players", "me")).json()
    response = patch(client, url("players", "me"), {})
    assert response.status_code == 200
    assert response.json() == before


@pytest.mark.parametrize(
    "body, field",
    [
        ({"settings": {"move_errors": "yes"}}, "settings"),
        ({"settings": {"move_errors": 1}}, "settings"),
        ({"settings": {"placement_aid": None}}, "settings"),
        ({"settings": {"language": "de"}}, "settings"),
        ({"settings": {"language": 1}}, "settings"),
        ({"settings": {"sound": True}}, "settings"),
        ({"settings": "on"}, "settings"),
        ({"settings": None}, "settings"),
        ({"name": 5}, "name"),
        ({"name": "x" * 41}, "name"),
        ({"move_errors": True}, "move_errors"),
        ({"token": "abc"}, "token"),
    ],
)
def test_bad_patches_change_nothing(player_client, body, field):
    client, player = player_client("Ana")
    before = client.get(url("players", "me")).json()
    error = assert_error(patch(client, url("players", "me"), body), 400, "invalid_request")
    assert field in error["fields"]
    assert client.get(url("players", "me")).json() == before


def test_blank_name_in_patch_is_refused(player_client):
    client, _ = player_client("Ana")
    response = patch(client, url("players", "me"), {"name": "  "})
    error = assert_error(response, 400, "invalid_request")
    assert "name" in error["fields"]
    assert client.get(url("players", "me")).json()["name"] == "Ana"


def test_patch_of_non_object_is_refused(player_client):
    client, _ = player_client("Ana")
    assert_error(patch(client, url("players", "me"), [1]), 400, "invalid_request")
    response = client.generic("PATCH", url("players", "me"), b"{", content_type="application/json")
    assert_error(response, 400, "invalid_json")


def test_wrong_methods_on_players(api, player_client):
    client, _ = player_client()
    assert_error(api.get(url("players")), 405, "method_not_allowed")
    assert_error(client.delete(url("players", "me")), 405, "method_not_allowed")
    assert_error(post(client, url("players", "me"), {}), 405, "method_not_allowed")
