"""daphne requests whose body is refused as soon as it is too large.

Plain daphne reads a whole request body before the application sees it, spooling anything
above 100 KB to a temporary file: a client declaring a 512 MiB upload keeps the server reading
and writing disk. Here a body larger than ``HALFMOON_MAX_BODY_BYTES`` is refused with the
service's JSON 413 the moment its ``Content-Length`` is read — or, for a chunked body, the
moment it grows past the limit — and the connection is closed: nothing more is read.
"""

from __future__ import annotations

import io
import json

from daphne.http_protocol import WebRequest

from games.core.errors import error_body
from games.transport.errors import RequestTooLarge


class BoundedWebRequest(WebRequest):
    #: Set by :func:`bounded` from the settings when the server starts.
    limit = 16 * 1024

    def gotLength(self, length: int | None) -> None:
        self.body_bytes, self.refused = 0, False
        if length is not None and length > self.limit:
            self.content = io.BytesIO()
            self.refuse()
            return
        super().gotLength(length)

    def handleContentChunk(self, data: bytes) -> None:
        if self.refused:
            return
        self.body_bytes += len(data)
        if self.body_bytes > self.limit:
            self.refuse()
            return
        super().handleContentChunk(data)

    def refuse(self) -> None:
        """Answer 413 in the service's error format and close the connection."""
        self.refused = True
        body = json.dumps(error_body(RequestTooLarge.code)).encode()
        head = (
            "HTTP/1.1 413 Request Entity Too Large\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n"
        ).encode()
        transport = self.channel.transport
        transport.write(head + body)
        transport.loseConnection()


def bounded(limit: int) -> type[BoundedWebRequest]:
    BoundedWebRequest.limit = limit
    return BoundedWebRequest
