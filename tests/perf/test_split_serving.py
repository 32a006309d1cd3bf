"""The deployed architecture (docker-compose.yml, docs/PERFORMANCE.md): HTTP on gunicorn
workers (WSGI), WebSockets on daphne, changes published through Redis pub/sub."""
import asyncio
import json
import urllib.request

import pytest
import websockets
from django.conf import settings

from tests.servers import ServerProcess, test_database_env
from tests.support.payloads import visible_pair

pytestmark = [pytest.mark.redis, pytest.mark.slow]


def call(base, method, path, body=None, token=None):
    request = urllib.request.Request(base + path, method=method,
                                     data=None if body is None else json.dumps(body).encode())
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Token {token}")
    with urllib.request.urlopen(request, timeout=10) as response:
        return response.status, response.headers, response.read()


@pytest.fixture
def split_servers(transactional_db):
    env = {**test_database_env(), "REDIS_URL": settings.REDIS_URL, "WEB_CONCURRENCY": "2"}
    with ServerProcess(env, kind="gunicorn") as http, \
            ServerProcess({**env, "DATABASE_CONN_MAX_AGE": "300"}) as ws:
        yield http.url, ws.ws_url


def test_a_move_on_the_http_workers_reaches_a_socket_on_daphne(split_servers):
    http, ws = split_servers
    _, _, body = call(http, "POST", "/api/v1/players", {"name": "split"})
    token = json.loads(body)["token"]
    _, _, body = call(http, "POST", "/api/v1/games", {"deal_code": "HM1-N-AAAAAAA"}, token)
    game = json.loads(body)
    pair = visible_pair(game)

    async def scenario():
        async with websockets.connect(f"{ws}/ws/games/{game['id']}/") as watcher:
            assert json.loads(await watcher.recv())["game"]["version"] == 0
            status, headers, reply = await asyncio.to_thread(
                call, http, "POST", f"/api/v1/games/{game['id']}/moves",
                {"positions": pair, "expected_version": 0}, token)
            message = json.loads(await asyncio.wait_for(watcher.recv(), 10))
            return status, headers, json.loads(reply), message

    status, headers, moved, message = asyncio.run(scenario())
    assert status == 200 and headers["X-Request-ID"]
    assert message == {"type": "game", "game": moved} and moved["version"] == 1
    assert moved["score"] == 10 and moved["owner"]["name"] == "split"


def test_the_http_workers_serve_the_site_and_its_static_files(split_servers):
    http, _ = split_servers
    status, headers, page = call(http, "GET", "/")
    assert status == 200 and b"<html" in page.lower()
    status, headers, script = call(http, "GET", "/static/web/app.js")
    assert status == 200 and len(script) > 100
