"""Refusals of the daily domain."""
from django.utils.translation import gettext_lazy as _

from games.core.errors import ServiceError


class InvalidDate(ServiceError):
    code, status = "invalid_date", 400
    default_message = _("A date is written YYYY-MM-DD, like 2026-11-30.")


class DateInFuture(ServiceError):
    code, status = "date_in_future", 400
    default_message = _("That date has not begun yet: its daily deal and leaderboard do not "
                        "exist yet.")


class DailyNotClosed(ServiceError):
    code, status = "daily_not_closed", 403
    default_message = _("The daily deal of that date is still open: its layout is shown only "
                        "after the day closes.")


class DailyClosed(ServiceError):
    code, status = "daily_closed", 409
    default_message = _("That daily deal has just closed: start today's.")


class DailyGameHidden(ServiceError):
    """Details: ``game_id``, ``opens_at``."""

    code, status = "daily_game_hidden", 403
    default_message = _("This game is of today's daily deal: only its player may watch it "
                        "until the day closes.")


class InvalidCursor(ServiceError):
    code, status = "invalid_cursor", 400
    default_message = _("This cursor is not one this leaderboard gave out: start again from "
                        "the first page.")


class InvalidPageSize(ServiceError):
    code, status = "invalid_page_size", 400
    default_message = _("A page holds 1 to 100 entries.")


class InvalidAround(ServiceError):
    code, status = "invalid_around", 400
    default_message = _("around takes only the value me.")


class NotOnLeaderboard(ServiceError):
    code, status = "not_on_leaderboard", 404
    default_message = _("You have no entry on this leaderboard (yet): a ranked attempt enters "
                        "when it ends or when the day closes.")
