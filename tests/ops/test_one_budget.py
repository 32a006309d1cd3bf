"""One budget of game actions per player, whichever way they arrive: several sockets of one
player and REST all spend the same ``game_action`` budget."""

import json

import pytest
from asgiref.sync import sync_to_async

from games.models import Game, GameEvent
from tests.support.sockets import communicator

pytestmark = pytest.mark.django_db(transaction=True)

BUDGET = 12


async def tap(socket, request_id):
    await socket.send_json_to({"action": "tap", "position": "P1", "request_id": request_id})
    while True:
        frame = json.loads(await socket.receive_from(timeout=5))
        if frame["type"] in ("result", "error") and frame["request_id"] == request_id:
            return frame


async def test_five_sockets_and_rest_share_one_budget(player_client, settings):
    settings.HALFMOON_THROTTLE_RATES = {
        **settings.HALFMOON_THROTTLE_RATES,
        "game_action": f"{BUDGET}/min",
    }
    client, player = await sync_to_async(player_client)("flood")
    game = (await sync_to_async(client.post)("/api/v1/games", {}, format="json")).json()  # 1
    sockets = []
    for _ in range(5):
        socket = communicator(f"/ws/games/{game['id']}/", client.token)
        assert (await socket.connect())[0]
        await socket.receive_from(timeout=5)
        sockets.append(socket)
    answers = [await tap(sockets[i % 5], i) for i in range(30)]
    applied = [a for a in answers if a["type"] == "result"]
    refused = [a for a in answers if a["type"] == "error"]
    assert len(applied) == BUDGET - 1 and {a["code"] for a in refused} == {"throttled"}
    assert all(isinstance(a["retry_after"], int) and a["retry_after"] >= 1 for a in refused)
    rest = await sync_to_async(client.post)(
        f"/api/v1/games/{game['id']}/taps", {"position": "P1"}, format="json"
    )
    assert rest.status_code == 429
    stored = await sync_to_async(Game.objects.get)(pk=game["id"])
    events = await sync_to_async(GameEvent.objects.filter(game_id=game["id"]).count)()
    assert stored.version == events == BUDGET - 1  # every refused action changed nothing
    for socket in sockets:
        await socket.disconnect()
