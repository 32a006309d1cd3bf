"""What the sockets count (realtime.metrics, games.core.metrics), in process: open sockets by
kind from the accepted handshake to the consumer's end, frames both ways, refusals by code.
The same over a real daphne replica, scraped: tests/ops/test_metrics_stack.py."""

import pytest
from asgiref.sync import sync_to_async
from prometheus_client import REGISTRY

from tests.support.sockets import ended, open_socket, receive

pytestmark = pytest.mark.django_db(transaction=True)


def value(name: str, **labels: str) -> float:
    return REGISTRY.get_sample_value(name, labels) or 0.0


def figures(kind: str, code: str) -> tuple[float, ...]:
    return (
        value("halfmoon_sockets_open", kind=kind),
        value("halfmoon_socket_frames_received_total", kind=kind),
        value("halfmoon_socket_frames_sent_total", kind=kind),
        value("halfmoon_refusals_total", code=code, transport="socket"),
    )


async def test_a_socket_is_open_from_its_handshake_to_its_end(make_player):
    _, token = await sync_to_async(make_player)("counted")
    opened, received, sent, refused = figures("me", "read_only_socket")
    socket = await open_socket("/ws/me/", token)
    assert value("halfmoon_sockets_open", kind="me") == opened + 1
    await socket.send_to(text_data='{"action": "move"}')
    assert (await receive(socket))["code"] == "read_only_socket"
    await socket.disconnect()
    assert figures("me", "read_only_socket") == (opened, received + 1, sent + 1, refused + 1)


async def test_a_refused_path_is_counted_open_until_it_closes():
    opened, received, sent, refused = figures("unknown", "not_found")
    socket = await open_socket("/ws/no-such-socket/")
    assert (await receive(socket))["code"] == "not_found"
    assert (await socket.receive_output(timeout=5))["code"] == 4404
    await ended(socket, 4404)
    assert figures("unknown", "not_found") == (opened, received, sent + 1, refused + 1)


async def test_a_flooding_read_only_socket_is_closed_and_counted_throttled(settings, make_player):
    settings.HALFMOON_THROTTLE_RATES = {
        **settings.HALFMOON_THROTTLE_RATES,
        "socket_message": "1/min",
    }
    _, token = await sync_to_async(make_player)("flooder")
    throttled = value("halfmoon_refusals_total", code="throttled", transport="socket")
    socket = await open_socket("/ws/me/", token)
    await socket.send_to(text_data="{}")
    assert (await receive(socket))["code"] == "read_only_socket"
    await socket.send_to(text_data="{}")
    assert (await socket.receive_output(timeout=5))["code"] == 4429
    await ended(socket, 4429)
    assert value("halfmoon_refusals_total", code="throttled", transport="socket") == throttled + 1
