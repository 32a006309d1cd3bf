"""TCP connections that send at once when nothing waits before the data, as asyncio and Node do.

Twisted's ``FileDescriptor.write`` always buffers: it registers the socket for writability
(an ``epoll_ctl`` through the asyncio reactor, with a new callback handle), sends on the next
turn of the loop (through Twisted's per-call logging context), then unregisters it (a second
``epoll_ctl``). For one response that is noise; for a change relayed to 1,000 watching sockets
it was the largest share of a socket process's time (docs/PERFORMANCE.md, fan-out). Here a
write with an empty buffer goes straight to ``send``; only what the kernel does not take is
buffered, and from then on Twisted's own path (writability, producers, losing the connection
once flushed) runs unchanged. Order is kept: nothing is sent directly while anything waits.

Written by hand because Twisted has no such option (its transports buffer by design, to
coalesce writes within a turn of the loop; a WebSocket frame is already one write).
"""

from __future__ import annotations

from errno import EAGAIN, EINTR, ENOBUFS, EWOULDBLOCK

from twisted.internet import tcp

_TRY_LATER = frozenset({EAGAIN, EWOULDBLOCK, EINTR, ENOBUFS})


class ImmediateWriteServer(tcp.Server):
    """A server-side TCP connection whose writes go out at once when nothing is buffered."""

    def write(self, data: bytes) -> None:
        if (
            self.TLS  # the TLS layer writes through FileDescriptor itself; kept as it is
            or not data
            or not self.connected
            or self.disconnecting
            or self._writeDisconnected
            or self._writeDisconnecting
            or self._tempDataLen
            or self.offset < len(self.dataBuffer)
        ):
            super().write(data)
            return
        try:
            sent = self.socket.send(data)
        except OSError as error:
            if error.errno not in _TRY_LATER:
                # A lost connection: buffering lets Twisted's next write attempt report it
                # the way it always does (connectionLost with the reason).
                super().write(data)
                return
            sent = 0
        if sent < len(data):
            super().write(bytes(memoryview(data)[sent:]))


def send_immediately(port) -> None:
    """Give the connections a listening port accepts from now on immediate writes (``port``: a
    ``twisted.internet.tcp.Port``; it builds each connection from its ``transport`` class)."""
    if isinstance(port, tcp.Port):
        port.transport = ImmediateWriteServer
