"""Per-device tokens: list, revoke one, revoke the others, rotate, sign out; a revoked token
stops working at once; POST /players works whatever Authorization a client still sends."""

import pytest
from rest_framework.test import APIClient

from games.models import DeviceToken
from games.players.tokens import coarse_network
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
    assert set(listed[0]) == {
        "id",
        "device",
        "issued",
        "created_at",
        "created_from",
        "last_used_at",
        "current",
    }
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


# -- where a device was signed in from ------------------------------------------------------
@pytest.mark.parametrize(
    ("address", "network"),
    [
        ("203.0.113.77", "203.0.113.0/24"),
        ("2001:db8:abcd:12::5", "2001:db8:abcd::/48"),
        ("::ffff:192.0.2.33", "192.0.2.0/24"),
        ("not an address", ""),
        ("", ""),
    ],
)
def test_a_network_keeps_no_host_part(address, network):
    assert coarse_network(address) == network


def test_each_device_shows_the_network_it_was_signed_in_from_never_the_address(account, api):
    first, _ = account("ana_k")  # created by the test client (127.0.0.1)
    from_v6 = sign_in(api, "ana_k", device="Ana's phone", REMOTE_ADDR="2001:db8:abcd:12::5")
    phone = client_with(from_v6.json()["token"])
    code = post(phone, url("players", "me", "link-codes")).json()["code"]
    linked = post(
        api,
        url("players", "link"),
        {"code": code, "device": "Ana's laptop"},
        REMOTE_ADDR="203.0.113.77",
        HTTP_X_FORWARDED_FOR="192.0.2.1",  # from no trusted proxy: not believed
    )
    laptop = client_with(linked.json()["token"])
    listed = devices(laptop)
    assert [(d["device"], d["created_from"], d["current"]) for d in listed] == [
        ("first device", "127.0.0.0/24", False),
        ("Ana's phone", "2001:db8:abcd::/48", False),
        ("Ana's laptop", "203.0.113.0/24", True),
    ]
    body = laptop.get(url("players", "me", "tokens")).content.decode()
    assert "203.0.113.77" not in body and "2001:db8:abcd:12::5" not in body
    # Rotating a token keeps where the device was signed in from.
    rotated = client_with(post(laptop, url("players", "me", "token")).json()["token"])
    assert [d["created_from"] for d in devices(rotated) if d["current"]] == ["203.0.113.0/24"]


def test_behind_a_trusted_proxy_the_client_s_network_is_shown(api, settings):
    settings.HALFMOON_TRUSTED_PROXIES = ["10.0.0.0/8"]
    created = post(
        api,
        url("players"),
        {"name": "x", "device": "behind nginx"},
        REMOTE_ADDR="10.1.2.3",
        HTTP_X_FORWARDED_FOR="198.51.100.200",
    )
    assert devices(client_with(created.json()["token"]))[0]["created_from"] == "198.51.100.0/24"


# -- renaming -------------------------------------------------------------------------------
def test_a_device_is_renamed_and_keeps_everything_else(account, api):
    first, _ = account("ana_k")
    second = client_with(sign_in(api, "ana_k", device="Chrome on Linux").json()["token"])
    before = devices(second)
    first_id = before[0]["id"]
    renamed = {"device": "  Ana's  laptop "}
    reply = second.patch(url("players", "me", "tokens", first_id), renamed, format="json")
    assert reply.status_code == 200, reply.content
    assert reply.json() == {**before[0], "device": "Ana's laptop"}  # cleaned, nothing else moved
    assert [d["device"] for d in devices(first)] == ["Ana's laptop", "Chrome on Linux"]
    assert first.get(url("players", "me")).status_code == 200  # still signed in


@pytest.mark.parametrize("body", [{"device": "d" * 61}, {"device": None}, {"name": "x"}])
def test_a_bad_rename_is_refused_and_changes_nothing(new_player, body):
    client = new_player(device="kitchen tablet")
    mine = devices(client)[0]["id"]
    reply = client.patch(url("players", "me", "tokens", mine), body, format="json")
    assert_error(reply, 400, "invalid_request")
    assert [d["device"] for d in devices(client)] == ["kitchen tablet"]


def test_an_empty_rename_keeps_the_name(new_player):
    client = new_player(device="kitchen tablet")
    mine = devices(client)[0]["id"]
    reply = client.patch(url("players", "me", "tokens", mine), {}, format="json")
    assert reply.status_code == 200 and reply.json()["device"] == "kitchen tablet"


@pytest.mark.parametrize("blank", ["", "   "])
def test_a_blank_rename_names_the_device_as_sign_in_does(new_player, blank):
    # The schema's device is any string up to 60 characters: blank is cleaned as at sign-in.
    client = new_player(device="kitchen tablet")
    mine = devices(client)[0]["id"]
    reply = client.patch(url("players", "me", "tokens", mine), {"device": blank}, format="json")
    assert reply.status_code == 200, reply.content
    assert reply.json()["device"] == "Unnamed device"
    assert [d["device"] for d in devices(client)] == ["Unnamed device"]
    unnamed = post(APIClient(), url("players"), {"name": "x", "device": blank}).json()
    assert devices(client_with(unnamed["token"]))[0]["device"] == "Unnamed device"


def test_another_players_device_cannot_be_renamed(new_player):
    ann, bob = new_player("ann"), new_player("bob", device="Bob's phone")
    bobs = devices(bob)[0]["id"]
    reply = ann.patch(url("players", "me", "tokens", bobs), {"device": "mine now"}, format="json")
    assert_error(reply, 404, "token_not_found")
    assert [d["device"] for d in devices(bob)] == ["Bob's phone"]
