"""End to end against a real daphne process: HTTP and a real WebSocket client (websockets)."""
import asyncio
import json
import urllib.request

import pytest
import websockets

from tests.support.payloads import visible_pair

pytestmark = pytest.mark.process


def call(base, method, path, body=None, token=None):
    request = urllib.request.Request(base + path, method=method,
                                     data=None if body is None else json.dumps(body).encode())
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Token {token}")
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


def test_http_move_reaches_a_real_websocket_client(daphne_server):
    player = call(daphne_server, "POST", "/api/v1/players", {"name": "daphne"})
    token = player["token"]
    game = call(daphne_server, "POST", "/api/v1/games", {"deal_code": "HM1-N-AAAAAAA"}, token)
    pair = visible_pair(game)
    assert pair, "HM1-N-AAAAAAA shows a pair on its first table"
    ws_base = daphne_server.replace("http", "ws", 1)

    async def scenario():
        async with websockets.connect(f"{ws_base}/ws/games/{game['id']}/?token={token}") as owner, \
                websockets.connect(f"{ws_base}/ws/games/{game['id']}/") as spectator:
            assert json.loads(await owner.recv())["game"]["version"] == 0
            assert json.loads(await spectator.recv())["game"]["version"] == 0
            moved = await asyncio.to_thread(call, daphne_server, "POST",
                                            f"/api/v1/games/{game['id']}/moves",
                                            {"positions": pair, "expected_version": 0}, token)
            assert moved["version"] == 1 and moved["score"] == 10
            for socket in (owner, spectator):
                pushed = json.loads(await asyncio.wait_for(socket.recv(), 10))
                assert pushed["type"] == "game" and pushed["game"]["version"] == 1
            await owner.send(json.dumps({"action": "undo", "request_id": "u"}))
            replies = [json.loads(await asyncio.wait_for(owner.recv(), 10)) for _ in range(2)]
            assert {r["type"] for r in replies} == {"game", "result"}
            spectator_view = json.loads(await asyncio.wait_for(spectator.recv(), 10))
            assert spectator_view["game"]["version"] == 2 and spectator_view["game"]["moves"] == 0

    asyncio.run(scenario())
    log = call(daphne_server, "GET", f"/api/v1/games/{game['id']}/log")
    assert [e["kind"] for e in log["entries"]] == ["move", "undo"]


@pytest.mark.redis
@pytest.mark.slow
def test_socket_on_redis_layer_survives_a_long_idle_period(daphne_server):
    """redis-py 8's default 5 s read timeout once dropped every consumer (close 1011)."""
    player = call(daphne_server, "POST", "/api/v1/players", {"name": "idle"})
    token = player["token"]
    game = call(daphne_server, "POST", "/api/v1/games", {"deal_code": "HM1-N-AAAAAAA"}, token)
    ws_base = daphne_server.replace("http", "ws", 1)

    async def scenario():
        async with websockets.connect(f"{ws_base}/ws/games/{game['id']}/") as watcher:
            await watcher.recv()
            await asyncio.sleep(12)
            await asyncio.to_thread(call, daphne_server, "POST",
                                    f"/api/v1/games/{game['id']}/moves",
                                    {"positions": visible_pair(game)}, token)
            pushed = json.loads(await asyncio.wait_for(watcher.recv(), 10))
            assert pushed["game"]["version"] == 1

    asyncio.run(scenario())
