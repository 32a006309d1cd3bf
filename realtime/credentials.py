"""Open sockets never outlive their credentials.

Two mechanisms, both needed:

* **Per action**: before a socket action runs, the socket's token is read again with the one
  query REST pays per request (:func:`current_player`): a token revoked, or a player suspended,
  before the action arrives refuses it, in whatever process the revocation happened; the
  player's settings (``move_errors``, ``placement_aid``, ``language``) come with that read.
* **Live**: every socket of a player listens on the player's credentials group
  (:func:`realtime.publisher.credentials_group`). Revoked tokens
  (``games.core.signals.tokens_revoked``) close the sockets opened with them at once (4401
  after a `token_revoked` frame), a suspension closes all of the player's sockets (4403 after
  `token_suspended`), a deleted account closes all of them (4401 after `token_revoked`), and
  new settings apply to the next frames without a reload. Across processes through Redis, like
  every change.
"""

from __future__ import annotations

import json
import logging

from games.oauth import authentication as apps
from games.players.authentication import still_valid
from games.players.errors import TokenSuspended
from games.players.models import Player
from games.players.selectors import player_by_id
from games.transport.errors import TokenRevoked

from .publisher import credentials_group
from .relay import Relay

logger = logging.getLogger(__name__)

#: The player fields that follow the player's settings while a socket is open.
FOLLOWED = ("name", "move_errors", "placement_aid", "language")


def current_player(player: Player) -> Player:
    """The socket's player read again (on a database thread) before an action: raises
    TokenRevoked once its token is gone, TokenSuspended while suspended; ``player`` takes the
    stored settings."""
    if player.token_id is not None:
        fresh = still_valid(player.token_id)
        if fresh is None:
            raise TokenRevoked()
    elif player.app_token_id is not None:  # an app's token (games.oauth)
        fresh = apps.still_valid(player.app_token_id)
        if fresh is None:
            raise TokenRevoked()
    else:  # the browser session of a Django user
        fresh = player_by_id(player.pk)
        if fresh.user_id is None or fresh.user_id != player.user_id:  # unlinked: deleted
            raise TokenRevoked()
        if fresh.suspended_at is not None:
            raise TokenSuspended("This player is suspended by the staff.")
    for name in FOLLOWED:
        setattr(player, name, getattr(fresh, name))
    return player


class CredentialsWatch:
    """A socket's subscription to its player's group: forwards revocations, suspension and
    settings to ``socket.lose_credentials(error)`` and ``socket.follow_settings(settings)``."""

    def __init__(self, socket, player: Player) -> None:
        self.socket, self.player = socket, player
        self.group = credentials_group(player.pk)
        self.relay: Relay | None = None

    async def start(self) -> None:
        self.relay = Relay.current()
        await self.relay.watch(self.group, self)

    async def stop(self) -> None:
        if self.relay is not None:
            await self.relay.unwatch(self.group, self)
            self.relay = None

    async def forward(self, text: str, owner_frame: str | None = None) -> None:
        """A notice from the relay (not a frame: the client never sees it as it is)."""
        notice = json.loads(text)
        if notice.get("notice") == "revoked":
            if self.player.token_id is not None and self.player.token_id in notice["token_ids"]:
                await self.socket.lose_credentials(TokenRevoked())
            app_token_id = self.player.app_token_id
            if app_token_id is not None and app_token_id in notice.get("app_token_ids", ()):
                await self.socket.lose_credentials(TokenRevoked())
        elif notice.get("notice") == "deleted":
            await self.socket.lose_credentials(TokenRevoked())
        elif notice.get("notice") == "player":
            if notice["suspended"]:
                await self.socket.lose_credentials(
                    TokenSuspended("This player is suspended by the staff.")
                )
            else:
                self.socket.follow_settings(notice["settings"])
        else:
            logger.warning("Unknown notice on %s: %r", self.group, notice.get("notice"))
