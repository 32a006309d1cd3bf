"""What every socket of the service shares: the player's language, frames out, errors out."""

from __future__ import annotations

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings
from django.utils import translation

from games.core.errors import describe, error_body

from .frames import CloseCode, ErrorFrame, Frame


def run_db(func):
    """``func`` on the thread pool, not on the one shared sync thread: database work of all
    sockets of a process runs side by side (each call checks its connection itself)."""
    return database_sync_to_async(func, thread_sensitive=False)


class Socket(AsyncWebsocketConsumer):
    """Base of the service's sockets: frames are :mod:`realtime.frames` objects."""

    #: Frames arrive through the process's relay (:mod:`realtime.relay`): no channel per socket.
    channel_layer_alias = None  # type: ignore[assignment]

    @property
    def language(self) -> str:
        return str(self.scope.get("language") or settings.LANGUAGE_CODE)

    async def send_frame(self, frame: Frame) -> None:
        await self.send(text_data=frame.dumps())

    async def send_error(
        self, code: str, message: str = "", details: dict | None = None, request_id=None
    ) -> None:
        with translation.override(self.language):
            body = error_body(code, message, details)
        await self.send_frame(ErrorFrame(body, request_id))

    async def send_exception(self, error: Exception, request_id=None) -> None:
        """A service or engine error, rendered as REST renders it."""
        with translation.override(self.language):
            _status, body = describe(error) or (500, error_body("server_error"))
        await self.send_frame(ErrorFrame(body, request_id))

    async def refuse(self, error: Exception, close: CloseCode) -> None:
        """An error frame, then the close code."""
        await self.send_exception(error)
        await self.close(code=close.code)

    async def forward(self, frame: str, owner_frame: str | None = None) -> None:
        """A serialised frame from the relay, for this socket."""
        await self.send(text_data=frame)
