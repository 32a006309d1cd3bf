"""A player's data and third-party apps (SPEC §12, §13): the archive lists the connected apps
(name, scopes, first and last use) and never a token nor its hash; deleting the account deletes
every token, code and device grant of the player's site user, that user (when it exists only
for the apps, never a staff member) and closes the apps' sockets."""

from __future__ import annotations

import json
from urllib.parse import urlencode

import pytest
from asgiref.sync import sync_to_async
from django.contrib.auth import get_user_model
from django.test import Client
from oauth2_provider.models import AccessToken, Application, DeviceGrant, Grant, RefreshToken
from rest_framework.test import APIClient

from tests.support.play import hand_game
from tests.support.sockets import game_path, open_socket, receive

from .conftest import PASSWORD, authorize_url, pkce_pair, signed_in_browser

pytestmark = pytest.mark.django_db(transaction=True)


def device_client(token: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    return client


def delete_account(owner) -> None:
    answer = device_client(owner.device_token).post(
        "/api/v1/account/delete", {"password": PASSWORD}, format="json"
    )
    assert answer.status_code in (200, 204), answer.content


def test_the_archive_lists_connected_apps_and_never_a_token(app_tokens):
    owner, app, tokens = app_tokens(scope="read play")
    answer = device_client(owner.device_token).get("/api/v1/account/export")
    assert answer.status_code == 200
    raw = b"".join(answer.streaming_content).decode()
    document = json.loads(raw)
    keys = list(document)
    assert keys.index("link_codes") + 1 == keys.index("connected_apps")
    [listed] = document["connected_apps"]
    assert listed["id"] == app.pk and listed["name"] == "Moon Tracker"
    assert listed["scopes"] == ["play", "read"]
    assert listed["connected_at"] and listed["last_used_at"]
    secrets = [tokens["access_token"], tokens["refresh_token"], app.plain_secret]
    for row in (*AccessToken.objects.all(), *RefreshToken.objects.all()):
        secrets += [row.token_checksum, row.token]  # the token column is empty: hashed storage
    for secret in filter(None, secrets):
        assert secret not in raw
    assert all(secrets[:3])


def test_an_account_with_no_app_exports_an_empty_list(account):
    owner = account()
    answer = device_client(owner.device_token).get("/api/v1/account/export")
    assert json.loads(b"".join(answer.streaming_content))["connected_apps"] == []


def test_deletion_deletes_every_app_row_and_the_site_user(app_tokens, register_app):
    owner, app, _tokens = app_tokens()
    user_id = AccessToken.objects.get().user_id
    # A code not yet exchanged, and a device grant the player typed the code of.
    _verifier, challenge = pkce_pair()
    browser = signed_in_browser(owner)
    page = browser.get(authorize_url(app, challenge))
    form = page.context["form"]
    browser.post(
        authorize_url(app, challenge),
        {**{name: form[name].value() or "" for name in form.fields}, "allow": "Authorize"},
    )
    device_app = register_app(
        name="Living Room", grant=Application.GRANT_DEVICE_CODE, redirect_uris=""
    )
    codes = (
        Client()
        .post(
            "/oauth/device-authorization/",
            urlencode({"client_id": device_app.client_id, "scope": "read"}),
            content_type="application/x-www-form-urlencoded",
        )
        .json()
    )
    assert browser.post("/oauth/device/", {"user_code": codes["user_code"]}).status_code == 302
    assert Grant.objects.filter(user_id=user_id).exists()
    assert DeviceGrant.objects.filter(user_id=user_id).exists()
    delete_account(owner)
    for model in (AccessToken, RefreshToken, Grant, DeviceGrant):
        assert not model.objects.filter(user_id=user_id).exists(), model
    assert not get_user_model().objects.filter(pk=user_id).exists()


def test_deletion_keeps_a_staff_members_user(account, register_app):
    owner = account()
    staff = get_user_model().objects.create_user("ann-staff", is_staff=True, password="x" * 20)
    owner.player.user = staff
    owner.player.save(update_fields=["user"])
    delete_account(owner)
    assert get_user_model().objects.filter(pk=staff.pk, is_staff=True).exists()


async def test_deletion_closes_an_open_app_socket(app_tokens):
    owner, _app, tokens = await sync_to_async(app_tokens)()
    game = await sync_to_async(hand_game)(owner.player)
    headers = [(b"authorization", f"Bearer {tokens['access_token']}".encode())]
    socket = await open_socket(game_path(game.pk), headers=headers)
    assert (await receive(socket))["type"] == "game"
    await sync_to_async(delete_account)(owner)
    frame = await receive(socket)
    while frame["type"] == "game":
        frame = await receive(socket)
    assert frame["type"] == "error", frame
    closed = await socket.receive_output(timeout=5)
    assert closed["type"] == "websocket.close" and closed["code"] == 4401, closed
    await socket.disconnect()


def test_the_archive_lists_personal_tokens_and_own_apps_and_never_a_token(account):
    owner = account()
    client = device_client(owner.device_token)
    made = client.post(
        "/api/v1/account/tokens", {"name": "script", "scopes": ["read"]}, format="json"
    ).json()
    app = client.post(
        "/api/v1/account/apps",
        {"name": "Bot", "redirect_uris": ["https://bot.example/cb"], "scopes": ["read"]},
        format="json",
    ).json()
    raw = b"".join(client.get("/api/v1/account/export").streaming_content).decode()
    document = json.loads(raw)
    keys = list(document)
    assert keys.index("connected_apps") + 1 == keys.index("personal_tokens")
    assert keys.index("personal_tokens") + 1 == keys.index("own_apps")
    [token] = document["personal_tokens"]
    assert token["id"] == made["id"] and token["name"] == "script" and "token" not in token
    assert [a["client_id"] for a in document["own_apps"]] == [app["client_id"]]
    checksum = AccessToken.objects.get(pk=made["id"]).token_checksum
    assert made["token"] not in raw and checksum not in raw
