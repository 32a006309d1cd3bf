"""The race clock of a socket process: moves each watched race on at its moments.

A race starts running at ``starts_at`` and finishes at ``ends_at`` even if nobody acts
(SPEC §8). Every socket process that has a member of a race watching it keeps the race's next
moment here and, when it comes, settles the race (:func:`games.actions.settle_due_race`, on
the database pool). Settling is idempotent and locks the race row, so when several processes
do it at once the race still moves on once; the change is published to every process, so every
member's socket hears it within a second of the moment. Races nobody watches are settled by
the first read or act on them, or by ``manage.py settle_races``.

Time is :func:`games.core.clock.now`, re-read at least every ``TICK`` seconds, so a test that
moves the clock sees the race move on without waiting for the real moment.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import logging
import weakref

from games import actions
from games.core import clock

from .sockets import run_db

logger = logging.getLogger(__name__)

#: Longest sleep between two looks at the clock (seconds).
TICK = 0.25
#: After a failed settle, look again this much later (seconds).
RETRY = 1.0


def parse_moment(text: str | None) -> dt.datetime | None:
    return dt.datetime.fromisoformat(text.replace("Z", "+00:00")) if text else None


def next_moment(race: dict) -> dt.datetime | None:
    """The race's next moment from its representation: ``starts_at`` while counting down,
    ``ends_at`` while running, None once it has ended (or before it starts counting down)."""
    if race.get("status") == "countdown":
        return parse_moment(race.get("starts_at"))
    if race.get("status") == "running":
        return parse_moment(race.get("ends_at"))
    return None


class RaceClock:
    """Next moments of the races this event loop's sockets watch."""

    _by_loop: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()

    def __init__(self) -> None:
        self.due: dict[int, dt.datetime] = {}
        self.wake = asyncio.Event()
        self.task: asyncio.Task | None = None

    @classmethod
    def current(cls) -> RaceClock:
        loop = asyncio.get_running_loop()
        found = cls._by_loop.get(loop)
        if found is None:
            found = cls._by_loop[loop] = cls()
        return found

    def track(self, race: dict) -> None:
        """Remember the race's next moment (or forget the race once it has ended)."""
        moment = next_moment(race)
        if moment is None:
            self.due.pop(race["id"], None)
            return
        self.due[race["id"]] = moment
        if self.task is None or self.task.done():
            self.task = asyncio.ensure_future(self._run())
        self.wake.set()

    async def _run(self) -> None:
        while self.due:
            now = clock.now()
            for race_id in [rid for rid, moment in self.due.items() if moment <= now]:
                del self.due[race_id]
                await self._settle(race_id)
            if not self.due:
                break
            wait = min((m - clock.now()).total_seconds() for m in self.due.values())
            self.wake.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.wake.wait(), timeout=max(0.0, min(wait, TICK)))

    async def _settle(self, race_id: int) -> None:
        try:
            race = await run_db(actions.settle_due_race)(race_id)
        except Exception:
            logger.exception("Could not settle race %s; trying again", race_id)
            self.due[race_id] = clock.now() + dt.timedelta(seconds=RETRY)
            return
        if race is None:
            return
        moment = None
        if race.status == "countdown":
            moment = race.starts_at
        elif race.status == "running":
            moment = race.ends_at
        if moment is not None:
            self.due[race_id] = moment
