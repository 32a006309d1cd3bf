"""WebSocket ``/ws/races/open/``: the lobby's open public races, live.

On connect an ``open_races`` frame (the list ``GET /api/v1/races?status=open`` answers), then
the whole list again after every change of it (:func:`realtime.publisher.publish_open_races`).
Players only, as the REST list: without one, a ``not_authenticated`` error and close code 4401.
A private race never reaches it. Read-only.
"""

from __future__ import annotations

from games.core import clock
from games.transport.errors import NotAuthenticated

from .frames import CLOSE_UNAUTHORIZED
from .publisher import LOBBY_GROUP, lobby_frame
from .sockets import BoardSocket, run_db


class LobbySocket(BoardSocket):
    kind = "lobby"

    async def connect(self):
        if not await self.admit_watcher():
            return
        if self.player is None:
            await self.refuse(NotAuthenticated(), CLOSE_UNAUTHORIZED)
            return
        self.hold()  # a change committed while the list is read comes after it
        await self.watch(LOBBY_GROUP)
        await self.send_frame(await run_db(lambda: lobby_frame(clock.now()))())
        await self.release()

    async def disconnect(self, code):
        await self.stop_following()
        await self.unwatch()
