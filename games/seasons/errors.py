"""Refusals of seasons."""

from django.utils.translation import gettext_lazy as _

from games.core.errors import InvalidAround, InvalidCursor, InvalidPageSize, ServiceError

__all__ = [
    "InvalidAround",
    "InvalidCursor",
    "InvalidPageSize",
    "InvalidSeason",
    "NotOnSeasonBoard",
    "SeasonNotStarted",
]


class InvalidSeason(ServiceError):
    code, status = "invalid_season", 400
    default_message = _("A season is an ISO week, like 2026-W48, or a month, like 2026-11.")
    detail_fields = ("season",)
    when = "a season not `YYYY-Www` or `YYYY-MM`, or not in the calendar"


class SeasonNotStarted(ServiceError):
    code, status = "season_not_started", 404
    default_message = _("That season has not started yet: its board does not exist yet.")
    detail_fields = ("season", "starts_on")
    when = "a season whose first day is after today (UTC)"


class NotOnSeasonBoard(ServiceError):
    code, status = "not_on_season_board", 404
    default_message = _(
        "You have no entry on this season's board (yet): a ranked daily result counts "
        "once its day closes."
    )
    detail_fields = ("season",)
    when = "`around=me` when the caller has no entry on that season's board"
