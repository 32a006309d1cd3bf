"""WebSocket ``/ws/games/{id}/``: a snapshot on connect, then every change; the owner may act.

Frames from the client: ``{"action": "move"|"undo"|"tap", ...}`` with optional
``expected_version`` and ``request_id``. Replies: ``{"type": "result", ...}`` to the sender,
``{"type": "game", "game"}`` to every watcher, ``{"type": "error", "code", "message",
"request_id"}`` for anything refused; the connection stays open after an error.
"""
from __future__ import annotations

import json
import logging

from channels.consumer import get_handler_name
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings
from django.utils import translation

from games import daily, queries, services
from games.engine import EngineError
from games.errors import ServiceError
from games.events import game_group
from games.presentation import game_view, removal_payload

from .errors import describe, error_body
from .fanout import Relay
from .payloads import tap_payload
from .throttling import MessageRateLimiter

logger = logging.getLogger(__name__)

#: Database work of all sockets runs on a thread pool, not on the one shared sync thread.
run_db = lambda func: database_sync_to_async(func, thread_sensitive=False)  # noqa: E731

CLOSE_NOT_FOUND = 4404
CLOSE_FORBIDDEN = 4403


class GameConsumer(AsyncWebsocketConsumer):
    #: Changes arrive through the process's relay (``api.fanout``): no channel per socket.
    channel_layer_alias = None

    async def connect(self):
        self.player = self.scope.get("player")
        self.language = self.scope.get("language") or settings.LANGUAGE_CODE
        self.game_id = int(self.scope["url_route"]["kwargs"]["game_id"])
        self.group = game_group(self.game_id)
        self.limiter = MessageRateLimiter()
        self.watching = False
        self.pending = []  # changes that arrive before the snapshot has been sent
        self.relay = Relay.current()
        await self.relay.watch(self.group, self)
        await self.accept()
        try:
            game = await run_db(queries.game_for_reading)(self.game_id)
            await run_db(daily.ensure_watchable)(self.player, game)
            snapshot = await run_db(game_view)(game, self.player)
        except ServiceError as error:
            await self.relay.unwatch(self.group, self)
            await self.send_error(error.code, error.message, error.details)
            await self.close(code=CLOSE_FORBIDDEN if error.code == "daily_game_hidden"
                             else CLOSE_NOT_FOUND)
            return
        self.watching = True
        self.owner_id = game.owner_id
        self.is_owner = self.player is not None and self.player.pk == game.owner_id
        await self.send_json({"type": "game", "game": snapshot})
        pending, self.pending = self.pending, None
        for message in pending:
            await self.game_changed(message)

    async def disconnect(self, code):
        relay = getattr(self, "relay", None)
        if relay is not None:
            await relay.unwatch(self.group, self)

    async def forward(self, message):
        """A change of this game, from the relay: sent now, or after the snapshot."""
        if self.pending is not None:
            self.pending.append(message)
        else:
            await self.game_changed(message)

    #: Messages whose handlers reach the database only through ``run_db`` (which checks the
    #: connections itself) skip Channels' per-message ``close_old_connections``: that hop to
    #: the one shared sync thread serialised every broadcast and every move of the process.
    DIRECT_MESSAGES = frozenset({"game.changed", "websocket.receive"})

    async def dispatch(self, message):
        if message["type"] in self.DIRECT_MESSAGES:
            return await getattr(self, get_handler_name(message))(message)
        return await super().dispatch(message)

    async def game_changed(self, event):
        if not self.watching:  # refused at connect (a daily game not yet closed)
            return
        # Serialised once by the publisher (games.events); the owner's sockets take the
        # owner's frame (with ``dimmed``) when there is one, every other watcher the public one.
        frame = (self.is_owner and event.get("owner_frame")) or event.get("frame")
        if frame is None:
            return await self.send_json({"type": "game", "game": event["game"]})
        await self.send(text_data=frame)

    async def receive(self, text_data=None, bytes_data=None):
        raw = text_data if text_data is not None else bytes_data
        wait = self.limiter.allow()
        if wait:
            return await self.send_error("throttled", details={"retry_after": round(wait, 3)})
        if len(raw) > settings.HALFMOON_MAX_BODY_BYTES:
            return await self.send_error("request_too_large")
        try:
            frame = json.loads(raw)
        except (ValueError, RecursionError):  # RecursionError: nested too deeply
            return await self.send_error("invalid_json")
        if not isinstance(frame, dict):
            return await self.send_error("invalid_request", details={"fields": {
                "non_field_errors": ["A frame is a JSON object."]}})
        request_id = frame.get("request_id")
        if request_id is not None and (not isinstance(request_id, (str, int)) or
                                       isinstance(request_id, bool) or len(str(request_id)) > 64):
            return await self.send_error("invalid_request", details={"fields": {
                "request_id": ["A string or number of at most 64 characters."]}})
        try:
            reply = await self.act(frame)
        except (EngineError, ServiceError) as error:
            status, body = describe(error)
            return await self.send_error(body["code"], body["message"], body, request_id)
        except _FrameError as error:
            return await self.send_error(error.code, details=error.details, request_id=request_id)
        reply["request_id"] = request_id
        await self.send_json(reply)

    async def act(self, frame: dict) -> dict:
        action = frame.get("action")
        handlers = {"move": self.do_move, "undo": self.do_undo, "tap": self.do_tap}
        handler = handlers.get(action) if isinstance(action, str) else None  # [..] is unhashable
        if handler is None:
            raise _FrameError("unknown_action", action=str(action)[:20])
        if self.player is None:
            raise _FrameError("not_authenticated")
        if self.player.pk != self.owner_id:
            raise _FrameError("not_your_game")
        version = frame.get("expected_version")
        if version is not None and (isinstance(version, bool) or not isinstance(version, int)
                                    or version < 0):
            raise _FrameError("invalid_request", fields={
                "expected_version": ["A whole number of at least 0."]})
        return await handler(frame, version)

    async def do_move(self, frame, version):
        positions = frame.get("positions")
        if not isinstance(positions, list) or len(positions) > 12:
            raise _FrameError("invalid_request", fields={"positions": ['A list like ["P1", "R6"].']})
        outcome = await run_db(services.move)(self.player, self.game_id, positions, version)
        return {"type": "result", "action": "move", "game": outcome.owner_payload,
                "removed": removal_payload(outcome.result)}

    async def do_undo(self, frame, version):
        outcome = await run_db(services.undo)(self.player, self.game_id, version)
        return {"type": "result", "action": "undo", "game": outcome.owner_payload,
                "restored": removal_payload(outcome.result)}

    async def do_tap(self, frame, version):
        position = frame.get("position")
        if not isinstance(position, str):
            raise _FrameError("invalid_request", fields={"position": ["A position like 'P5'."]})
        outcome = await run_db(services.tap)(self.player, self.game_id, position, version)
        with translation.override(self.language):
            return {"type": "result", "action": "tap", **tap_payload(outcome, self.player)}

    async def send_error(self, code, message="", details=None, request_id=None):
        with translation.override(self.language):
            body = error_body(code, message, details)
        await self.send_json({"type": "error", **body, "request_id": request_id})

    async def send_json(self, content):
        await self.send(text_data=json.dumps(content, separators=(",", ":")))


class _FrameError(Exception):
    def __init__(self, code, **details):
        super().__init__(code)
        self.code = code
        self.details = details
