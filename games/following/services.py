"""Every change of following: follow and unfollow, each one transaction under the follower's
row lock, so one player's follows and unfollows queue and a follow racing an unfollow of the
same player ends as whichever committed last (never both, never a duplicate row). Following is
idempotent: following someone already followed changes nothing, and so does unfollowing
someone not followed. Nothing is published: a follow shows on no one else's screen."""

from __future__ import annotations

from django.db import transaction

from games.players.models import Player

from .errors import CannotFollowSelf, FollowingLimit
from .models import Follow

#: The most players one may follow (a board among them stays a small read).
MAX_FOLLOWING = 1000


def follow(player: Player, other: Player) -> tuple[Follow, bool]:
    """``player`` follows ``other``: (the follow, whether it is new)."""
    if other.pk == player.pk:
        raise CannotFollowSelf()
    with transaction.atomic():
        Player.objects.select_for_update().filter(pk=player.pk).exists()
        existing = Follow.objects.filter(follower=player, followed=other).first()
        if existing is not None:
            return existing, False
        if Follow.objects.filter(follower=player).count() >= MAX_FOLLOWING:
            raise FollowingLimit(limit=MAX_FOLLOWING)
        return Follow.objects.create(follower=player, followed=other), True


def unfollow(player: Player, other: Player) -> bool:
    """``player`` no longer follows ``other``: whether they did."""
    with transaction.atomic():
        Player.objects.select_for_update().filter(pk=player.pk).exists()
        deleted, _ = Follow.objects.filter(follower=player, followed=other).delete()
    return bool(deleted)
