"""Across processes: a socket opened with an app's token on one daphne process closes the moment
the player disconnects the app through another process, through Redis, as a revoked device
token's does."""

from __future__ import annotations

import asyncio
import datetime as dt
import secrets

import pytest
import websockets
from django.db import connections
from django.utils import timezone
from oauth2_provider.models import AccessToken, Application

from games.accounts import services as accounts
from games.oauth.services import site_user
from games.players import services as players
from tests.support.http import API, Http
from tests.support.sockets import game_path, next_game, receive_json

pytestmark = [pytest.mark.redis, pytest.mark.process, pytest.mark.django_db(transaction=True)]


def app_token_for(player) -> tuple[int, str]:
    app = Application.objects.create(
        name="Moon Tracker",
        client_type=Application.CLIENT_PUBLIC,
        authorization_grant_type=Application.GRANT_AUTHORIZATION_CODE,
        redirect_uris="https://app.example/cb",
    )
    token = secrets.token_urlsafe(30)
    AccessToken.objects.create(
        user=site_user(player),
        application=app,
        token=token,
        expires=timezone.now() + dt.timedelta(hours=1),
        scope="read play",
    )
    connections.close_all()
    return app.pk, token


def test_disconnecting_an_app_on_one_process_closes_its_socket_on_another(start_server):
    first, second = start_server(), start_server()
    player, device_token = players.create_player("owner")
    accounts.add_credentials(player, "owner_x", "a long passphrase for tests")
    app_id, token = app_token_for(player)
    app_client = Http(first.url, token)
    game = app_client.post(f"{API}/games", {}).body

    async def scenario():
        headers = {"Authorization": f"Bearer {token}"}
        url = second.ws_url + game_path(game["id"])
        async with websockets.connect(url, additional_headers=headers) as socket:
            await next_game(socket)
            gone = await asyncio.to_thread(
                Http(first.url, device_token).call, "DELETE", f"{API}/players/me/apps/{app_id}"
            )
            assert gone.status == 204, gone.body
            frame = await receive_json(socket)
            while frame["type"] == "game":
                frame = await receive_json(socket)
            assert frame["type"] == "error" and frame["code"] == "token_revoked", frame
            with pytest.raises(websockets.ConnectionClosed) as closed:
                await asyncio.wait_for(socket.recv(), 10)
            assert closed.value.rcvd.code == 4401

    asyncio.run(scenario())
    assert app_client.get(f"{API}/players/me").status == 401


def test_a_password_change_on_one_process_closes_the_apps_socket_on_another(start_server):
    """Issue 37, F1: changing the password signs the apps out too, in every process."""
    first, second = start_server(), start_server()
    player, device_token = players.create_player("owner")
    accounts.add_credentials(player, "owner_y", "a long passphrase for tests")
    _app_id, token = app_token_for(player)
    game = Http(first.url, token).post(f"{API}/games", {}).body

    async def scenario():
        headers = {"Authorization": f"Bearer {token}"}
        url = second.ws_url + game_path(game["id"])
        async with websockets.connect(url, additional_headers=headers) as socket:
            await next_game(socket)
            body = {
                "current_password": "a long passphrase for tests",
                "new_password": "another long passphrase 7",
            }
            changed = await asyncio.to_thread(
                Http(first.url, device_token).call, "POST", f"{API}/account/password", body
            )
            assert changed.status == 200, changed.body
            frame = await receive_json(socket)
            while frame["type"] == "game":
                frame = await receive_json(socket)
            assert frame["type"] == "error" and frame["code"] == "token_revoked", frame
            with pytest.raises(websockets.ConnectionClosed) as closed:
                await asyncio.wait_for(socket.recv(), 10)
            assert closed.value.rcvd.code == 4401

    asyncio.run(scenario())
    assert Http(first.url, token).get(f"{API}/players/me").status == 401
    assert not AccessToken.objects.exists()
