"""The suite's HTTP client for real server processes (daphne, gunicorn, nginx in front).

* :class:`Http`: blocking JSON requests over one keep-alive connection (one client per thread),
  on the standard library's ``http.client``. What the end-to-end, browser and reliability tests
  use, and the bench scripts that drive threads (``bench/crash.py``, ``bench/flood.py``).
* :class:`AsyncHttp`: the same requests on asyncio streams, for load generators that run many
  clients in one event loop (``bench/perf``). Hand-written on purpose: a client library's
  per-request machinery would take CPU from the server being measured on the same cores.

In-process requests (Django's test client, no server) are :mod:`tests.support.api`.
"""

from __future__ import annotations

import asyncio
import contextlib
import http.client
import json
from dataclasses import dataclass, field
from urllib.parse import urlsplit

API = "/api/v1"


@dataclass
class Reply:
    status: int
    body: object
    headers: dict = field(default_factory=dict)


class Http:
    """JSON requests to one server; a failed connection is reopened on the next request.

    A request whose connection breaks raises (``OSError``/``http.client.HTTPException``): the
    caller never learns whether it was applied, exactly like a client whose response was lost.
    """

    def __init__(self, base_url: str, token: str | None = None, timeout: float = 15):
        parts = urlsplit(base_url)
        self.host, self.port, self.timeout = parts.hostname, parts.port, timeout
        self.token = token
        self.connection: http.client.HTTPConnection | None = None

    def call(
        self,
        method: str,
        path: str,
        body=None,
        headers: dict | None = None,
        raw: bytes | None = None,
    ) -> Reply:
        sent = {"Content-Type": "application/json", **(headers or {})}
        if self.token:
            sent.setdefault("Authorization", f"Token {self.token}")
        data = raw if raw is not None else (None if body is None else json.dumps(body).encode())
        if self.connection is None:
            self.connection = http.client.HTTPConnection(self.host, self.port, timeout=self.timeout)
        try:
            self.connection.request(method, path, body=data, headers=sent)
            response = self.connection.getresponse()
            content = response.read()
        except BaseException:
            self.close()
            raise
        if response.getheader("Connection", "").lower() == "close":
            self.close()
        try:
            parsed = json.loads(content) if content else None
        except ValueError:
            parsed = content.decode("utf-8", "replace")
        return Reply(response.status, parsed, {k.lower(): v for k, v in response.getheaders()})

    def get(self, path, **kwargs) -> Reply:
        return self.call("GET", path, **kwargs)

    def post(self, path, body=None, **kwargs) -> Reply:
        return self.call("POST", path, body if body is not None else {}, **kwargs)

    def close(self) -> None:
        if self.connection is not None:
            self.connection.close()
            self.connection = None


def new_player(base_url: str, name: str) -> Http:
    """A client authenticated as a freshly created player (``.token``)."""
    reply = Http(base_url).post(f"{API}/players", {"name": name})
    assert reply.status == 201, reply
    return Http(base_url, reply.body["token"])


def healthy(base_url: str) -> bool:
    """Whether ``/healthz`` answers 200 now (False while nothing listens on the port)."""
    client = Http(base_url, timeout=2)
    try:
        return client.get("/healthz").status == 200
    except (OSError, http.client.HTTPException):
        return False
    finally:
        client.close()


# -- asyncio ---------------------------------------------------------------------------------
class HttpError(Exception):
    pass


class AsyncHttp:
    """One HTTP/1.1 keep-alive connection on asyncio streams; requests go one after another."""

    def __init__(self, host: str, port: int, token: str | None = None):
        self.host, self.port, self.token = host, port, token
        self.reader = self.writer = None

    async def open(self) -> AsyncHttp:
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


async def new_async_player(host: str, port: int, name: str) -> AsyncHttp:
    """A new player (``POST /api/v1/players``) with a keep-alive connection of its own."""
    connection = await AsyncHttp(host, port).open()
    status, body = await connection.request("POST", f"{API}/players", {"name": name})
    if status != 201:
        raise HttpError(f"player creation: {status} {body}")
    connection.token = body["token"]
    return connection
