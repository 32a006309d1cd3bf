"""WebSocket ``/ws/races/{id}/``: a race, live, for its members (and staff).

On connect the race as this member sees it; then a race frame after every change, each with
this member's own ``game_id`` filled in (the others' stay hidden until the race ends).
Read-only: members act over REST and on their own game's socket. The process's race clock
(:mod:`realtime.race_clock`) moves the race on at its moments.
"""

from __future__ import annotations

import json

from games import actions
from games.core.errors import ServiceError
from games.races.presentation import GAMES_KEY, for_viewer

from .frames import CLOSE_NOT_FOUND, RaceFrame, dumps
from .publisher import race_group
from .race_clock import RaceClock
from .sockets import ReadOnlySocketMixin, Socket, run_db
from .throttling import MessageRateLimiter


class RaceSocket(ReadOnlySocketMixin, Socket):
    kind = "race"

    async def connect(self):
        self.limiter = MessageRateLimiter()
        self.race_id = int(self.scope["url_route"]["kwargs"]["race_id"])
        self.group = race_group(self.race_id)
        self.version = 0
        if not await self.admit():
            return
        self.hold()  # changes that arrive before the snapshot follow it
        await self.watch(self.group)
        try:
            race = await run_db(actions.race_for)(self.player, self.race_id)  # settled, then read
        except ServiceError as error:
            await self.unwatch()
            await self.stop_following()
            await self.refuse(error, CLOSE_NOT_FOUND)
            return
        await self.send_race(race)
        await self.release()

    async def send_race(self, race: dict) -> None:
        if race["version"] <= self.version:
            return  # a change that raced the snapshot, already in it
        self.version = race["version"]
        RaceClock.current().track(race)
        await self.send_frame(RaceFrame(race))

    async def disconnect(self, code):
        await self.unwatch()
        await self.stop_following()

    async def deliver(self, frame: str, owner_frame: str | None = None) -> None:
        """A change of this race: this member's view of it."""
        content = json.loads(frame)
        games = content.pop(GAMES_KEY, {})
        race = content["race"]
        for_viewer(race, getattr(self.player, "pk", None), games)
        if race["version"] > self.version:
            self.version = race["version"]
            RaceClock.current().track(race)
        # Sent even when older than one already sent: consecutive changes committed on two
        # processes may be published in the other order; the client keeps the newest.
        await self.send(text_data=dumps(content))
