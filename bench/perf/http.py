"""A small HTTP/1.1 keep-alive client on asyncio streams: cheap enough not to steal the
server's CPU (no per-request allocation of a client library's machinery)."""

from __future__ import annotations

import asyncio
import contextlib
import json


class HttpError(Exception):
    pass


class Connection:
    """One keep-alive connection; requests on it go one after another."""

    def __init__(self, host: str, port: int, token: str | None = None):
        self.host, self.port, self.token = host, port, token
        self.reader = self.writer = None

    async def open(self) -> Connection:
        self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        return self

    async def request(self, method: str, path: str, body=None) -> tuple[int, dict | None]:
        """Send one request; returns (status, JSON body or None). Reconnects if closed."""
        if self.writer is None or self.writer.is_closing():
            await self.open()
        data = b"" if body is None else json.dumps(body, separators=(",", ":")).encode()
        head = [f"{method} {path} HTTP/1.1", f"Host: {self.host}", "Accept: application/json"]
        if self.token:
            head.append(f"Authorization: Token {self.token}")
        if body is not None:
            head += ["Content-Type: application/json", f"Content-Length: {len(data)}"]
        self.writer.write(("\r\n".join(head) + "\r\n\r\n").encode() + data)
        header = await self.reader.readuntil(b"\r\n\r\n")
        status = int(header[9:12])
        length, close = 0, False
        for line in header.split(b"\r\n")[1:]:
            name, _, value = line.partition(b":")
            name = name.strip().lower()
            if name == b"content-length":
                length = int(value)
            elif name == b"connection" and value.strip().lower() == b"close":
                close = True
            elif name == b"transfer-encoding":
                raise HttpError("chunked responses are not expected from this service")
        payload = await self.reader.readexactly(length) if length else b""
        if close:
            await self.close()
        return status, (json.loads(payload) if payload else None)

    async def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
            with contextlib.suppress(OSError):
                await self.writer.wait_closed()
            self.writer = None


async def new_player(host: str, port: int, name: str) -> Connection:
    """A new player (``POST /api/v1/players``) with a keep-alive connection of its own."""
    connection = await Connection(host, port).open()
    status, body = await connection.request("POST", "/api/v1/players", {"name": name})
    if status != 201:
        raise HttpError(f"player creation: {status} {body}")
    connection.token = body["token"]
    return connection
