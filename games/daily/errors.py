"""Refusals of the daily domain."""

from django.utils.translation import gettext_lazy as _

from games.core.errors import InvalidAround, InvalidCursor, InvalidPageSize, declare

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


InvalidDate = declare(
    "invalid_date",
    400,
    _("A date is written YYYY-MM-DD, like 2026-11-30."),
    details=("date",),
    when="a date not `YYYY-MM-DD` or not in the calendar",
)

DateInFuture = declare(
    "date_in_future",
    400,
    _("That date has not begun yet: its daily deal and leaderboard do not exist yet."),
    details=("date",),
    when="a date after today (UTC)",
)

DailyNotClosed = declare(
    "daily_not_closed",
    403,
    _("The daily deal of that date is still open: its layout is shown only after the day closes."),
    details=("date",),
    when="the layout of a date that is not over",
)

DailyClosed = declare(
    "daily_closed",
    409,
    _("That daily deal has just closed: start today's."),
    details=("date",),
    when='`{"daily": true}` at the very moment the day closed',
)

DailyGameHidden = declare(
    "daily_game_hidden",
    403,
    _("This game is of today's daily deal: only its player may watch it until the day closes."),
    details=("game_id", "opens_at"),
    when="reading another player's game of an open daily deal",
)

NotOnLeaderboard = declare(
    "not_on_leaderboard",
    404,
    _(
        "You have no entry on this leaderboard (yet): a ranked attempt enters "
        "when it ends or when the day closes."
    ),
    details=("date",),
    when="`around=me` when the caller has no entry on that board",
)
