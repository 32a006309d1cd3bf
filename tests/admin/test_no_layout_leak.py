"""Nothing of a full layout reaches a player: every REST and WebSocket route outside the admin.

Walks the URL configuration and the WebSocket routes (so a route added later is covered too),
fills their parameters with a fresh game, its player and today's date, and checks that no JSON
answer and no first WebSocket message (the snapshot every route sends on connecting) names a
card that the player cannot see (a pile's top or
a reserve card of some stored game). The inspector with the full layout lives under /admin/
only, for staff (see test_pages).
"""

import json

import pytest
from asgiref.sync import sync_to_async
from django.urls import get_resolver
from django.utils import timezone
from rest_framework.test import APIClient

from games.daily.choice import daily_code
from games.models import Game
from realtime.routing import websocket_urlpatterns
from tests.support.payloads import CARD_RE
from tests.support.routes import QUIET_ON_CONNECT, SKIPPED_PREFIXES, body_of, fill, routes
from tests.support.sockets import RECEIVE_TIMEOUT, communicator

pytestmark = pytest.mark.django_db(transaction=True)


def visible_codes() -> set[str]:
    codes = set()
    for game in Game.objects.all():
        codes |= {card.code for _, card in game.board().playable()}
    return codes


@pytest.fixture
def fresh_games(player_client):
    client, player = player_client("watcher")
    today_code = daily_code(timezone.now().date()).text
    daily = client.post("/api/v1/games", {"deal_code": today_code}, format="json").json()
    random_game = client.post("/api/v1/games", {}, format="json").json()
    return client, player, [daily["id"], random_game["id"]]


@pytest.mark.slow
def test_no_rest_route_shows_a_hidden_card(fresh_games):
    client, player, game_ids = fresh_games
    anonymous = APIClient()
    allowed = visible_codes()
    checked = []
    for game_id in game_ids:
        values = {"game": game_id, "player": player.pk, "date": timezone.now().date().isoformat()}
        for route in routes(get_resolver().url_patterns):
            if route.startswith(SKIPPED_PREFIXES) or (path := fill(route, values)) is None:
                continue
            for who in (client, anonymous):
                response = who.get(path)
                if "json" not in response.get("Content-Type", ""):
                    continue
                shown = set(CARD_RE.findall(body_of(response).decode()))
                assert shown <= allowed, (path, response.status_code, shown - allowed)
                checked.append((path, response.status_code))
    assert any(
        path.endswith(f"/games/{game_ids[0]}") and status == 200 for path, status in checked
    ), checked
    assert len({path for path, _ in checked}) >= 6, checked


async def test_no_websocket_route_sends_a_hidden_card(fresh_games):
    client, player, game_ids = fresh_games
    allowed = await sync_to_async(visible_codes)()
    received = 0
    for game_id in game_ids:
        values = {"game": game_id, "player": player.pk, "date": timezone.now().date().isoformat()}
        for route in routes(websocket_urlpatterns):
            path = fill(route, values)
            if path is None or route in QUIET_ON_CONNECT:
                continue
            socket = communicator(path, client.token)
            connected, _ = await socket.connect()
            if not connected:
                continue
            try:
                message = await socket.receive_from(timeout=RECEIVE_TIMEOUT)
                received += 1
                shown = set(CARD_RE.findall(message))
                assert shown <= allowed, (path, shown - allowed, json.loads(message)["type"])
            finally:
                await socket.disconnect()
    assert received >= len(game_ids)  # at least each game's snapshot was checked
