"""Refusals of following."""

from django.utils.translation import gettext_lazy as _

from games.core.errors import declare
from games.players.errors import PlayerNotFound

__all__ = ["CannotFollowSelf", "FollowingLimit", "PlayerNotFound", "UnknownUsername"]


CannotFollowSelf = declare(
    "cannot_follow_self",
    400,
    _("You cannot follow yourself: you are always among the people you follow."),
    when="following oneself (by id or by one's own username)",
)

UnknownUsername = declare(
    "unknown_username",
    404,
    _("No player has this username."),
    when="following by a username no account has (a reserved one too): no more than sign-up's "
    "`username_unavailable` already tells, and throttled like every follow",
)

FollowingLimit = declare(
    "following_limit",
    409,
    _("You follow as many players as one may: unfollow someone first."),
    details=("limit",),
    when="following one more player than `MAX_FOLLOWING` (1,000)",
)
