"""Issue 37, F3: only a player's own sign-in approves an app. A staff member signed in to
``/admin/`` (or any Django user who is not a player's site user) is refused by the authorize step
(GET and POST) and by the device code pages — the sign-in form again, 403, nothing written —
whatever player that user is linked to; and a token of a staff member's user, however it was
made, is refused by every REST operation and socket."""

from __future__ import annotations

import datetime as dt
import secrets

import pytest
from asgiref.sync import sync_to_async
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import timezone
from oauth2_provider.models import AccessToken, Application, DeviceGrant, Grant
from rest_framework.test import APIClient

from games.core import clock
from games.models import Game, Player
from tests.support.play import hand_game
from tests.support.sockets import communicator, game_path, receive

from .conftest import authorize_url, pkce_pair, signed_in_browser
from .test_device_grant import start

pytestmark = pytest.mark.django_db(transaction=True)

STAFF_PASSWORD = "a staff passphrase 1234"


def staff_linked_to(player, kind: str):
    """A Django user of ``kind`` linked to ``player`` (as the red team's staff member was)."""
    users = get_user_model()
    if kind == "superuser":
        user = users.objects.create_superuser("boss", "boss@example.com", STAFF_PASSWORD)
    elif kind == "staff":
        user = users.objects.create_user("clerk", password=STAFF_PASSWORD, is_staff=True)
    else:  # a user with a password of its own: not the site user made for the player's apps
        user = users.objects.create_user("someone", password=STAFF_PASSWORD)
    Player.objects.filter(pk=player.pk).update(user=user)
    return user


def admin_browser(user) -> Client:
    """Signed in through the admin's own sign-in page, as the staff member was."""
    browser = Client()
    answer = browser.post(
        "/admin/login/?next=/admin/", {"username": user.username, "password": STAFF_PASSWORD}
    )
    assert answer.status_code == 302, answer.content
    return browser


def refused(answer) -> None:
    assert answer.status_code == 403, answer.content
    assert b'action="/oauth/sign-in"' in answer.content


@pytest.mark.parametrize("kind", ["superuser", "staff", "other_user"])
def test_the_authorize_step_refuses_a_session_that_is_not_a_players_own(
    account, register_app, kind
):
    owner, app = account(), register_app()
    user = staff_linked_to(owner.player, kind)
    browser = Client()
    browser.force_login(user)
    if kind != "other_user":
        browser = admin_browser(user)
    _verifier, challenge = pkce_pair()
    url = authorize_url(app, challenge, scope="read play")
    refused(browser.get(url))
    form = {
        "client_id": app.client_id,
        "redirect_uri": "https://app.example/callback",
        "response_type": "code",
        "scope": "read play",
        "state": "st4te",
        "code_challenge": challenge,
        "code_challenge_method": "S256",
        "allow": "Authorize",
    }
    refused(browser.post(url, form))
    assert not Grant.objects.exists() and not AccessToken.objects.exists()
    assert Player.objects.get(pk=owner.player.pk).user_id == user.pk  # nothing changed


def test_a_players_own_session_still_reaches_the_consent_page(account, register_app):
    owner, app = account(), register_app()
    _verifier, challenge = pkce_pair()
    page = signed_in_browser(owner).get(authorize_url(app, challenge))
    assert page.status_code == 200 and b"Moon Tracker" in page.content


def test_the_device_code_pages_refuse_a_staff_session(account, register_app):
    owner = account()
    device_app = register_app(
        name="Living Room", grant=Application.GRANT_DEVICE_CODE, redirect_uris=""
    )
    codes = start(device_app)
    browser = admin_browser(staff_linked_to(owner.player, "superuser"))
    refused(browser.get("/oauth/device/"))
    refused(browser.post("/oauth/device/", {"user_code": codes["user_code"]}))
    confirm = f"/oauth/device-confirm/{device_app.client_id}/{codes['user_code']}"
    refused(browser.get(confirm))
    refused(browser.post(confirm, {"action": "accept"}))
    grant = DeviceGrant.objects.get()
    assert grant.user_id is None and grant.status == DeviceGrant.AUTHORIZATION_PENDING


def staff_token(owner, register_app) -> str:
    """An access token of a staff member's user (as the red team got one before this fix)."""
    user = staff_linked_to(owner.player, "superuser")
    app = register_app(scopes="read play races account")
    token = secrets.token_urlsafe(30)
    AccessToken.objects.create(
        user=user,
        application=app,
        token=token,
        expires=timezone.now() + dt.timedelta(hours=1),
        scope="read play races account",
    )
    return token


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("get", "/api/v1/players/me"),
        ("get", "/api/v1/games/{other_game}"),
        ("post", "/api/v1/games"),
        ("get", "/api/v1/account"),
        ("get", "/api/v1/players/me/apps"),
        ("post", "/api/v1/races"),
    ],
)
def test_a_staff_members_token_is_refused_by_every_rest_operation(
    account, register_app, make_player, method, path
):
    owner = account()
    token = staff_token(owner, register_app)
    other, _ = make_player("bob")
    path = path.format(other_game=hand_game(other).pk)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    games_before = list(Game.objects.values_list("pk", "version"))
    answer = getattr(client, method)(path, {} if method == "post" else None, format="json")
    assert answer.status_code == 401 and answer.json()["code"] == "invalid_token"
    assert list(Game.objects.values_list("pk", "version")) == games_before


@pytest.mark.parametrize("socket", ["game", "me", "daily"])
async def test_a_staff_members_token_is_refused_by_every_socket(
    account, register_app, make_player, socket
):
    owner = await sync_to_async(account)()
    token = await sync_to_async(staff_token)(owner, register_app)
    game = await sync_to_async(hand_game)(owner.player)
    path = {
        "game": game_path(game.pk),
        "me": "/ws/me/",
        "daily": f"/ws/daily/{clock.today().isoformat()}/",
    }[socket]
    connection = communicator(path, headers=[(b"authorization", f"Bearer {token}".encode())])
    connected, _ = await connection.connect()
    assert connected
    frame = await receive(connection)
    assert frame["type"] == "error" and frame["code"] == "invalid_token", frame
    assert (await connection.receive_output(timeout=5)) == {
        "type": "websocket.close",
        "code": 4401,
    }
