"""Reads of the players domain."""

from __future__ import annotations

import datetime as dt

from django.db import connection
from django.db.models import QuerySet

from games.core.rows import field_value, instance
from games.core.transactions import retried

from .errors import PlayerNotFound
from .models import DeviceToken, Player
from .tokens import MAX_TOKEN_LENGTH, hash_token

#: ``Player``'s columns in field order (checked against the model by a test).
PLAYER_COLUMNS = (
    "id",
    "name",
    "name_skeleton",
    "user_id",
    "move_errors",
    "placement_aid",
    "language",
    "created_at",
    "suspended_at",
    "suspended_reason",
)
_SELECT_PLAYER_AND_TOKEN = (
    "SELECT p.id, p.name, p.name_skeleton, p.user_id, p.move_errors, p.placement_aid, "
    "p.language, p.created_at, p.suspended_at, p.suspended_reason, "
    "t.id, t.last_used_at FROM games_devicetoken t JOIN games_player p ON p.id = t.player_id"
)
#: Every authenticated request runs this: literal SQL, prepared by the connection on PostgreSQL.
PLAYER_BY_TOKEN_HASH = _SELECT_PLAYER_AND_TOKEN + " WHERE t.token_hash = %s"
#: A socket checks its token again once it listens for revocations (``realtime.credentials``).
PLAYER_BY_TOKEN_ID = _SELECT_PLAYER_AND_TOKEN + " WHERE t.id = %s"


def player_for_token(token: str | None) -> tuple[Player, dt.datetime] | None:
    """The player of an API token (its ``token_id`` set) and the token's last use; None when the
    token is unknown or revoked. One query. Suspension is the caller's to check."""
    if not token or len(token) > MAX_TOKEN_LENGTH:
        return None
    return _player_and_token(PLAYER_BY_TOKEN_HASH, hash_token(token))


def player_for_token_id(token_id: int) -> tuple[Player, dt.datetime] | None:
    """As :func:`player_for_token`, by the token's id (None once it is revoked)."""
    return _player_and_token(PLAYER_BY_TOKEN_ID, token_id)


# A read, so run again after the database went away under it (a switchover's shutdown cutting
# the kept connection before a request's first query): one statement, no BEGIN/COMMIT.
@retried(idempotent=True, statement=True)
def _player_and_token(sql: str, key: int | str) -> tuple[Player, dt.datetime] | None:
    with connection.cursor() as cursor:
        cursor.execute(sql, [key])
        row = cursor.fetchone()
    if row is None:
        return None
    player = instance(Player, row[: len(PLAYER_COLUMNS)])
    player.token_id = row[-2]
    return player, field_value(DeviceToken, "last_used_at", row[-1])


def tokens_query(player: Player) -> QuerySet[DeviceToken]:
    """The player's device tokens (to page through by id)."""
    return DeviceToken.objects.filter(player=player)


def tokens_of(player: Player) -> list[DeviceToken]:
    """The player's device tokens, oldest first."""
    return list(DeviceToken.objects.filter(player=player).order_by("id"))


def player_by_id(player_id) -> Player:
    try:
        return Player.objects.get(pk=player_id)
    except (Player.DoesNotExist, ValueError, TypeError):
        raise PlayerNotFound(f"There is no player {player_id}.", player_id=player_id) from None


def is_staff(viewer: Player | None) -> bool:
    """Whether the player is staff's: linked to a user account that is staff."""
    return bool(viewer is not None and viewer.user_id and viewer.user and viewer.user.is_staff)
