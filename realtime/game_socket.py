"""WebSocket ``/ws/games/{id}/``: a snapshot on connect, then every change; the owner may act.

Frames from the client: ``{"action": "move"|"tap"|"undo"|"resign", ...}`` with optional
``expected_version`` and ``request_id``, each action's keys declared once in
:mod:`games.play.inputs` for every transport and read through :mod:`realtime.frames`
(``MoveAction`` …): a key the action does not declare is refused as REST refuses an unknown
body field, a value of the wrong type or bounds with the problem its declaration names.
Replies (:mod:`realtime.frames`): a result frame to the sender, a game frame to every watcher,
an error frame for anything refused, echoing the frame's ``request_id`` whenever the frame
could be read; the connection stays open after an error, unless the socket's credentials are
lost (4401/4403).
"""

from __future__ import annotations

import json

from channels.consumer import get_handler_name
from django.conf import settings
from django.utils import translation

from games import actions
from games.actions import GAME_ACTIONS
from games.core import metrics, rates
from games.core.availability import RETRY_AFTER
from games.core.errors import InvalidRequest, ServiceError, Throttled, retry_seconds
from games.engine import EngineError
from games.play.errors import NotYourGame
from games.play.presentation import game_view, removal_payload, tap_payload
from games.players.errors import TokenSuspended
from games.transport.errors import (
    InvalidJson,
    NotAuthenticated,
    RequestTooLarge,
    ServiceUnavailable,
    TokenRevoked,
    UnknownAction,
)

from .credentials import current_player
from .frames import (
    ACTIONS_BY_NAME,
    CLOSE_FORBIDDEN,
    CLOSE_NOT_FOUND,
    GameFrame,
    MoveResultFrame,
    ResignResultFrame,
    TapResultFrame,
    UndoResultFrame,
)
from .publisher import game_group
from .sockets import Socket, run_db
from .throttling import MessageRateLimiter


class GameSocket(Socket):
    kind = "game"

    async def connect(self):
        self.game_id = int(self.scope["url_route"]["kwargs"]["game_id"])
        self.group = game_group(self.game_id)
        self.limiter = MessageRateLimiter()
        if not await self.admit():
            return
        self.hold()  # changes that arrive before the snapshot follow it
        await self.watch(self.group)
        try:
            game, snapshot = await run_db(watched_game)(self.player, self.game_id)
        except ServiceError as error:
            await self.unwatch()
            await self.stop_following()
            await self.refuse(
                error, CLOSE_NOT_FOUND if error.code == "game_not_found" else CLOSE_FORBIDDEN
            )
            return
        self.owner_id = game.owner_id
        self.is_owner = self.player is not None and self.player.pk == game.owner_id
        await self.send_frame(GameFrame(snapshot))
        await self.release()

    async def disconnect(self, code):
        await self.stop_following()
        await self.unwatch()

    async def deliver(self, frame: str, owner_frame: str | None = None) -> None:
        """A change of this game: the owner's sockets take the owner's frame when the change
        has one (nothing once the socket's credentials are lost: it is closing)."""
        if self.credentials_lost is not None:
            return
        if owner_frame is not None and self.is_owner:
            await self.send_shared(owner_frame)
        else:
            await self.send_shared(frame)

    async def dispatch(self, message):
        """Frames from the client skip Channels' per-message ``close_old_connections``: that
        hop to the one shared sync thread serialised every move of the process; the handlers
        reach the database only through ``run_db``, which checks the connections itself."""
        if message["type"] == "websocket.receive":
            return await getattr(self, get_handler_name(message))(message)
        return await super().dispatch(message)

    async def receive(self, text_data=None, bytes_data=None):
        if self.credentials_lost is not None:
            return  # closing: nothing more is answered
        raw = text_data if text_data is not None else bytes_data
        wait = self.limiter.allow()
        if len(raw) > settings.HALFMOON_MAX_BODY_BYTES:
            return await self.send_exception(RequestTooLarge())
        try:
            frame = json.loads(raw)
        except (ValueError, RecursionError):  # RecursionError: nested too deeply
            return await self.send_exception(InvalidJson())
        request_id = frame.get("request_id") if isinstance(frame, dict) else None
        if request_id is not None and not _readable_request_id(request_id):
            if wait:
                return await self.send_exception(Throttled(retry_after=retry_seconds(wait)))
            return await self.send_exception(
                InvalidRequest(
                    fields={"request_id": ["A string or number of at most 64 characters."]}
                )
            )
        if wait:
            return await self.send_exception(Throttled(retry_after=retry_seconds(wait)), request_id)
        if not isinstance(frame, dict):
            return await self.send_exception(
                InvalidRequest(fields={"non_field_errors": ["A frame is a JSON object."]})
            )
        # The actor hears its answer first: a change's `game` frame reaching this socket
        # before its `result` (the relay may deliver it while the action is answered) waits.
        self.hold()
        try:
            try:
                reply = await self.act(frame, request_id)
            except (TokenRevoked, TokenSuspended) as error:
                return await self.lose_credentials(error)
            except (EngineError, ServiceError) as error:
                return await self.send_exception(error, request_id)
            except metrics.DATABASE_ERRORS as error:
                if not metrics.database_unavailable(error):
                    raise
                # The database is away (a failover): nothing was applied, or all of it; the
                # socket stays, and the client tries again from the game as it reads it.
                unavailable = ServiceUnavailable(retry_after=RETRY_AFTER)
                return await self.send_exception(unavailable, request_id)
            await self.send_frame(reply)
        finally:
            await self.release()

    async def act(self, frame: dict, request_id):
        """The frame's action, by the owner, checked against its declaration
        (:data:`ACTIONS_BY_NAME`, :meth:`~realtime.frames.ClientAction.values`); the reply to
        send."""
        if "action" not in frame:
            raise InvalidRequest(fields={"action": ["This field is required."]})
        action = frame["action"]
        declared = ACTIONS_BY_NAME.get(action) if isinstance(action, str) else None
        if declared is None:
            if not isinstance(action, str):
                raise InvalidRequest(fields={"action": ["A string: move, tap, undo or resign."]})
            raise UnknownAction(action=action[:20])
        if self.player is None:
            raise NotAuthenticated()
        if self.player.pk != self.owner_id:
            raise NotYourGame(game_id=self.game_id)
        # Unknown keys (as REST's StrictSerializer refuses them), then each declared key.
        values = declared.values(frame)
        # The same use case as REST's (games.actions.GAME_ACTIONS); the reply in the socket's
        # own frame.
        game_action = GAME_ACTIONS[declared.name]
        outcome = await self.charged(game_action.run)(self.player, self.game_id, values)
        if game_action.removed(outcome):
            metrics.moves_applied(metrics.SOCKET)
        return self.result_frame(declared.name, outcome, request_id)

    def charged(self, action):
        """``action`` on the database pool, for the socket's player read again (its token may
        have been revoked, the player suspended or its settings changed since the last frame:
        :func:`realtime.credentials.current_player`), paid from the player's one budget of game
        actions (``game_action``, shared with REST across every socket and process)."""

        def run(player, *args):
            current_player(player)
            rates.charge("game_action", player.pk)
            return action(player, *args)

        return run_db(run)

    def result_frame(self, name: str, outcome, request_id):
        """The owner's reply to an applied action (its ``result`` frame)."""
        if name == "move":
            removal = removal_payload(outcome.result)
            return MoveResultFrame("move", outcome.owner_payload, removal, request_id)
        if name == "undo":
            removal = removal_payload(outcome.result)
            return UndoResultFrame("undo", outcome.owner_payload, removal, request_id)
        if name == "resign":
            return ResignResultFrame("resign", outcome.owner_payload, request_id)
        with translation.override(self.language):
            return TapResultFrame("tap", **tap_payload(outcome, self.player), request_id=request_id)


def watched_game(viewer, game_id: int):
    """The game if ``viewer`` may watch it, and its snapshot as ``viewer`` sees it: one trip
    to the database pool for a socket's connect."""
    game = actions.game_for_watching(viewer, game_id)
    return game, game_view(game, viewer)


def _readable_request_id(request_id) -> bool:
    """A string or number (not a boolean) of at most 64 characters."""
    return (
        isinstance(request_id, (str, int))
        and not isinstance(request_id, bool)
        and len(str(request_id)) <= 64
    )
