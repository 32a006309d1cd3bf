"""The archive as a streamed HTTP download, for REST (``GET /account/export``) and the admin.

Pieces of the document are sent as they are made, in blocks of about :data:`BLOCK` bytes, so a
player with thousands of games costs one chunk of rows in memory, never the whole archive. Under
WSGI (gunicorn, the deployment's HTTP) the body is a plain iterator; under ASGI (daphne, ``make
run``) an asynchronous one whose blocks are made on the request's database thread — Django
would otherwise read a synchronous iterator to its end before sending anything.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator

from asgiref.sync import sync_to_async
from django.core.handlers.asgi import ASGIRequest
from django.http import HttpRequest, StreamingHttpResponse

from games.players.models import Player

from .archive import archive, filename

BLOCK = 64 * 1024


def archive_response(request: HttpRequest, player: Player) -> StreamingHttpResponse:
    """``200`` with the player's archive as an ``application/json`` attachment, never stored by
    a cache."""
    blocks = _blocks(archive(player))
    content = _async(blocks) if isinstance(request, ASGIRequest) else blocks
    response = StreamingHttpResponse(content, content_type="application/json")
    response["Content-Disposition"] = f'attachment; filename="{filename(player)}"'
    response["Cache-Control"] = "no-store"
    return response


def _blocks(pieces: Iterator[str]) -> Iterator[bytes]:
    pending: list[bytes] = []
    size = 0
    for piece in pieces:
        data = piece.encode()
        pending.append(data)
        size += len(data)
        if size >= BLOCK:
            yield b"".join(pending)
            pending, size = [], 0
    if pending:
        yield b"".join(pending)


def _next(blocks: Iterator[bytes]) -> bytes | None:
    return next(blocks, None)


async def _async(blocks: Iterator[bytes]) -> AsyncIterator[bytes]:
    while True:
        block = await sync_to_async(_next, thread_sensitive=True)(blocks)
        if block is None:
            return
        yield block
