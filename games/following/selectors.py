"""Reads of following: whom a player follows, and the ids a board is filtered to."""

from __future__ import annotations

from django.db.models import QuerySet

from games.accounts.models import Credentials
from games.accounts.usernames import username_key
from games.players.models import Player

from .errors import UnknownUsername
from .models import Follow


def following(player: Player) -> QuerySet[Follow]:
    """The player's follows, newest first (keyset pages on ``id``)."""
    return Follow.objects.filter(follower=player).select_related("followed")


def among_following(player: Player) -> frozenset[int]:
    """The ids a board ``?among=following`` keeps: the people the player follows and the
    player."""
    ids = Follow.objects.filter(follower=player).values_list("followed_id", flat=True)
    return frozenset([player.pk, *ids])


def follows(player: Player, other_id: int) -> bool:
    return Follow.objects.filter(follower=player, followed_id=other_id).exists()


def player_by_username(raw: object) -> Player:
    """The player whose account has this username (any case), or ``unknown_username``:
    the same for a malformed, a reserved and an unused name."""
    key = username_key(str(raw or ""))[:90]
    credentials = Credentials.objects.select_related("player").filter(username_key=key).first()
    if credentials is None:
        raise UnknownUsername()
    return credentials.player
