"""WebSocket ``/ws/daily/{date}/``: a date's leaderboard, live.

On connect: ``{"type": "board", "date", "closed", "closes_at", "total", "top": [entry…]}``
(``?limit=`` entries, default 10). Then, for every change, after its commit:
``{"type": "entry", "change": "entered"|"removed", "entry": {...rank...}, "total"}`` and, when
the day closes, ``{"type": "closed", "date", "total"}`` (a client reloads the board over REST
then). Anyone may watch; the socket is read-only. A bad date gets an error and close code 4400.
"""
from __future__ import annotations

import json
from urllib.parse import parse_qs

from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings
from django.utils import translation

from games import clock, daily, leaderboard
from games.errors import ServiceError
from games.presentation import _iso

from .consumers import run_db
from .errors import error_body

CLOSE_BAD_REQUEST = 4400
DEFAULT_TOP = 10


class DailyBoardConsumer(AsyncWebsocketConsumer):
    async def connect(self):
        self.language = self.scope.get("language") or settings.LANGUAGE_CODE
        query = parse_qs(self.scope.get("query_string", b"").decode("latin-1"))
        await self.accept()
        try:
            self.date = daily.parse_date(self.scope["url_route"]["kwargs"]["date"])
            limit = leaderboard.page_size(query.get("limit", [DEFAULT_TOP])[0])
        except ServiceError as error:
            await self.send_error(error.code, error.message, error.details)
            await self.close(code=CLOSE_BAD_REQUEST)
            return
        self.group = leaderboard.board_group(self.date)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.send_json(await run_db(self.snapshot)(limit))

    def snapshot(self, limit: int) -> dict:
        daily.ensure_closed(self.date)
        top = leaderboard.page(self.date, limit)
        return {"type": "board", "date": self.date.isoformat(), "closed": daily.is_over(self.date),
                "closes_at": _iso(clock.day_end(self.date)), "total": top.total,
                "top": top.results}

    async def disconnect(self, code):
        if getattr(self, "group", None):
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def board_update(self, event):
        await self.send_json(event["message"])

    async def receive(self, text_data=None, bytes_data=None):
        await self.send_error("read_only_socket")

    async def send_error(self, code, message="", details=None):
        with translation.override(self.language):
            body = error_body(code, message, details)
        await self.send_json({"type": "error", **body})

    async def send_json(self, content):
        await self.send(text_data=json.dumps(content, separators=(",", ":")))
