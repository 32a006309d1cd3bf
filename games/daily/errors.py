"""Refusals of the daily domain."""

from django.utils.translation import gettext_lazy as _

from games.core.errors import InvalidAround, InvalidCursor, InvalidPageSize, ServiceError

__all__ = [
    "DailyClosed",
    "DailyGameHidden",
    "DailyNotClosed",
    "DateInFuture",
    "InvalidAround",
    "InvalidCursor",
    "InvalidDate",
    "InvalidPageSize",
    "NotOnLeaderboard",
]


class InvalidDate(ServiceError):
    code, status = "invalid_date", 400
    default_message = _("A date is written YYYY-MM-DD, like 2026-11-30.")
    detail_fields = ("date",)
    when = "a date not `YYYY-MM-DD` or not in the calendar"


class DateInFuture(ServiceError):
    code, status = "date_in_future", 400
    default_message = _(
        "That date has not begun yet: its daily deal and leaderboard do not exist yet."
    )
    detail_fields = ("date",)
    when = "a date after today (UTC)"


class DailyNotClosed(ServiceError):
    code, status = "daily_not_closed", 403
    default_message = _(
        "The daily deal of that date is still open: its layout is shown only after the day closes."
    )
    detail_fields = ("date",)
    when = "the layout of a date that is not over"


class DailyClosed(ServiceError):
    code, status = "daily_closed", 409
    default_message = _("That daily deal has just closed: start today's.")
    detail_fields = ("date",)
    when = '`{"daily": true}` at the very moment the day closed'


class DailyGameHidden(ServiceError):
    code, status = "daily_game_hidden", 403
    default_message = _(
        "This game is of today's daily deal: only its player may watch it until the day closes."
    )
    detail_fields = ("game_id", "opens_at")
    when = "reading another player's game of an open daily deal"


class NotOnLeaderboard(ServiceError):
    code, status = "not_on_leaderboard", 404
    default_message = _(
        "You have no entry on this leaderboard (yet): a ranked attempt enters "
        "when it ends or when the day closes."
    )
    detail_fields = ("date",)
    when = "`around=me` when the caller has no entry on that board"
