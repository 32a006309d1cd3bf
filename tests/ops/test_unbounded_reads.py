"""Reads that could be made without limit are limited: the move log per caller, frames sent to
the read-only daily-board socket."""

import pytest

from games.core import clock
from games.models import GameEvent
from tests.support.sockets import open_socket, receive

pytestmark = pytest.mark.django_db(transaction=True)


def test_reading_a_log_is_throttled_per_caller(player_client, api, settings):
    settings.HALFMOON_THROTTLE_RATES = {**settings.HALFMOON_THROTTLE_RATES, "log_read": "3/min"}
    client, _ = player_client("ann")
    game = client.post("/api/v1/games", {}, format="json").json()
    client.patch(f"/api/v1/games/{game['id']}", {"watchable": True}, format="json")
    url = f"/api/v1/games/{game['id']}/log"
    assert [client.get(url).status_code for _ in range(4)] == [200, 200, 200, 429]
    refused = api.get(url, REMOTE_ADDR="203.0.113.5")
    assert refused.status_code == 200  # another caller has a budget of its own
    assert [api.get(url, REMOTE_ADDR="203.0.113.5").status_code for _ in range(3)][-1] == 429
    assert not GameEvent.objects.exists()


async def test_the_daily_board_socket_closes_on_a_flood_instead_of_answering_it(settings):
    settings.HALFMOON_THROTTLE_RATES = {
        **settings.HALFMOON_THROTTLE_RATES,
        "socket_message": "3/min",
    }
    socket = await open_socket(f"/ws/daily/{clock.today().isoformat()}/")
    assert (await receive(socket))["type"] == "board"
    for _ in range(3):
        await socket.send_to(text_data="{}")
        assert (await receive(socket))["code"] == "read_only_socket"
    await socket.send_to(text_data="{}")
    assert await socket.receive_output(timeout=5) == {"type": "websocket.close", "code": 4429}
