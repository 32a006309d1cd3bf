"""The suite's WebSocket helpers. Every receive has a deadline that raises.

* In process: channels' ``WebsocketCommunicator`` on the ASGI application
  (``halfmoon_service.asgi``): the routing, middleware and consumers of a server, without one;
  every frame, both ways, is checked against the AsyncAPI document
  (:class:`~tests.support.frame_contract.ValidatingCommunicator`).
* Against a real server process: clients of the ``websockets`` library.

The bench's own client for thousands of sockets is ``bench/perf/ws.py``.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable

from .waiting import wait_until_async

#: Seconds an in-process socket may take to deliver the next message.
RECEIVE_TIMEOUT = 5
#: Seconds a real server may take (another process, maybe another layer hop through Redis).
SERVER_TIMEOUT = 10


def game_path(game_id) -> str:
    return f"/ws/games/{game_id}/"


# -- in process ------------------------------------------------------------------------------
def communicator(
    path: str,
    token: str | None = None,
    headers: list | None = None,
    subprotocols: list | None = None,
):
    """A validating ``WebsocketCommunicator`` for ``path`` (``?token=`` added when given), not
    connected."""
    from halfmoon_service.asgi import application

    from .frame_contract import ValidatingCommunicator

    if token:
        path += ("&" if "?" in path else "?") + f"token={token}"
    return ValidatingCommunicator(
        application, path, headers=headers or [], subprotocols=subprotocols
    )


async def open_socket(path: str, token: str | None = None, headers: list | None = None):
    """A connected in-process socket (the connection must be accepted)."""
    socket = communicator(path, token, headers)
    connected, _ = await socket.connect()
    assert connected, f"{path}: connection refused"
    return socket


async def watch_game(game_id, token: str | None = None, headers: list | None = None):
    """An in-process socket on ``/ws/games/{game_id}/``."""
    return await open_socket(game_path(game_id), token, headers)


async def receive(socket, timeout: float = RECEIVE_TIMEOUT) -> dict:
    """The next message of an in-process socket, decoded."""
    return json.loads(await socket.receive_from(timeout=timeout))


async def ended(socket, code: int, timeout: float = RECEIVE_TIMEOUT) -> None:
    """After the consumer closed an in-process socket with ``code``: the disconnect a server
    delivers then, and the consumer's end awaited (raises if it has not ended by ``timeout``).

    ``WebsocketCommunicator.wait`` alone would not do: a consumer waits for that disconnect,
    and ``wait`` swallows its own timeout (it cancels the consumer and returns)."""
    await socket.send_input({"type": "websocket.disconnect", "code": code})
    try:
        await asyncio.wait_for(asyncio.shield(socket.future), timeout)
    except TimeoutError:
        raise AssertionError(f"the consumer did not end within {timeout} s") from None


async def receive_until(
    socket,
    wanted: Callable[[dict], bool],
    passed: Callable[[dict], None] | None = None,
    timeout: float = RECEIVE_TIMEOUT,
) -> dict:
    """Messages of an in-process socket up to the first one ``wanted`` accepts, returned; the
    ones before it go to ``passed`` (when given). Each must arrive within ``timeout``."""
    while True:
        message = await receive(socket, timeout)
        if wanted(message):
            return message
        if passed is not None:
            passed(message)


async def own_reply(socket, broadcasts: Callable[[dict], None] | None = None) -> dict:
    """The reply (``result`` or ``error``) to the frame just sent. Broadcast copies of changes
    that arrive before it go to ``broadcasts`` (when given)."""
    return await receive_until(socket, lambda m: m["type"] in ("result", "error"), broadcasts)


async def subscribed(*groups: str, timeout: float = RECEIVE_TIMEOUT) -> None:
    """Until this process's channel layer receives what is sent to ``groups``.

    The in-memory layer does from ``group_add`` on. Redis pub/sub does once Redis has handled
    the SUBSCRIBE, which ``group_add`` sends without waiting for: until then a message sent to
    the group is lost. Redis counts the subscribers of the layer's channel for the group.
    """
    from channels.layers import get_channel_layer

    layer = get_channel_layer()
    if not hasattr(layer, "_get_group_channel_name"):  # not the pub/sub layer: nothing to wait for
        return
    from games.core import redis

    names = [layer._get_group_channel_name(group) for group in groups]

    def counted() -> bool:
        return all(count >= 1 for _, count in redis.client().pubsub_numsub(*names))

    await wait_until_async(
        lambda: asyncio.to_thread(counted), timeout, f"Redis has no subscriber for {groups}"
    )


# -- against a real server (the websockets library) -------------------------------------------
async def receive_json(socket, timeout: float = SERVER_TIMEOUT) -> dict:
    """The next message of a ``websockets`` client, decoded and checked against the AsyncAPI
    document."""
    from .frame_contract import check_received

    text = await asyncio.wait_for(socket.recv(), timeout)
    path = getattr(getattr(socket, "request", None), "path", None) or getattr(socket, "path", None)
    if path is None or not isinstance(text, str):
        return json.loads(text)
    return check_received(path, text)


async def next_game(socket, timeout: float = SERVER_TIMEOUT) -> dict:
    """The game of the next ``{"type": "game"}`` message (replies to own actions skipped)."""
    while True:
        message = await receive_json(socket, timeout)
        if message["type"] == "game":
            return message["game"]


async def stays_open_and_quiet(socket, seconds: float) -> None:
    """Watch a ``websockets`` client for ``seconds``: it must neither close (that raises
    ``ConnectionClosed`` at once) nor receive anything. For a test whose subject is an idle
    period, such as a timeout that would close idle sockets."""
    try:
        message = await asyncio.wait_for(socket.recv(), seconds)
    except TimeoutError:
        return
    raise AssertionError(f"an idle socket received {message!r}")
