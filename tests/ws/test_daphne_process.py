"""End to end against a real daphne process: HTTP and a real WebSocket client (websockets)."""

import asyncio
import json

import pytest
import websockets

from tests.support.http import Http, new_player
from tests.support.moves import visible_pair
from tests.support.sockets import game_path, receive_json, stays_open_and_quiet

pytestmark = pytest.mark.process

#: Longer than redis-py's default 5 s read timeout, which once closed idle sockets (1011).
IDLE_SECONDS = 12


def test_http_move_reaches_a_real_websocket_client(daphne_server):
    player = new_player(daphne_server, "daphne")
    token = player.token
    created = player.post("/api/v1/games", {"deal_code": "HM1-N-AAAAAAA"})
    assert created.status == 201
    game = created.body
    assert player.call("PATCH", f"/api/v1/games/{game['id']}", {"watchable": True}).status == 200
    pair = visible_pair(game)
    assert pair, "HM1-N-AAAAAAA shows a pair on its first table"
    ws_base = daphne_server.replace("http", "ws", 1)

    async def scenario():
        async with (
            websockets.connect(f"{ws_base}{game_path(game['id'])}?token={token}") as owner,
            websockets.connect(ws_base + game_path(game["id"])) as spectator,
        ):
            assert (await receive_json(owner))["game"]["version"] == 0
            assert (await receive_json(spectator))["game"]["version"] == 0
            moved = await asyncio.to_thread(
                player.post,
                f"/api/v1/games/{game['id']}/moves",
                {"positions": pair, "expected_version": 0},
            )
            assert moved.status == 200
            assert moved.body["version"] == 1 and moved.body["score"] == 10
            for socket in (owner, spectator):
                pushed = await receive_json(socket)
                assert pushed["type"] == "game" and pushed["game"]["version"] == 1
            await owner.send(json.dumps({"action": "undo", "request_id": "u"}))
            replies = [await receive_json(owner) for _ in range(2)]
            assert {r["type"] for r in replies} == {"game", "result"}
            spectator_view = await receive_json(spectator)
            assert spectator_view["game"]["version"] == 2 and spectator_view["game"]["moves"] == 0

    asyncio.run(scenario())
    log = Http(daphne_server).get(f"/api/v1/games/{game['id']}/log")
    assert log.status == 200
    assert [e["kind"] for e in log.body["entries"]] == ["move", "undo"]


def test_a_real_server_takes_paths_without_the_slash_and_refuses_unknown_ones(daphne_server):
    """Daphne once answered these handshakes with an HTTP 500 ("No route found")."""
    player = new_player(daphne_server, "paths")
    game = player.post("/api/v1/games", {}).body
    ws_base = daphne_server.replace("http", "ws", 1)

    async def scenario():
        headers = {"Authorization": f"Bearer {player.token}"}
        url = f"{ws_base}/ws/games/{game['id']}"
        async with websockets.connect(url, additional_headers=headers) as socket:
            assert (await receive_json(socket))["game"]["id"] == game["id"]
        for path in ("/ws/games/abc/", "/ws/nowhere"):
            async with websockets.connect(ws_base + path) as socket:
                assert (await receive_json(socket))["code"] == "not_found"
                with pytest.raises(websockets.ConnectionClosed) as closed:
                    await socket.recv()
                assert closed.value.rcvd.code == 4404

    asyncio.run(scenario())


@pytest.mark.redis
@pytest.mark.slow
def test_socket_on_redis_layer_survives_a_long_idle_period(daphne_server):
    """redis-py 8's default 5 s read timeout once dropped every consumer (close 1011)."""
    player = new_player(daphne_server, "idle")
    created = player.post("/api/v1/games", {"deal_code": "HM1-N-AAAAAAA"})
    assert created.status == 201
    game = created.body
    assert player.call("PATCH", f"/api/v1/games/{game['id']}", {"watchable": True}).status == 200
    ws_base = daphne_server.replace("http", "ws", 1)

    async def scenario():
        async with websockets.connect(ws_base + game_path(game["id"])) as watcher:
            await receive_json(watcher)
            await stays_open_and_quiet(watcher, IDLE_SECONDS)
            moved = await asyncio.to_thread(
                player.post, f"/api/v1/games/{game['id']}/moves", {"positions": visible_pair(game)}
            )
            assert moved.status == 200
            pushed = await receive_json(watcher)
            assert pushed["game"]["version"] == 1

    asyncio.run(scenario())
