"""WebSocket ``/ws/seasons/{season}/``: a season's board, live.

On connect a ``season`` frame (``?limit=`` entries, default 10); then one after every rebuild
of the board and a last one, ``closed`` true, when the season closes. Anyone may watch; the
socket is read-only. A bad season key gets an error frame and 4400, a season that has not
started 4404.
"""

from __future__ import annotations

from games.core.errors import ServiceError
from games.seasons import selectors as seasons
from games.seasons.errors import SeasonNotStarted

from .frames import CLOSE_BAD_REQUEST, CLOSE_NOT_FOUND, SeasonFrame
from .publisher import season_group
from .sockets import BoardSocket, run_db


class SeasonBoardSocket(BoardSocket):
    kind = "season"

    async def connect(self):
        if not await self.admit_watcher():
            return
        try:
            self.span = seasons.started(self.scope["url_route"]["kwargs"]["season"])
            limit = self.board_limit()
        except SeasonNotStarted as error:
            await self.refuse(error, CLOSE_NOT_FOUND)
            return
        except ServiceError as error:
            await self.refuse(error, CLOSE_BAD_REQUEST)
            return
        await self.watch(season_group(self.span.key))
        await self.send_frame(await run_db(self.snapshot)(limit))

    def snapshot(self, limit: int) -> SeasonFrame:
        row = seasons.stored(self.span)
        top = seasons.page(row, limit)
        return SeasonFrame(row.key, row.closed_at is not None, top.total, top.results)

    async def disconnect(self, code):
        await self.stop_following()
        await self.unwatch()
