"""Personal tokens: a player with credentials makes tokens for their own scripts with chosen
scopes and an expiry, lists and revokes them. The value is shown once and stored hashed; the
token acts with exactly its scopes, as an app's token does; a hostile second account, a guest,
the limit and a bad body change nothing."""

from __future__ import annotations

import datetime as dt
import hashlib

import pytest
from oauth2_provider.models import AccessToken
from rest_framework.test import APIClient

from games.core import clock
from games.models import Game
from games.oauth.models import PersonalToken
from games.oauth.registration import MAX_PERSONAL_TOKENS
from tests.support.clock import FakeClock

pytestmark = pytest.mark.django_db

TOKENS = "/api/v1/account/tokens"


def rest(token: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    return client


def make_token(owner, scopes=("read",), days=30, name="my script"):
    body = {"name": name, "scopes": list(scopes), "expires_in_days": days}
    return rest(owner.device_token).post(TOKENS, body, format="json")


def test_a_player_makes_lists_and_revokes_a_token_whose_value_is_shown_once(account):
    owner = account()
    made = make_token(owner, scopes=("read", "play"), days=7)
    assert made.status_code == 201, made.content
    body = made.json()
    value = body["token"]
    assert value.startswith("hm_pat_") and body["hint"] == value[:11]
    assert body["scopes"] == ["play", "read"] and body["expired"] is False
    expires = dt.datetime.fromisoformat(body["expires_at"])
    assert dt.timedelta(days=6, hours=23) < expires - clock.now() <= dt.timedelta(days=7)
    # Stored hashed: DOT's checksum only, never the value.
    access = AccessToken.objects.get(pk=body["id"])
    assert access.token == "" and access.application is None
    assert access.token_checksum == hashlib.sha256(value.encode()).hexdigest()
    listed = rest(owner.device_token).get(TOKENS)
    assert listed.status_code == 200
    assert [t["id"] for t in listed.json()["results"]] == [body["id"]]
    assert "token" not in listed.json()["results"][0] and value not in listed.content.decode()
    # It acts for the player.
    me = rest(value).get("/api/v1/players/me")
    assert me.status_code == 200 and me.json()["id"] == owner.player.pk
    assert rest(owner.device_token).delete(f"{TOKENS}/{body['id']}").status_code == 204
    assert not PersonalToken.objects.exists() and not AccessToken.objects.exists()
    assert rest(owner.device_token).get(TOKENS).json()["results"] == []


def test_a_revoked_token_is_refused_as_invalid(account):
    owner = account()
    made = make_token(owner).json()
    rest(owner.device_token).delete(f"{TOKENS}/{made['id']}")
    refused = rest(made["token"]).get("/api/v1/players/me")
    assert refused.status_code == 401
    assert 'error="invalid_token"' in refused["WWW-Authenticate"]


def test_an_expired_token_is_refused_as_invalid(account, monkeypatch):
    fake = FakeClock(dt.datetime.now(dt.UTC))
    monkeypatch.setattr(clock, "now", fake)
    owner = account()
    made = make_token(owner, days=1).json()
    assert rest(made["token"]).get("/api/v1/players/me").status_code == 200
    fake.advance(days=1, seconds=1)
    refused = rest(made["token"]).get("/api/v1/players/me")
    assert refused.status_code == 401
    assert 'error="invalid_token"' in refused["WWW-Authenticate"]
    listed = rest(owner.device_token).get(TOKENS).json()["results"]
    assert [t["expired"] for t in listed] == [True]


def test_a_token_does_only_what_its_scopes_allow(account):
    owner = account()
    value = make_token(owner, scopes=("read",)).json()["token"]
    refused = rest(value).post("/api/v1/games", {}, format="json")
    assert refused.status_code == 403
    assert refused.json()["code"] == "insufficient_scope"
    assert refused.json()["scope"] == "play"
    assert not Game.objects.exists()
    # Nor may it make itself a stronger token (the account scope).
    stronger = rest(value).post(TOKENS, {"name": "x", "scopes": ["play"]}, format="json")
    assert stronger.status_code == 403 and PersonalToken.objects.count() == 1
    player = make_token(owner, scopes=("play",)).json()["token"]
    assert rest(player).post("/api/v1/games", {}, format="json").status_code == 201


def test_another_account_can_neither_list_nor_revoke_a_token(account):
    owner, stranger = account("ann"), account("bo")
    made = make_token(owner).json()
    assert rest(stranger.device_token).get(TOKENS).json()["results"] == []
    refused = rest(stranger.device_token).delete(f"{TOKENS}/{made['id']}")
    assert refused.status_code == 404 and refused.json()["code"] == "personal_token_not_found"
    assert PersonalToken.objects.filter(pk=made["id"]).exists()
    assert rest(made["token"]).get("/api/v1/players/me").status_code == 200
    # Nor the owner twice.
    assert rest(owner.device_token).delete(f"{TOKENS}/{made['id']}").status_code == 204
    assert rest(owner.device_token).delete(f"{TOKENS}/{made['id']}").status_code == 404


def test_the_limit_is_refused_with_nothing_made(account):
    owner = account()
    for n in range(MAX_PERSONAL_TOKENS):
        assert make_token(owner, name=f"script {n}").status_code == 201
    refused = make_token(owner, name="one too many")
    assert refused.status_code == 409
    assert refused.json()["code"] == "personal_token_limit"
    assert refused.json()["limit"] == MAX_PERSONAL_TOKENS
    assert PersonalToken.objects.count() == MAX_PERSONAL_TOKENS
    assert AccessToken.objects.count() == MAX_PERSONAL_TOKENS


def test_expired_tokens_do_not_count_toward_the_limit(account, monkeypatch):
    fake = FakeClock(dt.datetime.now(dt.UTC))
    monkeypatch.setattr(clock, "now", fake)
    owner = account()
    for n in range(MAX_PERSONAL_TOKENS):
        make_token(owner, name=f"script {n}", days=1)
    fake.advance(days=2)
    assert make_token(owner, name="after").status_code == 201


def test_a_guest_without_credentials_is_refused(player_client):
    client, _player = player_client()
    refused = client.post(TOKENS, {"name": "x", "scopes": ["read"]}, format="json")
    assert refused.status_code == 404 and refused.json()["code"] == "no_credentials"
    assert not PersonalToken.objects.exists() and not AccessToken.objects.exists()


@pytest.mark.parametrize(
    "body",
    [
        {"name": "x", "scopes": ["read"], "expires_in_days": 366},
        {"name": "x", "scopes": ["read"], "expires_in_days": 0},
        {"name": "x", "scopes": []},
        {"name": "x", "scopes": ["admin"]},
        {"name": "", "scopes": ["read"]},
        {"name": "x", "scopes": ["read"], "token": "mine"},
    ],
)
def test_a_bad_body_is_refused_with_nothing_made(account, body):
    owner = account()
    refused = rest(owner.device_token).post(TOKENS, body, format="json")
    assert refused.status_code == 400, refused.content
    assert not PersonalToken.objects.exists() and not AccessToken.objects.exists()


def test_a_password_change_ends_personal_tokens_as_every_other_sign_in(account):
    from tests.oauth.conftest import PASSWORD

    owner = account()
    value = make_token(owner).json()["token"]
    changed = rest(owner.device_token).post(
        "/api/v1/account/password",
        {"current_password": PASSWORD, "new_password": "another long passphrase"},
        format="json",
    )
    assert changed.status_code == 200, changed.content
    assert rest(value).get("/api/v1/players/me").status_code == 401
    assert not PersonalToken.objects.exists()


@pytest.mark.django_db(transaction=True)
async def test_a_socket_opened_with_a_personal_token_closes_when_it_is_revoked(account):
    from asgiref.sync import sync_to_async

    from games.models import GameEvent
    from tests.support.play import hand_game
    from tests.support.sockets import game_path, open_socket, own_reply, receive

    owner = await sync_to_async(account)()
    made = (await sync_to_async(make_token)(owner, scopes=("read", "play"))).json()
    game = await sync_to_async(hand_game)(owner.player)
    headers = [(b"authorization", f"Bearer {made['token']}".encode())]
    socket = await open_socket(game_path(game.pk), headers=headers)
    assert (await receive(socket))["type"] == "game"
    await socket.send_json_to({"action": "tap", "position": "P6", "request_id": 1})
    assert (await own_reply(socket))["type"] == "result"
    revoked = await sync_to_async(rest(owner.device_token).delete)(f"{TOKENS}/{made['id']}")
    assert revoked.status_code == 204
    frame = await receive(socket)
    while frame["type"] == "game":
        frame = await receive(socket)
    assert frame["type"] == "error" and frame["code"] == "token_revoked", frame
    assert (await socket.receive_output(timeout=5)) == {"type": "websocket.close", "code": 4401}
    events = await sync_to_async(GameEvent.objects.filter(game_id=game.pk).count)()
    assert events == 1
    await socket.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_a_read_only_personal_token_cannot_open_the_game_socket(account):
    from asgiref.sync import sync_to_async

    from tests.support.play import hand_game
    from tests.support.sockets import game_path, open_socket, receive

    owner = await sync_to_async(account)()
    made = (await sync_to_async(make_token)(owner, scopes=("read",))).json()
    game = await sync_to_async(hand_game)(owner.player)
    headers = [(b"authorization", f"Bearer {made['token']}".encode())]
    socket = await open_socket(game_path(game.pk), headers=headers)
    frame = await receive(socket)
    assert frame["type"] == "error" and frame["code"] == "insufficient_scope", frame
    assert (await socket.receive_output(timeout=5)) == {"type": "websocket.close", "code": 4403}
    await socket.disconnect()


def test_a_lent_token_mints_no_token_nor_app_even_with_the_account_scope(account, app_tokens):
    owner = account()
    personal = make_token(owner, scopes=("account", "read")).json()["token"]
    _app_owner, _app, tokens = app_tokens(name="bo")
    for lent in (personal, tokens["access_token"]):
        refused = rest(lent).post(TOKENS, {"name": "x", "scopes": ["play"]}, format="json")
        assert refused.status_code == 403
        assert refused.json()["code"] in ("own_device_required", "insufficient_scope")
    # the personal token holds `account`: refused as lent, not for its scope
    refused = rest(personal).post(TOKENS, {"name": "x", "scopes": ["play"]}, format="json")
    assert refused.json()["code"] == "own_device_required"
    app_body = {"name": "Bot", "redirect_uris": ["https://bot.example/cb"], "scopes": ["read"]}
    refused = rest(personal).post("/api/v1/account/apps", app_body, format="json")
    assert refused.status_code == 403 and refused.json()["code"] == "own_device_required"
    assert PersonalToken.objects.count() == 1
    assert rest(personal).get(TOKENS).status_code == 200  # it still reads and revokes
