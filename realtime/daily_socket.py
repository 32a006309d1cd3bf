"""WebSocket ``/ws/daily/{date}/``: a date's leaderboard, live.

On connect a board frame (``?limit=`` entries, default 10); then, after every commit that
changes the board, an entry frame, and a closed frame when the day closes (a client reloads
the board over REST then). Anyone may watch; the socket is read-only. A bad date gets an error
frame and close code 4400.
"""

from __future__ import annotations

from games import actions
from games.core.errors import ServiceError
from games.daily.dates import parse_date

from .frames import CLOSE_BAD_REQUEST, BoardFrame
from .publisher import board_group
from .sockets import BoardSocket, run_db


class DailyBoardSocket(BoardSocket):
    kind = "daily"

    async def connect(self):
        if not await self.admit_watcher():
            return
        try:
            self.date = parse_date(self.scope["url_route"]["kwargs"]["date"])
            limit = self.board_limit()
        except ServiceError as error:
            await self.refuse(error, CLOSE_BAD_REQUEST)
            return
        await self.watch(board_group(self.date))
        await self.send_frame(await run_db(self.snapshot)(limit))

    def snapshot(self, limit: int) -> BoardFrame:
        top = actions.daily_board(self.date, None, limit, deal=False)
        return BoardFrame(
            top["date"], top["closed"], top["closes_at"], top["total"], top["results"]
        )

    async def disconnect(self, code):
        await self.stop_following()
        await self.unwatch()
