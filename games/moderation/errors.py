"""Refusals of moderation (staff actions)."""

from django.utils.translation import gettext_lazy as _

from games.core.errors import ServiceError, declare


class ModerationError(ServiceError):
    """Base of the refusals of a staff action."""


ReasonRequired = declare(
    "reason_required",
    400,
    _("Give a reason: it is recorded with the action."),
    when="a staff action without a reason, or with one longer than 500 characters",
    base=ModerationError,
)

NotRanked = declare(
    "not_ranked",
    400,
    _("This game is not a ranked attempt: it is on no leaderboard."),
    details=("game_id",),
    when="disqualifying a game that is not a ranked attempt",
    base=ModerationError,
)

AlreadyDisqualified = declare(
    "already_disqualified",
    409,
    _("This game is already disqualified."),
    details=("game_id",),
    when="disqualifying a game twice",
    base=ModerationError,
)

NotDisqualified = declare(
    "not_disqualified",
    409,
    _("This game is not disqualified."),
    details=("game_id",),
    when="reinstating a game that is not disqualified",
    base=ModerationError,
)

AlreadySuspended = declare(
    "already_suspended",
    409,
    _("This player is already suspended."),
    details=("player_id",),
    when="suspending a suspended player",
    base=ModerationError,
)

NotSuspended = declare(
    "not_suspended",
    409,
    _("This player is not suspended."),
    details=("player_id",),
    when="unsuspending a player who is not suspended",
    base=ModerationError,
)

AlreadyLocked = declare(
    "already_locked",
    409,
    _("This account is already locked."),
    details=("player_id",),
    when="locking a locked account",
    base=ModerationError,
)

NotLocked = declare(
    "not_locked",
    409,
    _("This account is not locked."),
    details=("player_id",),
    when="unlocking an account that is not locked",
    base=ModerationError,
)
