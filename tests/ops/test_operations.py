"""Health probes, throttling, token rotation/revocation, CORS, production mode."""

import json
import logging
import os
import subprocess
import sys
from pathlib import Path

import pytest
from asgiref.sync import sync_to_async

from games.models import Game
from tests.support.sockets import receive, watch_game

REPO = Path(__file__).resolve().parents[2]


@pytest.mark.django_db
def test_healthz_and_readyz(api):
    assert api.get("/healthz").json() == {"status": "ok"}
    ready = api.get("/readyz")
    assert ready.status_code == 200
    body = ready.json()
    assert body["status"] == "ready"
    assert set(body["checks"]) == {"database", "channel_layer"}
    for check in body["checks"].values():  # each check's outcome and latency, nothing more
        assert set(check) == {"ok", "ms"} and check["ok"] is True
        assert isinstance(check["ms"], (int, float)) and 0 <= check["ms"] < 5000


@pytest.mark.django_db
def test_readyz_reports_an_unreachable_channel_layer_without_internals(api, settings, caplog):
    from channels.layers import channel_layers

    settings.CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            "CONFIG": {"hosts": [{"address": "redis://127.0.0.1:1/0", "socket_timeout": None}]},
        }
    }
    channel_layers.backends.clear()
    try:
        with caplog.at_level(logging.WARNING, logger="api.health"):
            response = api.get("/readyz")
    finally:
        channel_layers.backends.clear()
    assert response.status_code == 503
    body = response.json()
    assert body["status"] == "unavailable"
    assert body["checks"]["database"]["ok"] is True
    failing = body["checks"]["channel_layer"]
    # which check failed, and the failure's kind only: no host, port or message
    assert failing["ok"] is False and failing["error"] == "ConnectionError", failing
    assert "127.0.0.1" not in response.content.decode() and ":1" not in failing["error"]
    logged = [r.getMessage() for r in caplog.records if r.name == "api.health"]
    assert logged == ["readyz: channel_layer is not ready"]
    assert "Connection" in caplog.text  # the reason is in the log


@pytest.mark.redis
def test_readyz_leaves_no_subscription_behind(daphne_server):
    """On a real daphne with the Redis layer, a hundred probes leave no channel subscribed."""
    import urllib.request

    from games.core import redis

    client = redis.client()
    for _ in range(100):
        with urllib.request.urlopen(daphne_server + "/readyz", timeout=5) as response:
            assert json.loads(response.read())["status"] == "ready"
    assert client.pubsub_channels("*readyz*") == []


@pytest.mark.django_db
def test_player_creation_is_throttled_with_retry_after(api, settings):
    settings.HALFMOON_THROTTLE_RATES["player_create"] = "3/min"
    codes = [
        api.post("/api/v1/players", {"name": f"p{i}"}, format="json").status_code for i in range(4)
    ]
    assert codes == [201, 201, 201, 429]
    refused = api.post("/api/v1/players", {"name": "again"}, format="json")
    assert refused.json()["code"] == "throttled" and int(refused["Retry-After"]) >= 1


@pytest.mark.django_db
def test_game_actions_are_throttled_per_player(player_client, settings):
    settings.HALFMOON_THROTTLE_RATES["game_action"] = "2/min"
    client, _ = player_client("busy")
    other, _ = player_client("calm")
    game = client.post("/api/v1/games", {}, format="json").json()
    assert (
        client.post(
            f"/api/v1/games/{game['id']}/taps", {"position": "P1"}, format="json"
        ).status_code
        == 200
    )
    refused = client.post(f"/api/v1/games/{game['id']}/taps", {"position": "P1"}, format="json")
    assert refused.status_code == 429 and refused.json()["code"] == "throttled"
    assert Game.objects.get(pk=game["id"]).version == 1  # the refused tap changed nothing
    assert client.get(f"/api/v1/games/{game['id']}").status_code == 200  # reads are not counted
    assert other.post("/api/v1/games", {}, format="json").status_code == 201


@pytest.mark.django_db(transaction=True)
async def test_socket_messages_are_rate_limited_and_the_socket_survives(player_client, settings):
    settings.HALFMOON_THROTTLE_RATES["socket_message"] = "3/min"
    client, player = await sync_to_async(player_client)("flood")
    game = (await sync_to_async(client.post)("/api/v1/games", {}, format="json")).json()
    ws = await watch_game(game["id"], client.token)
    await receive(ws)
    codes = []
    for _ in range(5):
        await ws.send_json_to({"action": "fly"})
        codes.append((await receive(ws))["code"])
    assert codes == ["unknown_action"] * 3 + ["throttled"] * 2
    await ws.disconnect()


@pytest.mark.django_db
def test_token_rotation_and_revocation(player_client, api):
    client, _ = player_client("rotor")
    old = client.token
    rotated = client.post("/api/v1/players/me/token")
    assert rotated.status_code == 200
    new = rotated.json()["token"]
    assert new != old
    api.credentials(HTTP_AUTHORIZATION=f"Token {old}")
    assert api.get("/api/v1/players/me").json()["code"] == "invalid_token"
    api.credentials(HTTP_AUTHORIZATION=f"Token {new}")
    assert api.get("/api/v1/players/me").status_code == 200
    assert api.delete("/api/v1/players/me/token").status_code == 204
    after = api.get("/api/v1/players/me")
    assert after.status_code == 401 and after.json()["code"] == "invalid_token"


@pytest.mark.django_db
def test_cors_allows_only_the_configured_origins(api, settings):
    settings.CORS_ALLOWED_ORIGINS = ["https://frontend.example"]
    allowed = api.options(
        "/api/v1/games",
        HTTP_ORIGIN="https://frontend.example",
        HTTP_ACCESS_CONTROL_REQUEST_METHOD="POST",
        HTTP_ACCESS_CONTROL_REQUEST_HEADERS="authorization, content-type",
    )
    assert allowed["Access-Control-Allow-Origin"] == "https://frontend.example"
    assert "authorization" in allowed["Access-Control-Allow-Headers"]
    refused = api.options(
        "/api/v1/games",
        HTTP_ORIGIN="https://evil.example",
        HTTP_ACCESS_CONTROL_REQUEST_METHOD="POST",
    )
    assert "Access-Control-Allow-Origin" not in refused


def _production(**environ):
    clean = {
        k: v
        for k, v in os.environ.items()
        if k not in ("SECRET_KEY", "HALFMOON_DEAL_KEY", "DEBUG", "DATABASE_URL", "REDIS_URL")
    }
    return subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=REPO,
        capture_output=True,
        text=True,
        env={
            **clean,
            "HALFMOON_PRODUCTION": "true",
            "ALLOWED_HOSTS": "halfmoon.example",
            **environ,
        },
    )


def test_production_refuses_to_start_without_real_secrets():
    result = _production()
    assert result.returncode != 0
    assert (
        "SECRET_KEY must be set" in result.stderr
        and "HALFMOON_DEAL_KEY must be set" in result.stderr
    )


@pytest.mark.slow
def test_check_deploy_flags_account_mail_that_cannot_reach_players():
    import secrets

    result = _production(
        SECRET_KEY=secrets.token_urlsafe(50), HALFMOON_DEAL_KEY=secrets.token_urlsafe(24)
    )
    assert "halfmoon.W003" in result.stderr and "halfmoon.W004" in result.stderr


@pytest.mark.slow
def test_check_deploy_is_clean_with_production_settings():
    import secrets

    # Fresh keys: any key written in the repository is published, and refused in production.
    result = _production(
        SECRET_KEY=secrets.token_urlsafe(50),
        HALFMOON_DEAL_KEY=secrets.token_urlsafe(24),
        EMAIL_HOST="smtp.halfmoon.example",
        HALFMOON_PUBLIC_URL="https://halfmoon.example",
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues" in result.stdout


def _check(**environ):
    """``manage.py check`` (not the deploy one: it runs before ``migrate`` and every command)."""
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("EMAIL_", "HALFMOON_"))}
    return subprocess.run(
        [sys.executable, "manage.py", "check"],
        cwd=REPO,
        capture_output=True,
        text=True,
        env={**clean, **environ},
    )


@pytest.mark.slow
def test_mail_that_is_sent_needs_the_public_address_to_start():
    refused = _check(EMAIL_HOST="smtp.halfmoon.example")
    assert refused.returncode != 0 and "halfmoon.E004" in refused.stderr, refused.stderr
    started = _check(EMAIL_HOST="smtp.halfmoon.example", HALFMOON_PUBLIC_URL="https://h.example")
    assert started.returncode == 0, started.stderr
    # The embedded default prints mail: links point at `make run`'s own address.
    embedded = _check()
    assert embedded.returncode == 0 and "halfmoon.E004" not in embedded.stderr
