"""The browser session of a Django user linked to a player authenticates REST and sockets;
a suspended player is refused on both, like a suspended token."""

import pytest
from asgiref.sync import sync_to_async
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import timezone

from games import actions
from games.models import Game, Player
from games.players import services as players
from realtime.sessions import SocketAuthMiddlewareStack
from tests.support.sockets import own_reply, receive, watch_game


@pytest.fixture
def session_player(db):
    user = get_user_model().objects.create_user("sam", password="pw-for-tests-only-42")
    player, _ = players.create_player("Sam")
    Player.objects.filter(pk=player.pk).update(user=user)  # test setup: link the accounts
    client = Client(enforce_csrf_checks=False)
    client.force_login(user)
    return client, Player.objects.get(pk=player.pk)


def test_session_user_acts_as_its_player(session_player):
    client, player = session_player
    assert client.get("/api/v1/players/me").json()["id"] == player.pk
    created = client.post("/api/v1/games", {}, content_type="application/json")
    assert created.status_code == 201 and created.json()["owner"]["id"] == player.pk


def test_suspended_session_player_is_refused(session_player):
    client, player = session_player
    Player.objects.filter(pk=player.pk).update(suspended_at=timezone.now())
    refused = client.post("/api/v1/games", {}, content_type="application/json")
    assert refused.status_code == 403 and refused.json()["code"] == "token_suspended"
    assert not Game.objects.filter(owner=player).exists()


@pytest.mark.django_db(transaction=True)
async def test_suspended_session_player_cannot_act_over_the_socket(session_player):
    client, player = session_player
    game = await sync_to_async(actions.start_game)(player)
    await sync_to_async(actions.set_watchable)(player, game.game.pk, True)  # others may watch
    await sync_to_async(Player.objects.filter(pk=player.pk).update)(suspended_at=timezone.now())
    cookie = f"sessionid={client.cookies['sessionid'].value}".encode()
    ws = await watch_game(
        game.game.pk,
        headers=[(b"cookie", cookie), (b"origin", b"http://127.0.0.1"), (b"host", b"127.0.0.1")],
    )
    await receive(ws)
    await ws.send_json_to({"action": "tap", "position": "P1"})
    assert (await receive(ws))["code"] == "not_authenticated"
    await ws.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_session_from_another_site_is_not_trusted_on_the_socket(session_player):
    client, player = session_player
    game = await sync_to_async(actions.start_game)(player)
    await sync_to_async(actions.set_watchable)(player, game.game.pk, True)  # others may watch
    cookie = f"sessionid={client.cookies['sessionid'].value}".encode()
    for origin, expected in (
        (b"http://127.0.0.1:8000", "result"),
        (b"https://evil.example", "error"),
        (b"http://127.0.0.1:9999", "error"),
        (b"https://localhost:1", "error"),
        (b"https://127.0.0.1:8000", "error"),
        (b"http://localhost:8000", "error"),
    ):
        ws = await watch_game(
            game.game.pk,
            headers=[(b"cookie", cookie), (b"origin", origin), (b"host", b"127.0.0.1:8000")],
        )
        await receive(ws)
        await ws.send_json_to({"action": "tap", "position": "P1"})
        reply = await own_reply(ws)
        assert reply["type"] == expected, (origin, reply)
        await ws.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_a_socket_s_frames_skip_the_per_frame_session_wrapper(session_player):
    """The socket stack resolves the session and its user as Channels does, and hands the
    application the server's own ``send`` (Channels' session wrapper read the lazy session on
    every frame and saves only on ``http.response.start``); an HTTP scope keeps the wrapper."""
    client, player = session_player
    cookie = f"sessionid={client.cookies['sessionid'].value}".encode()
    seen = {}

    async def application(scope, receive, send):
        seen[scope["type"]] = (scope["user"].pk, send)

    async def server_send(message):
        raise AssertionError("nothing is sent here")

    stack = SocketAuthMiddlewareStack(application)
    for kind in ("websocket", "http"):
        scope = {"type": kind, "path": "/", "headers": [(b"cookie", cookie)]}
        await stack(scope, None, server_send)
    user_id = await sync_to_async(lambda: Player.objects.get(pk=player.pk).user_id)()
    assert seen["websocket"] == (user_id, server_send)
    assert seen["http"][0] == user_id and seen["http"][1] is not server_send
