"""The deployed architecture (docker-compose.yml, docs/PERFORMANCE.md): HTTP on gunicorn
workers (WSGI), WebSockets on daphne, changes published through Redis pub/sub."""

import asyncio

import pytest
import websockets
from django.conf import settings

from tests.support.http import Http, new_player
from tests.support.moves import visible_pair
from tests.support.sockets import game_path, receive_json

pytestmark = [pytest.mark.redis, pytest.mark.slow]


@pytest.fixture
def split_servers(start_server):
    http = start_server("gunicorn", REDIS_URL=settings.REDIS_URL, WEB_CONCURRENCY=2)
    ws = start_server(REDIS_URL=settings.REDIS_URL, DATABASE_CONN_MAX_AGE=300)
    return http.url, ws.ws_url


def test_a_move_on_the_http_workers_reaches_a_socket_on_daphne(split_servers):
    http, ws = split_servers
    player = new_player(http, "split")
    created = player.post("/api/v1/games", {"deal_code": "HM1-N-AAAAAAA"})
    assert created.status == 201
    game = created.body
    pair = visible_pair(game)
    assert player.call("PATCH", f"/api/v1/games/{game['id']}", {"watchable": True}).status == 200

    async def scenario():
        async with websockets.connect(ws + game_path(game["id"])) as watcher:
            assert (await receive_json(watcher))["game"]["version"] == 0
            reply = await asyncio.to_thread(
                player.post,
                f"/api/v1/games/{game['id']}/moves",
                {"positions": pair, "expected_version": 0},
            )
            message = await receive_json(watcher)
            return reply, message

    reply, message = asyncio.run(scenario())
    moved = reply.body
    assert reply.status == 200 and reply.headers["x-request-id"]
    assert message == {"type": "game", "game": moved} and moved["version"] == 1
    assert moved["score"] == 10 and moved["owner"]["name"] == "split"


def test_the_http_workers_serve_the_site_and_its_static_files(split_servers):
    http, _ = split_servers
    page = Http(http).get("/")
    assert page.status == 200 and "<html" in page.body.lower()
    script = Http(http).get("/static/web/app.js")
    assert script.status == 200 and len(script.body) > 100
