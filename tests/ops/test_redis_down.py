"""Redis down: writes go on (throttles count in the process, ranks are counted, publishing is
skipped and logged); a required dependency down is a 503 with Retry-After, never a 500."""

import logging

import pytest
from channels.layers import channel_layers
from rest_framework.test import APIClient

from games.models import GameEvent

pytestmark = pytest.mark.django_db

DEAD_REDIS = "redis://127.0.0.1:1/0"


@pytest.fixture
def redis_down(settings):
    """The deployment's Redis (throttles, ranks, channel layer) cannot be reached."""
    settings.REDIS_URL = DEAD_REDIS
    settings.CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
            "CONFIG": {
                "hosts": [{"address": DEAD_REDIS, "socket_timeout": None}],
                "prefix": "halfmoon.test-down",
            },
        }
    }
    channel_layers.backends.clear()
    yield
    channel_layers.backends.clear()


def test_writes_go_on_while_redis_is_down(redis_down, caplog):
    client = APIClient()
    with caplog.at_level(logging.WARNING):
        created = client.post("/api/v1/players", {"name": "ann"}, format="json")
        assert created.status_code == 201
        client.credentials(HTTP_AUTHORIZATION=f"Token {created.json()['token']}")
        game = client.post("/api/v1/games", {"deal_code": "HM1-N-AAAAAAA"}, format="json")
        assert game.status_code == 201
        tapped = client.post(
            f"/api/v1/games/{game.json()['id']}/taps", {"position": "P1"}, format="json"
        )
        assert tapped.status_code == 200 and tapped.json()["game"]["version"] == 1
        daily = client.get("/api/v1/daily")
        assert daily.status_code == 200
    assert GameEvent.objects.filter(game_id=game.json()["id"]).count() == 1
    assert "Redis is unavailable" in caplog.text


def test_the_throttle_still_limits_per_process_while_redis_is_down(redis_down, settings):
    settings.HALFMOON_THROTTLE_RATES = {
        **settings.HALFMOON_THROTTLE_RATES,
        "player_create": "3/min",
    }
    statuses = [
        APIClient()
        .post("/api/v1/players", {"name": "p"}, format="json", REMOTE_ADDR="198.51.100.4")
        .status_code
        for _ in range(5)
    ]
    assert statuses == [201, 201, 201, 429, 429]


def test_a_database_that_cannot_be_reached_is_a_503_with_retry_after():
    """A real server whose PostgreSQL is gone: every request that needs it is a 503."""
    import json
    import os
    import urllib.error
    import urllib.request

    from tests.support.servers import ServerProcess, database_env

    env = {**database_env(), "DATABASE_URL": "postgres://postgres@127.0.0.1:1/gone"}
    env.pop("SQLITE_PATH", None)
    with ServerProcess({k: v for k, v in env.items() if k != "REDIS_URL"}) as server:
        request = urllib.request.Request(
            server.url + "/api/v1/players",
            data=json.dumps({"name": "ann"}).encode(),
            headers={"Content-Type": "application/json"},
            method="POST",
        )
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(request, timeout=10)
        assert refused.value.code == 503 and refused.value.headers["Retry-After"] == "5"
        assert json.loads(refused.value.read())["code"] == "service_unavailable"
    assert os.environ.get("DATABASE_URL") != env["DATABASE_URL"]
