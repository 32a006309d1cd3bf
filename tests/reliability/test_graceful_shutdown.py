"""Graceful shutdown: SIGTERM lets the requests in flight finish and answer.

Plain daphne cancels every request in flight on SIGTERM (its changes may still commit while
the client gets no answer; see docs/RELIABILITY.md). docker-compose.yml therefore runs the
WebSocket replicas through ``python -m halfmoon_service.serve``, which drains (stops accepting
connections, finishes and answers what it has received, closes WebSockets with 1001, exits
with status 0), and the HTTP workers on gunicorn, whose SIGTERM waits for requests in flight
(``graceful_timeout``). Both are checked here under load, with one request half-sent when the
signal arrives: the rest of its body follows the SIGTERM, and it must still be applied and
answered.
"""

import asyncio
import json
import signal
import socket
import time

import pytest
import websockets

from games.models import GameEvent
from tests.support.http import new_player
from tests.support.load import LoadRun, check_stored
from tests.support.moves import visible_moves
from tests.support.servers import HTTP_SERVERS
from tests.support.sockets import game_path, receive_json
from tests.support.waiting import wait_until_async

pytestmark = [pytest.mark.postgres, pytest.mark.slow]


def start_request(port: int, path: str, token: str, body: bytes) -> socket.socket:
    """Send a request's headers and half its body; return once the server has the headers
    (it answers ``Expect: 100-continue``). The request is then in flight on the server."""
    connection = socket.create_connection(("127.0.0.1", port), timeout=10)
    head = (
        f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Token {token}\r\n"
        f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n"
        "Expect: 100-continue\r\n\r\n"
    ).encode()
    connection.sendall(head + body[:5])
    assert connection.recv(100).startswith(b"HTTP/1.1 100")
    return connection


def read_response(connection: socket.socket) -> tuple[int, dict]:
    data = b""
    while chunk := connection.recv(65536):
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    return int(head.split()[1]), json.loads(body)


@pytest.mark.parametrize("kind", ["drain", *HTTP_SERVERS])
def test_sigterm_finishes_requests_in_flight_under_load(start_server, kind):
    server = start_server(kind)
    sockets = kind == "drain"  # the HTTP workers serve HTTP only
    player = new_player(server.url, "slow")
    game = player.post("/api/v1/games", {"deal_code": "HM1-N-AAAAAAA"}).body
    assert player.call("PATCH", f"/api/v1/games/{game['id']}", {"watchable": True}).status == 200
    body = json.dumps({"positions": visible_moves(game)[0], "expected_version": 0}).encode()
    run = LoadRun(server.url, clients=6).start()
    run.wait_for_acks(50)

    async def watch_until_closed(ready: asyncio.Event):
        async with websockets.connect(server.ws_url + game_path(game["id"])) as watcher:
            await receive_json(watcher)
            ready.set()
            with pytest.raises(websockets.ConnectionClosed) as closed:
                while True:
                    await receive_json(watcher, timeout=30)
            return closed.value.rcvd.code

    async def no_socket():
        return None

    async def scenario():
        ready = asyncio.Event()
        if sockets:
            watching = asyncio.create_task(watch_until_closed(ready))
            await asyncio.wait_for(ready.wait(), 30)  # the watcher is connected
        else:
            watching = asyncio.create_task(no_socket())
        in_flight = start_request(
            server.port, f"/api/v1/games/{game['id']}/moves", player.token, body
        )
        server.process.send_signal(signal.SIGTERM)
        stopped_at = time.monotonic()
        await wait_until_async(
            server.shutting_down, 10, lambda: f"{kind} did not log its SIGTERM:\n{server.output()}"
        )
        in_flight.sendall(body[5:])  # the rest of the body arrives after the SIGTERM
        status, reply = await asyncio.to_thread(read_response, in_flight)
        return status, reply, await watching, stopped_at

    status, reply, close_code, stopped_at = asyncio.run(scenario())
    exit_code = server.process.wait(timeout=30)
    run.finish()
    answered_after = sum(t > stopped_at for t in run.ack_times)
    stored = check_stored(run)
    print(
        f"\ngraceful shutdown ({kind}): SIGTERM under load by {run.clients} clients; the request "
        f"half-sent at SIGTERM answered {status}; {answered_after} load requests answered "
        f"after the SIGTERM; {stored.acknowledged} acknowledged, {stored.found} found; "
        f"{run.counts['lost']} refused or cut without an answer, of which "
        f"{stored.unacknowledged_applied} had been applied; WebSocket closed {close_code}; "
        f"exit status {exit_code}"
    )
    assert status == 200 and reply["version"] == 1
    assert GameEvent.objects.filter(game_id=game["id"], seq=1, kind="move").exists()
    assert exit_code == 0 and close_code == (1001 if sockets else None)
    assert stored.missing == [] and stored.problems == []
    assert stored.unacknowledged_applied == 0  # nothing applied without its answer
    assert not [k for k in run.counts if k.startswith("http_5")]
