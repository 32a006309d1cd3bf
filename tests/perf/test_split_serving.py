"""The deployed architecture (docker-compose.yml, docs/PERFORMANCE.md): HTTP on gunicorn
workers (WSGI), WebSockets on daphne, changes published through Redis pub/sub."""
import asyncio
import contextlib
import json
import subprocess
import sys
import tempfile
import time
import urllib.request

import pytest
import websockets
from django.conf import settings

from tests import servers
from tests.servers import REPO, free_port

pytestmark = [pytest.mark.redis, pytest.mark.slow]


@contextlib.contextmanager
def serving(args, env, port, timeout=30):
    output = tempfile.TemporaryFile()
    process = subprocess.Popen(args, cwd=REPO, env=env, stdout=output, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + timeout
        while True:
            assert process.poll() is None, _read(output)
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2).read()
                break
            except OSError:
                assert time.monotonic() < deadline, _read(output)
                time.sleep(0.2)
        yield f"http://127.0.0.1:{port}"
    finally:
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        output.close()


def _read(output) -> str:
    output.seek(0)
    return output.read().decode(errors="replace")[-3000:]


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
    env = {**servers.test_database_env(), "REDIS_URL": settings.REDIS_URL, "WEB_CONCURRENCY": "2"}
    http_port, ws_port = free_port(), free_port()
    gunicorn = [sys.executable, "-m", "gunicorn", "-c", "deploy/gunicorn.conf.py",
                "-b", f"127.0.0.1:{http_port}", "halfmoon_service.wsgi:application"]
    daphne = [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(ws_port),
              "halfmoon_service.asgi:application"]
    with serving(gunicorn, env, http_port) as http, \
            serving(daphne, {**env, "DATABASE_CONN_MAX_AGE": "300"}, ws_port) as ws:
        yield http, ws.replace("http", "ws", 1)


def test_a_move_on_the_http_workers_reaches_a_socket_on_daphne(split_servers):
    http, ws = split_servers
    _, _, body = call(http, "POST", "/api/v1/players", {"name": "split"})
    token = json.loads(body)["token"]
    _, _, body = call(http, "POST", "/api/v1/games", {"deal_code": "HM1-N-AAAAAAA"}, token)
    game = json.loads(body)
    cards = {p["position"]: p["top"] for p in game["piles"]}
    cards.update({r["position"]: r["card"] for r in game["reserve"]})
    values = {pos: {"A": 1}.get(c[:-1]) or int(c[:-1]) for pos, c in cards.items()
              if c and c[:-1] not in "JQK"}
    pair = next([p, q] for p in values for q in values if p < q and values[p] + values[q] == 11)

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
