"""Issue 37, F1: every way of signing a player out everywhere ends their apps' hold too — a
changed password, a reset by the mailed link, a recovery code, staff signing every device out,
staff locking the account (and unlocking revives nothing). The app's access token stops on
REST and its open socket closes (4401) at once, its refresh token mints nothing, an
authorization code not yet exchanged and a device code approved but not yet polled exchange
nothing. The device list's own "sign out every other device" stays a devices' matter."""

from __future__ import annotations

import pytest
from asgiref.sync import sync_to_async
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse
from oauth2_provider.models import AccessToken, Application, DeviceGrant, Grant, RefreshToken
from rest_framework.test import APIClient

from games.accounts import links
from games.accounts import services as accounts
from games.models import Credentials
from tests.support.play import hand_game
from tests.support.sockets import game_path, open_socket, receive

from .conftest import (
    PASSWORD,
    authorize_url,
    consent,
    exchange,
    pkce_pair,
    refresh,
    signed_in_browser,
)
from .test_device_grant import approve, poll, start

pytestmark = pytest.mark.django_db(transaction=True)

NEW_PASSWORD = "another long passphrase 7"


def rest(token: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    return client


def staff_browser() -> Client:
    staff = get_user_model().objects.create_superuser("staff", "staff@example.com", "x" * 20)
    browser = Client()
    browser.force_login(staff)
    return browser


def sign_out_everywhere(how: str, owner) -> None:
    """Sign ``owner`` out everywhere the way ``how`` says, through the real endpoint."""
    player = owner.player
    if how == "password_change":
        body = {"current_password": PASSWORD, "new_password": NEW_PASSWORD}
        answer = rest(owner.device_token).post("/api/v1/account/password", body, format="json")
        assert answer.status_code == 200, answer.content
    elif how == "password_reset":
        link = links.reset_link("https://halfmoon.example", Credentials.objects.get(pk=player.pk))
        keys = dict(pair.split("=", 1) for pair in link.split("#", 1)[1].split("&"))
        body = {**keys, "new_password": NEW_PASSWORD, "device": "laptop"}
        answer = APIClient().post("/api/v1/account/password-reset/confirm", body, format="json")
        assert answer.status_code == 200, answer.content
    elif how == "recovery_code":
        code = accounts.new_recovery_codes(player, PASSWORD)[0]
        body = {"username": owner.username, "recovery_code": code, "new_password": NEW_PASSWORD}
        answer = APIClient().post("/api/v1/account/recover", body, format="json")
        assert answer.status_code == 200, answer.content
    elif how == "staff_signs_every_device_out":
        done = staff_browser().post(
            reverse("admin:games_player_changelist"),
            {
                "action": "revoke_devices",
                "confirm": "yes",
                "_selected_action": [player.pk],
                "reason": "breach clean-up",
            },
        )
        assert done.status_code == 302
    elif how == "staff_locks_then_unlocks":
        staff = staff_browser()
        lock = reverse("admin:games_player_lock_account", args=[player.pk])
        assert staff.post(lock, {"reason": "password leaked"}).status_code == 302
        unlock = reverse("admin:games_player_unlock_account", args=[player.pk])
        assert staff.post(unlock, {"reason": "owner confirmed"}).status_code == 302
    else:  # pragma: no cover
        raise AssertionError(how)


PATHS = [
    "password_change",
    "password_reset",
    "recovery_code",
    "staff_signs_every_device_out",
    "staff_locks_then_unlocks",
]


def pending_holds(owner, register_app):
    """What else an app may hold: an authorization code not yet exchanged, and a device code
    the player approved that its device has not polled yet."""
    app = register_app(name="Second App")
    verifier, challenge = pkce_pair()
    browser = signed_in_browser(owner)
    code = consent(browser, authorize_url(app, challenge))
    device_app = register_app(
        name="Living Room", grant=Application.GRANT_DEVICE_CODE, redirect_uris=""
    )
    codes = start(device_app)
    assert approve(browser, codes["user_code"]).status_code == 302
    return (app, code, verifier), (device_app, codes["device_code"])


@pytest.mark.parametrize("how", PATHS)
async def test_signing_out_everywhere_ends_every_app_hold_and_closes_its_socket(
    app_tokens, register_app, how
):
    owner, app, tokens = await sync_to_async(app_tokens)()
    (code_app, code, verifier), (device_app, device_code) = await sync_to_async(pending_holds)(
        owner, register_app
    )
    game = await sync_to_async(hand_game)(owner.player)
    headers = [(b"authorization", f"Bearer {tokens['access_token']}".encode())]
    socket = await open_socket(game_path(game.pk), headers=headers)
    assert (await receive(socket))["type"] == "game"

    await sync_to_async(sign_out_everywhere)(how, owner)

    frame = await receive(socket)
    while frame["type"] == "game":
        frame = await receive(socket)
    assert frame["type"] == "error" and frame["code"] == "token_revoked", frame
    assert (await socket.receive_output(timeout=5)) == {"type": "websocket.close", "code": 4401}

    def after():
        assert rest(tokens["access_token"]).get("/api/v1/players/me").status_code == 401
        assert refresh(app, tokens["refresh_token"]).json()["error"] == "invalid_grant"
        assert exchange(code_app, code, verifier).json()["error"] == "invalid_grant"
        assert poll(device_app, device_code).status_code == 400
        user_id = owner.player.user_id
        for model in (AccessToken, RefreshToken, Grant, DeviceGrant):
            assert not model.objects.filter(user_id=user_id).exists(), model
        # the device: signed out too, but the one that changed the password
        device = rest(owner.device_token).get("/api/v1/players/me").status_code
        assert device == (200 if how == "password_change" else 401)

    await sync_to_async(after)()
    await socket.disconnect()


def test_a_password_change_answers_with_the_devices_and_keeps_nothing_of_the_apps(app_tokens):
    """The red team's case: ``{"revoked": 0}`` (no other device) and the app still answered."""
    owner, app, tokens = app_tokens()
    body = {"current_password": PASSWORD, "new_password": NEW_PASSWORD}
    answer = rest(owner.device_token).post("/api/v1/account/password", body, format="json")
    assert answer.json() == {"revoked": 0}
    assert rest(tokens["access_token"]).get("/api/v1/players/me").status_code == 401
    assert refresh(app, tokens["refresh_token"]).status_code == 400
    assert rest(owner.device_token).get("/api/v1/players/me/apps").json()["results"] == []
    assert rest(owner.device_token).get("/api/v1/players/me").status_code == 200


def test_an_app_that_changes_the_password_keeps_its_own_token_only(app_tokens, register_app):
    """An app holding ``account`` changes the password: every device and every other app is
    signed out, the app that asked keeps its token (it is the "here" of "everywhere else")."""
    owner, app, tokens = app_tokens(scope="read account", app_scopes="read play account")
    other_app = register_app(name="Other App")
    verifier, challenge = pkce_pair()
    code = consent(signed_in_browser(owner), authorize_url(other_app, challenge))
    other = exchange(other_app, code, verifier).json()
    body = {"current_password": PASSWORD, "new_password": NEW_PASSWORD}
    answer = rest(tokens["access_token"]).post("/api/v1/account/password", body, format="json")
    assert answer.status_code == 200, answer.content
    assert rest(tokens["access_token"]).get("/api/v1/players/me").status_code == 200
    assert rest(other["access_token"]).get("/api/v1/players/me").status_code == 401
    assert rest(owner.device_token).get("/api/v1/players/me").status_code == 401
    assert refresh(app, tokens["refresh_token"]).status_code == 200


def test_a_refused_password_change_leaves_the_apps_alone(app_tokens):
    owner, app, tokens = app_tokens()
    held = set(AccessToken.objects.values_list("pk", flat=True))
    body = {"current_password": "not the password", "new_password": NEW_PASSWORD}
    answer = rest(owner.device_token).post("/api/v1/account/password", body, format="json")
    assert answer.status_code == 400
    assert set(AccessToken.objects.values_list("pk", flat=True)) == held
    assert rest(tokens["access_token"]).get("/api/v1/players/me").status_code == 200


def test_signing_other_devices_out_from_the_device_list_keeps_the_apps(app_tokens):
    """The device list's button is about devices; apps are disconnected under connected
    apps (SPEC §9, §13)."""
    owner, app, tokens = app_tokens()
    answer = rest(owner.device_token).post("/api/v1/players/me/tokens/revoke-others")
    assert answer.status_code == 200
    assert rest(tokens["access_token"]).get("/api/v1/players/me").status_code == 200


def test_disconnecting_an_app_deletes_its_approved_device_grants(account, register_app):
    owner = account()
    device_app = register_app(
        name="Living Room", grant=Application.GRANT_DEVICE_CODE, redirect_uris=""
    )
    browser = signed_in_browser(owner)
    first = start(device_app)
    approve(browser, first["user_code"])
    assert poll(device_app, first["device_code"]).status_code == 200
    second = start(device_app)
    approve(browser, second["user_code"])  # approved, not polled yet
    gone = rest(owner.device_token).delete(f"/api/v1/players/me/apps/{device_app.pk}")
    assert gone.status_code == 204
    assert not DeviceGrant.objects.filter(client_id=device_app.client_id).exists()
    assert poll(device_app, second["device_code"]).status_code == 400
    assert not AccessToken.objects.exists()
    assert rest(owner.device_token).get("/api/v1/players/me/apps").json()["results"] == []


def test_suspending_an_app_deletes_its_device_grants_pending_or_approved(account, register_app):
    from games.oauth import services

    owner = account()
    device_app = register_app(
        name="Living Room", grant=Application.GRANT_DEVICE_CODE, redirect_uris=""
    )
    approved, pending = start(device_app), start(device_app)
    approve(signed_in_browser(owner), approved["user_code"])
    services.suspend_app(None, device_app.pk, "abuse")
    assert not DeviceGrant.objects.filter(client_id=device_app.client_id).exists()
    services.unsuspend_app(None, device_app.pk, "cleared")
    for codes in (approved, pending):
        assert poll(device_app, codes["device_code"]).status_code == 400
    assert not AccessToken.objects.exists()
