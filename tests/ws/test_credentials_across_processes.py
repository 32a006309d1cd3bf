"""Across processes: a socket served by one daphne process closes when its token is revoked
through another process (or by staff), and follows settings changed there, through Redis."""

import asyncio

import pytest
import websockets
from django.db import connections

from games.moderation import services as moderation
from tests.support.http import API, Http, new_player
from tests.support.sockets import game_path, next_game, receive_json

pytestmark = [pytest.mark.redis, pytest.mark.process]


async def closed_with(socket, code: int, error: str) -> None:
    """The error frame (broadcasts of earlier changes skipped), then the close code."""
    frame = await receive_json(socket)
    while frame["type"] == "game":
        frame = await receive_json(socket)
    assert frame["type"] == "error" and frame["code"] == error, frame
    with pytest.raises(websockets.ConnectionClosed) as closed:
        await asyncio.wait_for(socket.recv(), 10)
    assert closed.value.rcvd.code == code


async def tap(socket, position, request_id):
    await socket.send(f'{{"action":"tap","position":"{position}","request_id":{request_id}}}')
    while True:
        frame = await receive_json(socket)
        if frame["type"] in ("result", "error"):
            return frame


def suspend(player_id):
    try:
        moderation.suspend(None, player_id, "spam")
    finally:
        connections.close_all()  # this thread's, before the test database goes


def test_revoking_through_one_process_closes_the_socket_on_the_other(start_server):
    first, second = start_server(), start_server()
    owner = new_player(first.url, "owner")
    game = owner.post(f"{API}/games", {}).body
    path = game_path(game["id"])

    async def scenario():
        headers = {"Authorization": f"Bearer {owner.token}"}
        async with websockets.connect(second.ws_url + path, additional_headers=headers) as socket:
            await next_game(socket)
            assert (await tap(socket, "P1", 1))["type"] == "result"
            rotated = await asyncio.to_thread(owner.post, f"{API}/players/me/token")
            assert rotated.status == 200
            await closed_with(socket, 4401, "token_revoked")
        # The game is private: read with the new token (the old one is refused).
        reader = Http(first.url, rotated.body["token"])
        version = reader.get(f"{API}/games/{game['id']}").body["version"]
        assert version == 1  # nothing after the rotation

    asyncio.run(scenario())


@pytest.mark.django_db(transaction=True)
def test_staff_suspension_in_this_process_closes_sockets_served_elsewhere(start_server):
    server = start_server()
    owner = new_player(server.url, "owner")
    game = owner.post(f"{API}/games", {}).body
    player_id = owner.get(f"{API}/players/me").body["id"]

    async def scenario():
        offers = ["halfmoon", f"halfmoon.token.{owner.token}"]
        url = server.ws_url + game_path(game["id"])
        async with websockets.connect(url, subprotocols=offers) as socket:
            assert socket.subprotocol == "halfmoon"
            await next_game(socket)
            await asyncio.to_thread(suspend, player_id)
            await closed_with(socket, 4403, "token_suspended")

    asyncio.run(scenario())


def test_settings_changed_through_one_process_apply_to_a_socket_on_the_other(start_server):
    first, second = start_server(), start_server()
    owner = new_player(first.url, "owner")
    game = owner.post(f"{API}/games", {}).body

    async def scenario():
        url = f"{second.ws_url}{game_path(game['id'])}?token={owner.token}"
        async with websockets.connect(url) as socket:
            await next_game(socket)
            assert (await tap(socket, "P1", 1))["dimmed"] is None
            patch = Http(first.url, owner.token).call(
                "PATCH", f"{API}/players/me", {"settings": {"placement_aid": True}}
            )
            assert patch.status == 200
            assert (await tap(socket, "P1", 2))["dimmed"] is not None

    asyncio.run(scenario())
