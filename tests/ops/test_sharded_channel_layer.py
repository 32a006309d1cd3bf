"""The channel layer sharded across two Redis servers (``CHANNEL_REDIS_URLS``, docs/CAPACITY.md):
channels-redis puts each game's group on one of them, and a change still reaches every socket
watching it, whichever shard its group is on and whichever process made the change."""

import asyncio
import contextlib
import json
import os
import shutil
import subprocess
import time
from urllib.parse import urlsplit

import pytest
import redis
import websockets
from channels.layers import channel_layers
from channels_redis.utils import _consistent_hash
from django.conf import settings
from rest_framework.test import APIClient

from halfmoon_service.env import channel_layer_from_url, channel_layer_from_urls
from realtime.publisher import game_group
from tests.support.http import Http, new_player
from tests.support.moves import visible_pair
from tests.support.ports import free_port
from tests.support.sockets import game_path, receive_json

#: This test process's own channels on the shared Redis (parallel runs must not count each other).
PREFIX = f"halfmoon.shardtest{os.getpid()}"


def test_one_url_keeps_one_host_and_several_make_a_host_each():
    one = channel_layer_from_url("redis://127.0.0.1:6379/0", "p")
    assert one == channel_layer_from_urls(["redis://127.0.0.1:6379/0"], "p")
    assert [h["address"] for h in one["CONFIG"]["hosts"]] == ["redis://127.0.0.1:6379/0"]
    two = channel_layer_from_urls(["redis://a:6379/0", "redis://b:6380/0"], "p")
    assert [h["address"] for h in two["CONFIG"]["hosts"]] == [
        "redis://a:6379/0",
        "redis://b:6380/0",
    ]
    assert all(h["socket_timeout"] is None for h in two["CONFIG"]["hosts"])
    with pytest.raises(Exception, match="CHANNEL_REDIS_URLS must be a redis:// URL"):
        channel_layer_from_urls(["redis://a:6379/0", "http://b"], "p", "CHANNEL_REDIS_URLS")


@pytest.fixture
def second_redis(tmp_path):
    """A second Redis server of this test's own (no persistence), stopped afterwards."""
    server = shutil.which("redis-server")
    if server is None:  # .ci/run installs it; elsewhere it may be missing
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail("redis-server is required in CI", pytrace=False)
        pytest.skip("redis-server is not installed")
    port = free_port()
    pidfile = tmp_path / "redis.pid"
    subprocess.run(
        [server, "--port", str(port), "--save", "", "--appendonly", "no", "--daemonize", "yes"]
        + ["--pidfile", str(pidfile), "--dir", str(tmp_path)],
        check=True,
    )
    url = f"redis://127.0.0.1:{port}/0"
    client = redis.Redis.from_url(url, socket_connect_timeout=1)
    deadline = time.monotonic() + 10
    while True:
        try:
            client.ping()
            break
        except redis.ConnectionError:
            if time.monotonic() > deadline:
                raise AssertionError(f"the second redis-server on {port} did not answer") from None
            time.sleep(0.05)
    yield url
    with contextlib.suppress(redis.ConnectionError):  # shutting down closes the connection
        client.shutdown(nosave=True)
    deadline = time.monotonic() + 10
    while pidfile.exists():
        if time.monotonic() > deadline:
            raise AssertionError("the second redis-server did not stop")
        time.sleep(0.05)


def shard_of(game_id: int) -> int:
    """The index in ``CHANNEL_REDIS_URLS`` of the server a game's group is on."""
    return _consistent_hash(f"{PREFIX}__group__{game_group(game_id)}", 2)


def subscribers(url: str, game_id: int) -> int:
    channel = f"{PREFIX}__group__{game_group(game_id)}"
    return dict(redis.Redis.from_url(url).pubsub_numsub(channel))[channel.encode()]


def placement(shards: list[str], games: dict[int, dict], expected: list[int]) -> list[int]:
    """Each shard's subscribers of each game's group, once they are ``expected`` (10 s at most:
    a socket's subscription may land just after its snapshot)."""
    deadline = time.monotonic() + 10
    while True:
        found = [subscribers(url, game["id"]) for url in shards for game in (games[0], games[1])]
        if found == expected or time.monotonic() > deadline:
            return found
        time.sleep(0.05)


@pytest.mark.redis
@pytest.mark.slow
def test_changes_reach_sockets_on_both_shards(start_server, second_redis):
    """Two games whose groups are on different servers: a REST move (gunicorn) and a socket move
    (daphne) each reach the game's watcher on another daphne, and each group is subscribed on
    its own shard only."""
    first = urlsplit(settings.REDIS_URL)._replace(path="/0").geturl()
    shards = [first, second_redis]
    env = {
        "REDIS_URL": settings.REDIS_URL,
        "CHANNEL_REDIS_URLS": ",".join(shards),
        "HALFMOON_CHANNEL_PREFIX": PREFIX,
    }
    http = start_server("gunicorn", WEB_CONCURRENCY=2, **env)
    mover_ws, watcher_ws = start_server(**env), start_server(**env)
    player = new_player(http.url, "sharded")
    games: dict[int, dict] = {}
    while len(games) < 2:  # one game on each shard (the hash of an id is ~even: a few tries)
        created = player.post("/api/v1/games", {"deal_code": "HM1-N-AAAAAAA"})
        assert created.status == 201
        games.setdefault(shard_of(created.body["id"]), created.body)
    for game in games.values():
        assert (
            player.call("PATCH", f"/api/v1/games/{game['id']}", {"watchable": True}).status == 200
        )
    by_rest, by_socket = games[0], games[1]

    async def scenario():
        watch = watcher_ws.ws_url
        async with (
            websockets.connect(watch + game_path(by_rest["id"])) as rest_watcher,
            websockets.connect(watch + game_path(by_socket["id"])) as socket_watcher,
            websockets.connect(
                f"{mover_ws.ws_url}{game_path(by_socket['id'])}?token={player.token}"
            ) as mover,
        ):
            for socket in (rest_watcher, socket_watcher, mover):
                assert (await receive_json(socket))["game"]["version"] == 0
            placed = await asyncio.to_thread(placement, shards, games, [1, 0, 0, 2])
            reply = await asyncio.to_thread(
                player.post,
                f"/api/v1/games/{by_rest['id']}/moves",
                {"positions": visible_pair(by_rest), "expected_version": 0},
            )
            rest_frame = await receive_json(rest_watcher)
            move = {"action": "move", "request_id": 1, "expected_version": 0}
            await mover.send(json.dumps({**move, "positions": visible_pair(by_socket)}))
            socket_frame = await receive_json(socket_watcher)
            return placed, reply, rest_frame, socket_frame

    placed, reply, rest_frame, socket_frame = asyncio.run(scenario())
    # [shard 0: game on 0, game on 1; shard 1: game on 0, game on 1] — the watcher process
    # subscribes each group on its shard alone (the mover's process, for its game, too).
    assert placed == [1, 0, 0, 2]
    assert reply.status == 200
    assert rest_frame == {"type": "game", "game": reply.body} and reply.body["version"] == 1
    assert socket_frame["type"] == "game" and socket_frame["game"]["id"] == by_socket["id"]
    assert socket_frame["game"]["version"] == 1
    ready = Http(http.url).get("/readyz")
    assert ready.status == 200 and ready.body["checks"]["channel_layer"]["ok"] is True


@pytest.mark.redis
@pytest.mark.django_db
def test_not_ready_while_one_shard_is_down(settings):
    """``/readyz`` pings every shard: one of two unreachable is a 503, not a half-working 200."""
    urls = [settings.REDIS_URL, "redis://127.0.0.1:1/0"]
    settings.CHANNEL_LAYERS = {"default": channel_layer_from_urls(urls, PREFIX)}
    channel_layers.backends.clear()
    try:
        reply = APIClient().get("/readyz")
    finally:
        channel_layers.backends.clear()
    assert reply.status_code == 503
    assert reply.json()["checks"]["channel_layer"]["ok"] is False
    assert reply.json()["checks"]["database"]["ok"] is True
