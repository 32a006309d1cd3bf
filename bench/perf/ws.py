"""A minimal WebSocket client (RFC 6455) on an asyncio Protocol, for thousands of sockets.

Each complete message is handed to ``on_message(socket, payload_bytes, arrived_at)`` inside
``data_received``, so its arrival time is taken before any other work. Pings are answered,
client frames are masked (with a zero key: a valid key that leaves the payload as it is).
"""

from __future__ import annotations

import asyncio
import base64
import json
import os
import struct
import time

_HANDSHAKE = (
    "GET {path} HTTP/1.1\r\nHost: {host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
    "Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
)


class Socket(asyncio.Protocol):
    def __init__(self, on_message=None):
        self.on_message = on_message
        self.transport = None
        self.opened = asyncio.get_running_loop().create_future()
        self.closed = asyncio.get_running_loop().create_future()
        self.buffer = bytearray()
        self.upgraded = False
        self.fragments = []
        #: Without a callback, messages wait here for :meth:`receive_json`.
        self.queue: asyncio.Queue | None = asyncio.Queue() if on_message is None else None

    @classmethod
    async def connect(
        cls, host: str, port: int, path: str, on_message=None, timeout: float = 30
    ) -> Socket:
        loop = asyncio.get_running_loop()
        _, socket = await loop.create_connection(lambda: cls(on_message), host, port)
        key = base64.b64encode(os.urandom(16)).decode()
        socket.transport.write(_HANDSHAKE.format(path=path, host=host, key=key).encode())
        await asyncio.wait_for(socket.opened, timeout)
        return socket

    # -- asyncio.Protocol -----------------------------------------------------------------
    def connection_made(self, transport):
        self.transport = transport

    def connection_lost(self, exc):
        if not self.opened.done():
            self.opened.set_exception(ConnectionError("closed during the handshake"))
        if not self.closed.done():
            self.closed.set_result(exc)

    def data_received(self, data):
        now = time.perf_counter()
        buffer = self.buffer
        buffer += data
        if not self.upgraded:
            end = buffer.find(b"\r\n\r\n")
            if end < 0:
                return
            if not buffer.startswith(b"HTTP/1.1 101"):
                self.opened.set_exception(ConnectionError(bytes(buffer[:200]).decode("latin-1")))
                self.transport.close()
                return
            del buffer[: end + 4]
            self.upgraded = True
            self.opened.set_result(self)
        while len(buffer) >= 2:
            first, second = buffer[0], buffer[1]
            length, start = second & 0x7F, 2
            if length == 126:
                if len(buffer) < 4:
                    return
                length, start = struct.unpack_from("!H", buffer, 2)[0], 4
            elif length == 127:
                if len(buffer) < 10:
                    return
                length, start = struct.unpack_from("!Q", buffer, 2)[0], 10
            if len(buffer) < start + length:
                return
            payload = bytes(buffer[start : start + length])
            del buffer[: start + length]
            self._frame(first & 0x80, first & 0x0F, payload, now)

    def _frame(self, fin, opcode, payload, now):
        if opcode == 0x9:  # ping
            self._send(0xA, payload)
        elif opcode == 0x8:  # close
            self.transport.close()
        elif opcode in (0x0, 0x1, 0x2):
            self.fragments.append(payload)
            if fin:
                message = b"".join(self.fragments)
                self.fragments = []
                if self.on_message is not None:
                    self.on_message(self, message, now)
                if self.queue is not None:
                    self.queue.put_nowait(message)

    # -- sending --------------------------------------------------------------------------
    def _send(self, opcode: int, payload: bytes) -> None:
        length = len(payload)
        if length < 126:
            header = struct.pack("!BB", 0x80 | opcode, 0x80 | length)
        elif length < 65536:
            header = struct.pack("!BBH", 0x80 | opcode, 0x80 | 126, length)
        else:
            header = struct.pack("!BBQ", 0x80 | opcode, 0x80 | 127, length)
        self.transport.write(header + b"\0\0\0\0" + payload)

    def send_json(self, value) -> None:
        self._send(0x1, json.dumps(value, separators=(",", ":")).encode())

    async def receive_json(self, timeout: float = 30):
        """The next message, decoded (for a socket opened without ``on_message``)."""
        return json.loads(await asyncio.wait_for(self.queue.get(), timeout))

    def close(self) -> None:
        if self.transport and not self.transport.is_closing():
            try:
                self._send(0x8, struct.pack("!H", 1000))
            finally:
                self.transport.close()


def version_of(message: bytes) -> int | None:
    """The game version in a ``{"type": "game", ...}`` message, found without decoding it."""
    at = message.find(b'"version":')
    if at < 0:
        return None
    at += 10
    end = at
    while message[end : end + 1].isdigit():
        end += 1
    return int(message[at:end])
