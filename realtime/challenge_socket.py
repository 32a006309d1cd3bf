"""WebSocket ``/ws/challenges/{code}/``: a challenge's board, live (SPEC §11).

On connect a ``challenge_board`` frame (``?limit=`` entries, default 10), then the same frame
again after every commit that changed the board. Connecting looks the code up and so spends
``challenge_lookup`` like REST (per player, or per client address without a token); an unknown
code gets an error frame and 4404, a bad ``?limit=`` or a spent budget 4400. Read-only.
"""

from __future__ import annotations

from games.challenges import selectors as challenges
from games.core import rates
from games.core.errors import ServiceError

from .frames import CLOSE_BAD_REQUEST, CLOSE_NOT_FOUND, ChallengeBoardFrame
from .publisher import challenge_group
from .sockets import BoardSocket, run_db


class ChallengeBoardSocket(BoardSocket):
    kind = "challenge"

    async def connect(self):
        if not await self.admit_watcher():
            return
        try:
            limit = self.board_limit()
            who = self._who()
            await run_db(rates.charge)("challenge_lookup", who)
        except ServiceError as error:
            await self.refuse(error, CLOSE_BAD_REQUEST)
            return
        try:
            challenge = await run_db(challenges.challenge_by_code)(
                self.scope["url_route"]["kwargs"]["code"]
            )
        except ServiceError as error:
            await self.refuse(error, CLOSE_NOT_FOUND)
            return
        self.hold()  # changes committed while the snapshot is read come after it
        await self.watch(challenge_group(challenge.pk))
        await self.send_frame(await run_db(snapshot)(challenge.pk, challenge.code, limit))
        await self.release()

    def _who(self) -> str:
        if self.player is not None:
            return f"player:{self.player.pk}"
        client = self.scope.get("client") or ("unknown", 0)
        return f"address:{client[0]}"

    async def disconnect(self, code):
        await self.stop_following()
        await self.unwatch()


def snapshot(challenge_id: int, code: str, limit: int) -> ChallengeBoardFrame:
    top = challenges.page(challenge_id, limit)
    return ChallengeBoardFrame(code, top.total, top.results)
