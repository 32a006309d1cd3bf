"""Reads of the players domain."""

from __future__ import annotations

from django.db import connection

from games.core.rows import instance

from .errors import PlayerNotFound, TokenSuspended
from .models import Player
from .tokens import MAX_TOKEN_LENGTH, hash_token

#: ``Player``'s columns in field order (checked against the model by a test).
PLAYER_COLUMNS = (
    "id",
    "name",
    "name_skeleton",
    "token_hash",
    "user_id",
    "move_errors",
    "placement_aid",
    "language",
    "created_at",
    "suspended_at",
    "suspended_reason",
    "winnable_deals",
)
#: Every authenticated request runs this: literal SQL, prepared by the connection on PostgreSQL.
PLAYER_BY_TOKEN_HASH = (
    "SELECT id, name, name_skeleton, token_hash, user_id, move_errors, placement_aid, language, "
    "created_at, suspended_at, suspended_reason, winnable_deals FROM games_player "
    "WHERE token_hash = %s"
)


def player_for_token(token: str | None) -> Player | None:
    """The player of an API token, None when unknown; raises TokenSuspended when suspended."""
    if not token or len(token) > MAX_TOKEN_LENGTH:
        return None
    with connection.cursor() as cursor:
        cursor.execute(PLAYER_BY_TOKEN_HASH, [hash_token(token)])
        row = cursor.fetchone()
    player = instance(Player, row) if row is not None else None
    if player is not None and player.suspended_at is not None:
        raise TokenSuspended("This player's token is suspended by the staff.")
    return player


def player_by_id(player_id) -> Player:
    try:
        return Player.objects.get(pk=player_id)
    except (Player.DoesNotExist, ValueError, TypeError):
        raise PlayerNotFound(f"There is no player {player_id}.", player_id=player_id) from None
