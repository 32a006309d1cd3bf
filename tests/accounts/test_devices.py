"""Per-device tokens: list, revoke one, revoke the others, rotate, sign out; a revoked token
stops working at once; POST /players works whatever Authorization a client still sends."""

import pytest
from rest_framework.test import APIClient

from games.models import DeviceToken
from tests.support.api import assert_error, post, url

from .conftest import client_with, sign_in

pytestmark = pytest.mark.django_db


def devices(client) -> list[dict]:
    response = client.get(url("players", "me", "tokens"))
    assert response.status_code == 200, response.content
    return response.json()["results"]


def test_each_device_has_its_own_token_and_sees_the_list(account, api):
    first, _ = account("ana_k")
    second = client_with(sign_in(api, "ana_k", device="Ana's tablet").json()["token"])
    assert first.token != second.token
    listed = devices(second)
    assert [(d["device"], d["issued"], d["current"]) for d in listed] == [
        ("first device", "new_player", False),
        ("Ana's tablet", "password", True),
    ]
    assert set(listed[0]) == {"id", "device", "issued", "created_at", "last_used_at", "current"}
    assert [d["current"] for d in devices(first)] == [True, False]
    body = second.get(url("players", "me", "tokens")).content.decode()
    assert first.token not in body and second.token not in body


def test_revoking_a_device_stops_its_token_at_once(account, api):
    first, _ = account("ana_k")
    second = client_with(sign_in(api, "ana_k").json()["token"])
    first_id = devices(first)[0]["id"]
    assert second.delete(url("players", "me", "tokens", first_id)).status_code == 204
    assert_error(first.get(url("players", "me")), 401, "invalid_token")
    assert [d["device"] for d in devices(second)] == ["second device"]
    # Gone: revoking it again, or another player's token, is a 404 that changes nothing.
    assert_error(second.delete(url("players", "me", "tokens", first_id)), 404, "token_not_found")


def test_a_player_cannot_revoke_another_players_device(new_player):
    ann, bob = new_player("ann"), new_player("bob")
    bobs = devices(bob)[0]["id"]
    assert_error(ann.delete(url("players", "me", "tokens", bobs)), 404, "token_not_found")
    assert bob.get(url("players", "me")).status_code == 200


def test_revoke_all_but_the_current_device(account, api):
    first, _ = account("ana_k")
    others = [client_with(sign_in(api, "ana_k").json()["token"]) for _ in range(3)]
    response = post(others[0], url("players", "me", "tokens", "revoke-others"))
    assert response.json() == {"revoked": 3}
    for gone in (first, others[1], others[2]):
        assert_error(gone.get(url("players", "me")), 401, "invalid_token")
    assert [d["current"] for d in devices(others[0])] == [True]


def test_rotation_keeps_the_device_and_replaces_its_token(new_player):
    client = new_player(device="kitchen tablet")
    old = client.token
    new = post(client, url("players", "me", "token")).json()["token"]
    assert_error(client_with(old).get(url("players", "me")), 401, "invalid_token")
    fresh = client_with(new)
    assert [(d["device"], d["issued"]) for d in devices(fresh)] == [("kitchen tablet", "rotated")]


def test_signing_out_revokes_only_this_device(account, api):
    first, _ = account("ana_k")
    second = client_with(sign_in(api, "ana_k").json()["token"])
    assert second.delete(url("players", "me", "token")).status_code == 204
    assert_error(second.get(url("players", "me")), 401, "invalid_token")
    assert first.get(url("players", "me")).status_code == 200


@pytest.mark.parametrize(
    "header", ["Token revoked-token", "Bearer revoked-token", "Basic YTpi", "Bearer", "nonsense"]
)
def test_a_client_holding_a_revoked_token_can_start_over(new_player, header):
    client = new_player()
    client.delete(url("players", "me", "token"))
    stale = APIClient()
    stale.credentials(HTTP_AUTHORIZATION=header.replace("revoked-token", client.token))
    response = post(stale, url("players"), {"name": "again"})
    assert response.status_code == 201, response.content
    assert response.json()["name"] == "again"
    # Sign-in endpoints ignore a stale header as well.
    assert_error(
        post(stale, url("account", "sign-in"), {"username": "nobody", "password": "x"}),
        400,
        "sign_in_failed",
    )


def test_bearer_and_token_schemes_both_work(new_player):
    client = new_player()
    for scheme in ("Bearer", "bearer", "Token", "token"):
        other = APIClient()
        other.credentials(HTTP_AUTHORIZATION=f"{scheme} {client.token}")
        assert other.get(url("players", "me")).status_code == 200, scheme


def test_device_names_are_cleaned_and_bounded(api):
    response = post(api, url("players"), {"name": "x", "device": "  my\u200b  phone\n "})
    client = client_with(response.json()["token"])
    assert devices(client)[0]["device"] == "my phone"  # no invisible characters, one space
    assert_error(
        post(api, url("players"), {"name": "x", "device": "d" * 61}), 400, "invalid_request"
    )
    unnamed = client_with(post(api, url("players"), {"name": "x"}).json()["token"])
    assert devices(unnamed)[0]["device"] == "Unnamed device"
    assert DeviceToken.objects.count() == 2
