"""What every socket of the service shares: the player's language, frames out, errors out,
credentials that are checked at connect and followed while open (:mod:`realtime.credentials`),
following one group of the process's relay (:mod:`realtime.relay`), and the metrics: open
sockets, frames in and out (:mod:`realtime.metrics`), refusals and database failures
(:mod:`games.core.metrics`)."""

from __future__ import annotations

import functools
from urllib.parse import parse_qs

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings
from django.utils import translation

from games.core import metrics, pages
from games.core.errors import describe, error_body
from games.oauth.errors import InsufficientScope
from games.oauth.scopes import socket_scope
from games.transport.errors import ReadOnlySocket

from .auth import SUBPROTOCOL
from .credentials import CredentialsWatch
from .frames import (
    CLOSE_FORBIDDEN,
    CLOSE_TOO_MANY_FRAMES,
    CLOSE_UNAUTHORIZED,
    CloseCode,
    ErrorFrame,
    Frame,
)
from .metrics import METERS
from .relay import Relay
from .shared_frames import connection_of, send_prepared
from .throttling import MessageRateLimiter


def run_db(func):
    """``func`` on the thread pool, not on the one shared sync thread: database work of all
    sockets of a process runs side by side (each call checks its connection itself). The
    database being unavailable is counted here, the one way sockets reach it."""

    @functools.wraps(func)
    def counted(*args, **kwargs):
        try:
            return func(*args, **kwargs)
        except metrics.DATABASE_ERRORS as error:
            if metrics.database_unavailable(error):
                metrics.database_failed(metrics.SOCKET)
            raise

    return database_sync_to_async(counted, thread_sensitive=False)


class Socket(AsyncWebsocketConsumer):
    """Base of the service's sockets: frames are :mod:`realtime.frames` objects."""

    #: Frames arrive through the process's relay (:mod:`realtime.relay`): no channel per socket.
    channel_layer_alias = None  # type: ignore[assignment]
    #: The relay and group this socket follows (:meth:`watch`), None until then.
    relay: Relay | None = None
    group: str = ""
    #: Changes from the relay that wait to be sent (:meth:`hold`), in order; None: sent at once.
    held: list[tuple[str, str | None]] | None = None
    #: Which socket this is, for the metrics (:data:`realtime.metrics.KINDS`).
    kind = "unknown"
    #: Whether this socket is counted open (from its accepted handshake to the consumer's end).
    counted_open = False

    async def __call__(self, scope, receive, send):
        try:
            await super().__call__(scope, receive, send)
        finally:  # however the consumer ends: a close, a disconnect, a cancellation, an error
            if self.counted_open:
                self.counted_open = False
                METERS[self.kind].open.dec()

    @property
    def language(self) -> str:
        """The player's language setting as the socket last read it (each action reads the
        player again; a settings notice updates it between actions), else the handshake's
        Accept-Language."""
        player = self.player
        if player is not None and player.language:
            return str(player.language)
        return str(self.scope.get("header_language") or settings.LANGUAGE_CODE)

    @property
    def player(self):
        """The player acting on this socket, or None (a watcher)."""
        return self.scope.get("player")

    async def accept(self, subprotocol=None, headers=None):
        """Accept, selecting ``halfmoon`` when the client offered it (a browser that offered
        subprotocols fails a handshake that selects none)."""
        if subprotocol is None and SUBPROTOCOL in (self.scope.get("subprotocols") or ()):
            subprotocol = SUBPROTOCOL
        await super().accept(subprotocol, headers)
        if not self.counted_open:
            self.counted_open = True
            METERS[self.kind].open.inc()

    async def websocket_receive(self, message):
        METERS[self.kind].received.inc()
        await super().websocket_receive(message)

    async def send(self, text_data=None, bytes_data=None, close=False):
        if text_data is not None or bytes_data is not None:
            METERS[self.kind].sent.inc()
        await super().send(text_data, bytes_data, close)

    async def admit(self) -> bool:
        """Accept the connection; False (after the refusal and its close code) when the
        handshake presented a token that is unknown, revoked or suspended. A player's socket
        then follows its credentials until it closes."""
        self.credentials = None
        self.credentials_lost: Exception | None = None
        await self.accept()
        refused = self.scope.get("credentials_error")
        if isinstance(refused, Exception):
            await self.lose_credentials(refused)
            return False
        if self.player is not None and self.player.scopes is not None:  # an app's token
            scope = socket_scope(self.kind)
            if scope not in self.player.scopes:
                await self.lose_credentials(InsufficientScope(scope=scope))
                return False
        if self.player is not None:
            self.credentials = CredentialsWatch(self, self.player)
            await self.credentials.start()
        return True

    async def lose_credentials(self, error: Exception) -> None:
        """The token was refused or revoked, or the player suspended: the error frame, then
        4401 (4403 for a suspension). Nothing more is done for this socket."""
        if getattr(self, "credentials_lost", None) is not None:
            return
        self.credentials_lost = error
        close = CLOSE_FORBIDDEN if getattr(error, "status", 401) == 403 else CLOSE_UNAUTHORIZED
        await self.stop_following()
        await self.refuse(error, close)

    def follow_settings(self, changed: dict) -> None:
        """New settings of the player, applied to the frames that follow."""
        player = self.player
        if player is None:
            return
        player.move_errors = changed.get("move_errors", player.move_errors)
        player.placement_aid = changed.get("placement_aid", player.placement_aid)
        player.language = changed.get("language") or ""

    async def stop_following(self) -> None:
        credentials = getattr(self, "credentials", None)
        if credentials is not None:
            self.credentials = None
            await credentials.stop()

    async def send_frame(self, frame: Frame) -> None:
        await self.send(text_data=frame.dumps())

    async def send_error(
        self, code: str, message: str = "", details: dict | None = None, request_id=None
    ) -> None:
        with translation.override(self.language):
            body = error_body(code, message, details)
        metrics.refused(code, metrics.SOCKET)
        await self.send_frame(ErrorFrame(body, request_id))

    async def send_exception(self, error: Exception, request_id=None) -> None:
        """A service or engine error, rendered as REST renders it."""
        with translation.override(self.language):
            _status, body = describe(error) or (500, error_body("server_error"))
        metrics.refused(body["code"], metrics.SOCKET)
        await self.send_frame(ErrorFrame(body, request_id))

    async def refuse(self, error: Exception, close: CloseCode) -> None:
        """An error frame, then the close code."""
        await self.send_exception(error)
        await self.close(code=close.code)

    async def watch(self, group: str) -> None:
        """From now on, every change sent to ``group`` reaches :meth:`forward`."""
        self.group = group
        self.relay = Relay.current()
        await self.relay.watch(group, self)

    async def unwatch(self) -> None:
        relay, self.relay = self.relay, None
        if relay is not None:
            await relay.unwatch(self.group, self)

    def hold(self) -> None:
        """Changes wait, in order, until :meth:`release` (behind a snapshot not yet sent, or
        an action's answer)."""
        if self.held is None:
            self.held = []

    async def release(self) -> None:
        """Send what waited, then send changes as they come."""
        held, self.held = self.held or [], None
        for frame, owner_frame in held:
            await self.deliver(frame, owner_frame)

    async def forward(self, frame: str, owner_frame: str | None = None) -> None:
        """A serialised change from the relay: sent now, or after :meth:`release`."""
        if self.held is not None:
            self.held.append((frame, owner_frame))
        else:
            await self.deliver(frame, owner_frame)

    async def deliver(self, frame: str, owner_frame: str | None = None) -> None:
        """A change, to this socket (``owner_frame``: the change as its owner's sockets get it,
        when it has one)."""
        await self.send_shared(frame)

    async def send_shared(self, frame: str) -> None:
        """A frame that other sockets of the process get too (a relayed change): under daphne
        framed once for all of them (:mod:`realtime.shared_frames`), else sent as any frame."""
        connection = connection_of(self.base_send)
        if connection is None:
            await self.send(text_data=frame)
        elif send_prepared(connection, frame):
            METERS[self.kind].sent.inc()


class ReadOnlySocketMixin:
    """A socket that takes no frames: each gets ``read_only_socket``, within the socket's
    message rate; beyond it the socket is closed (4429), never answered without limit."""

    limiter: MessageRateLimiter

    async def receive(self, text_data=None, bytes_data=None):
        if self.limiter.allow():
            metrics.refused("throttled", metrics.SOCKET)  # refused by closing (4429)
            await self.close(code=CLOSE_TOO_MANY_FRAMES.code)
            return
        await self.send_exception(ReadOnlySocket())


class BoardSocket(ReadOnlySocketMixin, Socket):
    """A live board anyone may watch (the daily, a season's, a challenge's): read-only, within
    a message rate, its first frame the top ``?limit=`` entries (default :data:`DEFAULT_TOP`)."""

    DEFAULT_TOP = 10

    async def admit_watcher(self) -> bool:
        self.limiter = MessageRateLimiter()
        return await self.admit()

    def board_limit(self) -> int:
        """The ``?limit=`` of the handshake (a page size; ``ServiceError`` when it is not)."""
        query = parse_qs(self.scope.get("query_string", b"").decode("latin-1"))
        return pages.page_size(query.get("limit", [None])[0], self.DEFAULT_TOP)
