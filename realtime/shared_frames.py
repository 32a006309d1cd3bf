"""A relayed change is framed once per process, not once per watching socket.

Every watcher of a game (or of a date's board) receives the same text frame
(:mod:`realtime.publisher` serialises it once). Through Channels and daphne each socket would
encode it to UTF-8, build its WebSocket header and pass the dispatch of an ASGI message; with
1,000 watchers that was a fifth of a socket process's time per change. Under daphne, the
relay's frame is turned once into autobahn's ``PreparedMessage`` (autobahn's own API for
broadcast: the wire bytes of an unmasked server frame) and written to each open connection with
``sendPreparedMessage``, which keeps autobahn's accounting, its send queue and, where a client
negotiated compression, compresses per connection as before.

Daphne gives an application no handle on its connection other than the ``send`` it passes,
``functools.partial(server.handle_reply, protocol)``; :func:`connection_of` takes the
connection from there and answers None for any other server (uvicorn, Channels' test
communicator), whose sockets then send as usual. ``tests/perf/test_shared_frames.py`` checks
daphne still builds ``send`` that way.
"""

from __future__ import annotations

import functools

from autobahn.websocket.protocol import PreparedMessage, WebSocketProtocol
from daphne.server import Server


@functools.lru_cache(maxsize=32)
def prepared(frame: str) -> PreparedMessage:
    """The wire form of a text frame (the relay hands every watcher the same ``str``, whose
    hash Python keeps, so each later watcher finds it at the cost of a lookup)."""
    return PreparedMessage(frame.encode(), isBinary=False, applyMask=False, doNotCompress=False)


def connection_of(send) -> WebSocketProtocol | None:
    """Daphne's WebSocket connection behind an ASGI ``send``, or None under another server."""
    if not isinstance(send, functools.partial) or len(send.args) != 1:
        return None
    server = getattr(send.func, "__self__", None)
    connection = send.args[0]
    if isinstance(server, Server) and isinstance(connection, WebSocketProtocol):
        return connection
    return None


def send_prepared(connection: WebSocketProtocol, frame: str) -> bool:
    """Write ``frame`` to an open connection; nothing on one that is closing or closed (daphne
    would drop it too, or fail the send). Whether it was written."""
    if connection.state == WebSocketProtocol.STATE_OPEN:
        connection.sendPreparedMessage(prepared(frame))
        return True
    return False
