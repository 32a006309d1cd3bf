"""Refusals of moderation (staff actions)."""

from django.utils.translation import gettext_lazy as _

from games.core.errors import ServiceError


class ModerationError(ServiceError):
    """Base of the refusals of a staff action."""


class ReasonRequired(ModerationError):
    code, status = "reason_required", 400
    default_message = _("Give a reason: it is recorded with the action.")
    when = "a staff action without a reason, or with one longer than 500 characters"


class NotRanked(ModerationError):
    code, status = "not_ranked", 400
    default_message = _("This game is not a ranked attempt: it is on no leaderboard.")
    detail_fields = ("game_id",)
    when = "disqualifying a game that is not a ranked attempt"


class AlreadyDisqualified(ModerationError):
    code, status = "already_disqualified", 409
    default_message = _("This game is already disqualified.")
    detail_fields = ("game_id",)
    when = "disqualifying a game twice"


class NotDisqualified(ModerationError):
    code, status = "not_disqualified", 409
    default_message = _("This game is not disqualified.")
    detail_fields = ("game_id",)
    when = "reinstating a game that is not disqualified"


class AlreadySuspended(ModerationError):
    code, status = "already_suspended", 409
    default_message = _("This player is already suspended.")
    detail_fields = ("player_id",)
    when = "suspending a suspended player"


class NotSuspended(ModerationError):
    code, status = "not_suspended", 409
    default_message = _("This player is not suspended.")
    detail_fields = ("player_id",)
    when = "unsuspending a player who is not suspended"


class AlreadyLocked(ModerationError):
    code, status = "already_locked", 409
    default_message = _("This account is already locked.")
    detail_fields = ("player_id",)
    when = "locking a locked account"


class NotLocked(ModerationError):
    code, status = "not_locked", 409
    default_message = _("This account is not locked.")
    detail_fields = ("player_id",)
    when = "unlocking an account that is not locked"
