"""WebSocket ``/ws/me/``: the player's own channel.

A ``matched`` frame when the quick-match queue forms a race for the player (and on connect
while such a race is unfinished). Players only: without one, a ``not_authenticated`` error and
close code 4401. Read-only.
"""

from __future__ import annotations

from games.races import matchmaking
from games.races.selectors import race_for
from games.transport.errors import NotAuthenticated

from .frames import CLOSE_UNAUTHORIZED, MatchedFrame
from .publisher import player_group
from .sockets import ReadOnlySocketMixin, Socket, run_db
from .throttling import MessageRateLimiter


class MeSocket(ReadOnlySocketMixin, Socket):
    kind = "me"

    async def connect(self):
        self.limiter = MessageRateLimiter()
        if not await self.admit():
            return
        if self.player is None:
            await self.refuse(NotAuthenticated(), CLOSE_UNAUTHORIZED)
            return
        await self.watch(player_group(self.player.pk))
        race = await run_db(self.matched)()
        if race is not None:
            await self.send_frame(MatchedFrame(race))

    def matched(self) -> dict | None:
        race = matchmaking.matched_race(self.player)  # settled first
        return race_for(self.player, race.pk) if race is not None else None

    async def disconnect(self, code):
        await self.unwatch()
        await self.stop_following()
