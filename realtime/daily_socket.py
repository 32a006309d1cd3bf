"""WebSocket ``/ws/daily/{date}/``: a date's leaderboard, live.

On connect a board frame (``?limit=`` entries, default 10); then, after every commit that
changes the board, an entry frame, and a closed frame when the day closes (a client reloads
the board over REST then). Anyone may watch; the socket is read-only. A bad date gets an error
frame and close code 4400.
"""

from __future__ import annotations

from urllib.parse import parse_qs

from games.core import clock
from games.core.errors import ReadOnlySocket, ServiceError
from games.daily import leaderboard
from games.daily.dates import is_over, parse_date
from games.daily.services import ensure_closed
from games.play.presentation import iso

from .frames import CLOSE_BAD_REQUEST, CLOSE_TOO_MANY_FRAMES, BoardFrame
from .publisher import board_group
from .relay import Relay
from .sockets import Socket, run_db
from .throttling import MessageRateLimiter

DEFAULT_TOP = 10


class DailyBoardSocket(Socket):
    async def connect(self):
        query = parse_qs(self.scope.get("query_string", b"").decode("latin-1"))
        self.relay = None
        self.limiter = MessageRateLimiter()
        if not await self.admit():
            return
        try:
            self.date = parse_date(self.scope["url_route"]["kwargs"]["date"])
            limit = leaderboard.page_size(query.get("limit", [DEFAULT_TOP])[0])
        except ServiceError as error:
            await self.refuse(error, CLOSE_BAD_REQUEST)
            return
        self.group = board_group(self.date)
        self.relay = Relay.current()
        await self.relay.watch(self.group, self)
        await self.send_frame(await run_db(self.snapshot)(limit))

    def snapshot(self, limit: int) -> BoardFrame:
        ensure_closed(self.date)
        top = leaderboard.page(self.date, limit)
        return BoardFrame(
            self.date.isoformat(),
            is_over(self.date),
            iso(clock.day_end(self.date)),
            top.total,
            top.results,
        )

    async def disconnect(self, code):
        await self.stop_following()
        if getattr(self, "relay", None) is not None:
            await self.relay.unwatch(self.group, self)

    async def receive(self, text_data=None, bytes_data=None):
        """Nothing is taken here: a frame gets ``read_only_socket``, within the socket's message
        rate; beyond it the socket is closed (4429), never answered without limit."""
        if self.limiter.allow():
            await self.close(code=CLOSE_TOO_MANY_FRAMES.code)
            return
        await self.send_exception(ReadOnlySocket())
