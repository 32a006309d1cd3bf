"""A relayed change framed once per process (realtime.shared_frames): under daphne every
watcher still gets every change, in order, byte for byte the frame the publisher serialised,
including a watcher that stopped reading while changes piled up, and a socket that closed
before them does not disturb the others; under other servers sockets send as before.

(On loopback the kernel's send buffer grows to megabytes, so the watcher that stops reading
does not make the server hold frames itself; tests/perf/test_immediate_writes.py covers that
with small kernel buffers.)"""

from __future__ import annotations

import asyncio
import json
import socket

import pytest
import websockets
from daphne.server import Server
from daphne.ws_protocol import WebSocketProtocol

from realtime.shared_frames import connection_of, prepared
from tests.support.http import new_player
from tests.support.moves import visible_moves
from tests.support.sockets import SERVER_TIMEOUT, game_path, next_game

#: Changes made while one watcher does not read.
CHANGES = 40


async def test_daphne_hands_its_application_the_send_the_shared_path_recognises():
    """The shared path depends on how daphne builds ``send``: checked on daphne itself."""
    sends = []

    async def application(scope, receive, send):
        sends.append(send)

    server = Server(application, endpoints=["tcp:port=0:interface=127.0.0.1"])
    server.connections = {}  # as Server.run() starts
    connection = WebSocketProtocol()
    server.protocol_connected(connection)
    server.create_application(connection, {"type": "websocket"})
    await asyncio.wait_for(server.connections[connection]["application_instance"], 5)
    assert connection_of(sends[0]) is connection

    async def other_server_send(message):  # uvicorn, Channels' communicator
        pass

    assert connection_of(other_server_send) is None


def test_a_frame_is_prepared_once_for_all_the_sockets_it_goes_to():
    frame = json.dumps({"type": "game", "game": {"version": 7}})
    first = prepared(frame)
    assert prepared(frame) is first
    assert first.payloadHybi[0] == 0x81  # a final text frame
    assert first.payloadHybi[2:] == frame.encode()  # unmasked, as a server sends


@pytest.mark.redis
@pytest.mark.slow
def test_every_watcher_gets_every_change_in_order_even_one_that_stopped_reading(start_server):
    server = start_server("drain")  # daphne with immediate writes, as the socket replicas run
    owner = new_player(server.url, "broadcast")
    game = owner.post("/api/v1/games", {"deal_code": "HM1-N-AAAAAAA"}).body
    assert owner.call("PATCH", f"/api/v1/games/{game['id']}", {"watchable": True}).status == 200
    path = game_path(game["id"])
    first_move = visible_moves(game)[0]

    async def scenario():
        stalled_socket = socket.socket()
        stalled_socket.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        stalled_socket.connect(("127.0.0.1", server.port))
        async with (
            websockets.connect(server.ws_url + path) as reading,
            websockets.connect(server.ws_url + path, sock=stalled_socket, max_queue=1) as stalled,
            websockets.connect(f"{server.ws_url}{path}?token={owner.token}") as owners,
            websockets.connect(server.ws_url + path) as leaving,
        ):
            for watcher in (reading, stalled, owners, leaving):
                assert (await next_game(watcher))["version"] == 0
            await leaving.close()  # gone before the changes: they must not fail the others
            replies, frames = [], []
            for version in range(1, CHANGES + 1):
                action, body = ("moves", {"positions": first_move}) if version % 2 else ("undo", {})
                reply = await asyncio.to_thread(
                    owner.post,
                    f"/api/v1/games/{game['id']}/{action}",
                    {**body, "expected_version": version - 1},
                )
                assert reply.status == 200, reply.body
                replies.append(reply.body)
                text = await asyncio.wait_for(reading.recv(), SERVER_TIMEOUT)
                frames.append(text)
            late = [await asyncio.wait_for(stalled.recv(), SERVER_TIMEOUT) for _ in frames]
            assert late == frames  # the same frames, byte for byte, in the same order
            assert [json.loads(f)["game"]["version"] for f in frames] == list(range(1, CHANGES + 1))
            for reply in replies:
                pushed = await next_game(owners)
                assert pushed["version"] == reply["version"]
                assert pushed["piles"] == reply["piles"] and pushed["score"] == reply["score"]

    asyncio.run(scenario())
    assert "Could not forward" not in server.output()
