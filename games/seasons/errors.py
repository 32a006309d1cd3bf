"""Refusals of seasons."""

from django.utils.translation import gettext_lazy as _

from games.core.errors import InvalidAround, InvalidCursor, InvalidPageSize, declare

__all__ = [
    "InvalidAround",
    "InvalidCursor",
    "InvalidPageSize",
    "InvalidSeason",
    "NotOnSeasonBoard",
    "SeasonNotStarted",
]


InvalidSeason = declare(
    "invalid_season",
    400,
    _("A season is an ISO week, like 2026-W48, or a month, like 2026-11."),
    details=("season",),
    when="a season not `YYYY-Www` or `YYYY-MM`, or not in the calendar",
)

SeasonNotStarted = declare(
    "season_not_started",
    404,
    _("That season has not started yet: its board does not exist yet."),
    details=("season", "starts_on"),
    when="a season whose first day is after today (UTC)",
)

NotOnSeasonBoard = declare(
    "not_on_season_board",
    404,
    _(
        "You have no entry on this season's board (yet): a ranked daily result counts "
        "once its day closes."
    ),
    details=("season",),
    when="`around=me` when the caller has no entry on that season's board",
)
