"""An app's tokens: refresh rotation and reuse detection, revocation (RFC 7009), connected apps
(list and disconnect), and sockets closing the moment a token goes — each refusal changing
nothing."""

from __future__ import annotations

import pytest
from asgiref.sync import sync_to_async
from django.test import Client
from oauth2_provider.models import AccessToken, RefreshToken
from rest_framework.test import APIClient

from games.models import Game, GameEvent
from tests.support.play import hand_game
from tests.support.sockets import game_path, open_socket, own_reply, receive

from .conftest import refresh

pytestmark = pytest.mark.django_db(transaction=True)


def rest(token: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    return client


def test_a_refresh_rotates_both_tokens(app_tokens):
    _owner, app, tokens = app_tokens()
    answer = refresh(app, tokens["refresh_token"])
    assert answer.status_code == 200, answer.content
    fresh = answer.json()
    assert fresh["refresh_token"] != tokens["refresh_token"]
    assert fresh["access_token"] != tokens["access_token"]
    assert set(fresh["scope"].split()) == {"read", "play"}
    assert rest(fresh["access_token"]).get("/api/v1/players/me").status_code == 200
    assert rest(tokens["access_token"]).get("/api/v1/players/me").status_code == 401


def test_a_refresh_token_used_twice_revokes_the_family(app_tokens):
    _owner, app, tokens = app_tokens()
    fresh = refresh(app, tokens["refresh_token"]).json()
    again = refresh(app, tokens["refresh_token"])
    assert again.status_code == 400
    assert again.json()["error"] == "invalid_grant"
    # The reuse revoked the family: the token the first refresh gave works no more.
    assert rest(fresh["access_token"]).get("/api/v1/players/me").status_code == 401
    assert refresh(app, fresh["refresh_token"]).status_code == 400
    assert not AccessToken.objects.exists()


def test_revocation_rfc7009_stops_the_token(app_tokens):
    _owner, app, tokens = app_tokens()
    answer = Client().post(
        "/oauth/revoke_token/", {"token": tokens["access_token"], "client_id": app.client_id}
    )
    assert answer.status_code == 200
    assert rest(tokens["access_token"]).get("/api/v1/players/me").status_code == 401


def test_a_suspended_app_refuses_every_token_and_grant(app_tokens):
    from games.oauth import services

    _owner, app, tokens = app_tokens()
    services.suspend_app(None, app.pk, "abuse")
    assert rest(tokens["access_token"]).get("/api/v1/players/me").status_code == 401
    assert refresh(app, tokens["refresh_token"]).status_code in (400, 401)
    assert not AccessToken.objects.filter(application=app).exists()
    assert not RefreshToken.objects.filter(application=app).exists()


def test_connected_apps_lists_name_scopes_and_last_use(app_tokens):
    owner, app, tokens = app_tokens(scope="read play")
    listed = rest(owner.device_token).get("/api/v1/players/me/apps")
    assert listed.status_code == 200
    (entry,) = listed.json()["results"]
    assert entry["id"] == app.pk and entry["name"] == "Moon Tracker"
    assert entry["scopes"] == ["play", "read"]
    assert entry["last_used_at"]


def test_an_app_cannot_list_or_disconnect_apps_without_account(app_tokens):
    owner, app, tokens = app_tokens(scope="read play")
    assert rest(tokens["access_token"]).get("/api/v1/players/me/apps").status_code == 403
    gone = rest(tokens["access_token"]).delete(f"/api/v1/players/me/apps/{app.pk}")
    assert gone.status_code == 403
    assert AccessToken.objects.filter(application=app).count() == 1


def test_disconnecting_an_unknown_app_is_refused(app_tokens):
    owner, app, tokens = app_tokens()
    answer = rest(owner.device_token).delete(f"/api/v1/players/me/apps/{app.pk + 99}")
    assert answer.status_code == 404 and answer.json()["code"] == "app_not_found"
    assert AccessToken.objects.filter(application=app).count() == 1


def test_disconnecting_an_app_stops_its_tokens(app_tokens):
    owner, app, tokens = app_tokens()
    answer = rest(owner.device_token).delete(f"/api/v1/players/me/apps/{app.pk}")
    assert answer.status_code == 204
    assert rest(tokens["access_token"]).get("/api/v1/players/me").status_code == 401
    assert refresh(app, tokens["refresh_token"]).status_code == 400
    assert rest(owner.device_token).get("/api/v1/players/me/apps").json()["results"] == []


async def _closed_with(socket, code: int, error: str) -> None:
    frame = await receive(socket)
    while frame["type"] == "game":
        frame = await receive(socket)
    assert frame["type"] == "error" and frame["code"] == error, frame
    assert (await socket.receive_output(timeout=5)) == {"type": "websocket.close", "code": code}


@pytest.mark.parametrize("how", ["disconnect", "revoke_endpoint", "suspend_app"])
async def test_an_open_socket_closes_when_its_app_token_goes(app_tokens, how):
    from games.oauth import services

    owner, app, tokens = await sync_to_async(app_tokens)()
    game = await sync_to_async(hand_game)(owner.player)
    headers = [(b"authorization", f"Bearer {tokens['access_token']}".encode())]
    socket = await open_socket(game_path(game.pk), headers=headers)
    assert (await receive(socket))["type"] == "game"
    await socket.send_json_to({"action": "tap", "position": "P6", "request_id": 1})
    assert (await own_reply(socket))["type"] == "result"

    def revoke():
        if how == "disconnect":
            assert (
                rest(owner.device_token).delete(f"/api/v1/players/me/apps/{app.pk}").status_code
                == 204
            )
        elif how == "revoke_endpoint":
            Client().post(
                "/oauth/revoke_token/",
                {"token": tokens["access_token"], "client_id": app.client_id},
            )
        else:
            services.suspend_app(None, app.pk, "abuse")

    await sync_to_async(revoke)()
    await _closed_with(socket, 4401, "token_revoked")
    version = (await sync_to_async(Game.objects.get)(pk=game.pk)).version
    events = await sync_to_async(GameEvent.objects.filter(game_id=game.pk).count)()
    assert (version, events) == (1, 1)  # the tap, nothing after
    await socket.disconnect()


def test_a_locked_account_refuses_its_app_tokens(app_tokens):
    from games.moderation import services as moderation

    owner, _app, tokens = app_tokens()
    moderation.lock_account(None, owner.player.pk, "someone else holds it")
    assert rest(tokens["access_token"]).get("/api/v1/players/me").status_code == 401


def test_a_deleted_account_refuses_its_app_tokens(app_tokens):
    owner, _app, tokens = app_tokens()
    answer = rest(owner.device_token).post(
        "/api/v1/account/delete", {"password": "a long passphrase for tests"}, format="json"
    )
    assert answer.status_code in (200, 204), answer.content
    assert rest(tokens["access_token"]).get("/api/v1/players/me").status_code == 401
