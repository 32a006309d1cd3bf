"""Refusals of following."""

from django.utils.translation import gettext_lazy as _

from games.core.errors import ServiceError
from games.players.errors import PlayerNotFound

__all__ = ["CannotFollowSelf", "FollowingLimit", "PlayerNotFound", "UnknownUsername"]


class CannotFollowSelf(ServiceError):
    code, status = "cannot_follow_self", 400
    default_message = _("You cannot follow yourself: you are always among the people you follow.")
    when = "following oneself (by id or by one's own username)"


class UnknownUsername(ServiceError):
    code, status = "unknown_username", 404
    default_message = _("No player has this username.")
    when = (
        "following by a username no account has (a reserved one too): no more than sign-up's "
        "`username_unavailable` already tells, and throttled like every follow"
    )


class FollowingLimit(ServiceError):
    code, status = "following_limit", 409
    default_message = _("You follow as many players as one may: unfollow someone first.")
    detail_fields = ("limit",)
    when = "following one more player than `MAX_FOLLOWING` (1,000)"
