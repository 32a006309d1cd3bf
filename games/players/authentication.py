"""Who a token is: the one check every authenticated request and socket runs.

One literal query finds the player by the token's hash (``selectors.PLAYER_BY_TOKEN_HASH``);
the token's last use is written back at most once a minute (``services.touch_token``).
"""

from __future__ import annotations

from . import selectors, services
from .errors import TokenSuspended
from .models import Player


def authenticate(token: str | None) -> Player | None:
    """The player of a device token (``token_id`` set), None when the token is unknown or
    revoked; raises TokenSuspended while staff suspend the player."""
    found = selectors.player_for_token(token)
    if found is None:
        return None
    player, last_used_at = found
    if player.suspended_at is not None:
        raise TokenSuspended("This player's token is suspended by the staff.")
    if player.token_id is not None:
        services.touch_token(player.token_id, last_used_at)
    return player


def still_valid(token_id: int) -> Player | None:
    """The player of a token that was valid before, read again (a socket, once it listens for
    revocations); None once revoked. Raises TokenSuspended as :func:`authenticate`."""
    found = selectors.player_for_token_id(token_id)
    if found is None:
        return None
    player = found[0]
    if player.suspended_at is not None:
        raise TokenSuspended("This player's token is suspended by the staff.")
    return player
