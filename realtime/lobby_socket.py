"""WebSocket ``/ws/races/open/``: the lobby's open public races, live.

On connect an ``open_races`` frame (the list ``GET /api/v1/races?status=open`` answers), then
the whole list again after every change of it (:func:`realtime.publisher.publish_open_races`).
Anyone may watch: the list is public, and a private race never reaches it. Read-only.
"""

from __future__ import annotations

from games.core import clock

from .publisher import LOBBY_GROUP, lobby_frame
from .sockets import BoardSocket, run_db


class LobbySocket(BoardSocket):
    kind = "lobby"

    async def connect(self):
        if not await self.admit_watcher():
            return
        self.hold()  # a change committed while the list is read comes after it
        await self.watch(LOBBY_GROUP)
        await self.send_frame(await run_db(lambda: lobby_frame(clock.now()))())
        await self.release()

    async def disconnect(self, code):
        await self.stop_following()
        await self.unwatch()
