"""Issue 37, F2 and L4: a code exchanges once. A replayed authorization code or device code is
``invalid_grant`` and revokes what the first exchange issued — its access token (the socket
opened with it closes), its refresh token and every rotation since (RFC 6749 §4.1.2, OAuth 2.1).
A failed exchange (a wrong PKCE verifier) burns the code. A device code exchanges only for the
app it was issued to, before it expires."""

from __future__ import annotations

import datetime as dt

import pytest
from asgiref.sync import sync_to_async
from django.test import Client
from django.utils import timezone
from oauth2_provider.models import AccessToken, Application, DeviceGrant, Grant, RefreshToken
from rest_framework.test import APIClient

from games.models import SpentGrant
from tests.accounts.conftest import at_once
from tests.support.play import hand_game
from tests.support.sockets import game_path, open_socket, receive

from .conftest import authorize_url, consent, exchange, pkce_pair, refresh, signed_in_browser
from .test_device_grant import approve, poll, start

pytestmark = pytest.mark.django_db(transaction=True)


def rest(token: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    return client


def live(token: str) -> bool:
    return rest(token).get("/api/v1/players/me").status_code == 200


@pytest.fixture
def device_app(register_app):
    return register_app(name="Living Room", grant=Application.GRANT_DEVICE_CODE, redirect_uris="")


@pytest.fixture
def approved(account, device_app):
    """(owner, device code) of a grant the player approved."""

    def make(name="ann"):
        owner = account(name)
        codes = start(device_app)
        assert approve(signed_in_browser(owner), codes["user_code"]).status_code == 302
        return owner, codes["device_code"]

    return make


def code_for(account, register_app):
    owner, app = account(), register_app()
    verifier, challenge = pkce_pair()
    return owner, app, consent(signed_in_browser(owner), authorize_url(app, challenge)), verifier


# -- authorization codes (L4) ----------------------------------------------------------------
def test_a_replayed_code_revokes_the_tokens_of_its_first_exchange_and_every_rotation(
    account, register_app
):
    _owner, app, code, verifier = code_for(account, register_app)
    first = exchange(app, code, verifier).json()
    rotated = refresh(app, first["refresh_token"]).json()
    assert live(rotated["access_token"])
    replay = exchange(app, code, verifier)
    assert replay.status_code == 400 and replay.json()["error"] == "invalid_grant"
    assert not live(rotated["access_token"]) and not live(first["access_token"])
    assert refresh(app, rotated["refresh_token"]).json()["error"] == "invalid_grant"
    assert not AccessToken.objects.exists() and not RefreshToken.objects.exists()
    # A third try changes nothing more and still gets nothing.
    assert exchange(app, code, verifier).json()["error"] == "invalid_grant"
    assert not AccessToken.objects.exists()


async def test_a_replayed_code_closes_the_socket_its_first_token_opened(account, register_app):
    owner, app, code, verifier = await sync_to_async(code_for)(account, register_app)
    first = (await sync_to_async(exchange)(app, code, verifier)).json()
    game = await sync_to_async(hand_game)(owner.player)
    headers = [(b"authorization", f"Bearer {first['access_token']}".encode())]
    socket = await open_socket(game_path(game.pk), headers=headers)
    assert (await receive(socket))["type"] == "game"
    replay = await sync_to_async(exchange)(app, code, verifier)
    assert replay.status_code == 400
    frame = await receive(socket)
    assert frame["type"] == "error" and frame["code"] == "token_revoked", frame
    assert (await socket.receive_output(timeout=5)) == {"type": "websocket.close", "code": 4401}
    await socket.disconnect()


def test_a_wrong_verifier_burns_the_code(account, register_app):
    _owner, app, code, verifier = code_for(account, register_app)
    wrong = exchange(app, code, verifier + "x")
    assert wrong.status_code == 400 and wrong.json()["error"] == "invalid_grant"
    assert not Grant.objects.exists()
    right = exchange(app, code, verifier)
    assert right.status_code == 400 and right.json()["error"] == "invalid_grant"
    assert not AccessToken.objects.exists() and not SpentGrant.objects.exists()


def test_only_a_hash_of_a_spent_code_is_kept_until_it_would_have_expired(account, register_app):
    _owner, app, code, verifier = code_for(account, register_app)
    expires = Grant.objects.get().expires
    assert exchange(app, code, verifier).status_code == 200
    spent = SpentGrant.objects.get()
    assert code not in str(SpentGrant.objects.values().get())
    assert spent.expires_at == expires and spent.kind == "code"


@pytest.mark.postgres
def test_two_exchanges_of_one_code_at_once_issue_nothing_that_lasts(account, register_app):
    """One exchange issues, the other is its replay: refused, and it revokes the first's."""
    _owner, app, code, verifier = code_for(account, register_app)
    answers = at_once(*[lambda: exchange(app, code, verifier)] * 2)
    assert sorted(a.status_code for a in answers) == [200, 400]
    issued = next(a for a in answers if a.status_code == 200).json()
    assert not live(issued["access_token"])
    assert not AccessToken.objects.exists()


# -- device codes (F2) -----------------------------------------------------------------------
def test_a_device_code_exchanges_once_and_its_replay_revokes_the_first_pair(approved, device_app):
    _owner, device_code = approved()
    first = poll(device_app, device_code)
    assert first.status_code == 200, first.content
    tokens = first.json()
    assert live(tokens["access_token"])
    again = poll(device_app, device_code)
    assert again.status_code == 400 and again.json()["error"] == "invalid_grant"
    assert not live(tokens["access_token"])
    assert refresh(device_app, tokens["refresh_token"]).json()["error"] == "invalid_grant"
    assert not AccessToken.objects.exists() and not RefreshToken.objects.exists()
    assert not DeviceGrant.objects.exists()  # the grant went with its exchange


def test_a_device_code_mints_nothing_after_the_player_disconnects_the_app(approved, device_app):
    owner, device_code = approved()
    assert poll(device_app, device_code).status_code == 200
    gone = rest(owner.device_token).delete(f"/api/v1/players/me/apps/{device_app.pk}")
    assert gone.status_code == 204
    assert poll(device_app, device_code).json()["error"] == "invalid_grant"
    assert not AccessToken.objects.exists()
    assert rest(owner.device_token).get("/api/v1/players/me/apps").json()["results"] == []


def test_a_device_code_mints_nothing_after_its_refresh_token_is_revoked(approved, device_app):
    _owner, device_code = approved()
    tokens = poll(device_app, device_code).json()
    revoked = Client().post(
        "/oauth/revoke_token/",
        {"token": tokens["refresh_token"], "client_id": device_app.client_id},
    )
    assert revoked.status_code == 200
    assert poll(device_app, device_code).json()["error"] == "invalid_grant"
    assert not AccessToken.objects.exists()


def test_another_apps_client_id_cannot_exchange_a_device_code(approved, device_app, register_app):
    _owner, device_code = approved()
    other = register_app(name="Other TV", grant=Application.GRANT_DEVICE_CODE, redirect_uris="")
    before = list(DeviceGrant.objects.values())
    answer = poll(other, device_code)
    assert answer.status_code == 400 and answer.json()["error"] == "invalid_grant"
    assert not AccessToken.objects.exists() and not SpentGrant.objects.exists()
    assert list(DeviceGrant.objects.values()) == before  # its own app may still poll
    assert poll(device_app, device_code).status_code == 200


def test_an_expired_device_code_is_refused_even_when_approved(approved, device_app):
    _owner, device_code = approved()
    DeviceGrant.objects.update(expires=timezone.now() - dt.timedelta(seconds=1))
    answer = poll(device_app, device_code)
    assert answer.status_code == 400 and answer.json()["error"] == "expired_token"
    assert not AccessToken.objects.exists()


def test_an_unknown_device_code_is_invalid_grant(device_app):
    answer = poll(device_app, "no-such-device-code")
    assert answer.status_code == 400 and answer.json()["error"] == "invalid_grant"


@pytest.mark.postgres
def test_two_polls_of_one_approved_device_code_at_once_leave_no_live_token(approved, device_app):
    _owner, device_code = approved()
    answers = at_once(*[lambda: poll(device_app, device_code)] * 2)
    assert sorted(a.status_code for a in answers) == [200, 400]
    assert not AccessToken.objects.exists()
