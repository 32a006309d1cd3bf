"""Refusals of the challenges domain."""

from django.utils.translation import gettext_lazy as _

from games.core.errors import InvalidCursor, declare

__all__ = [
    "ChallengeDailyOpen",
    "ChallengeGameNotOver",
    "ChallengeGamePrivate",
    "ChallengeNotFound",
    "InvalidCursor",
]


ChallengeNotFound = declare(
    "challenge_not_found",
    404,
    _("There is no such challenge: check the link."),
    when="a challenge code that names no challenge (every lookup spends `challenge_lookup`)",
)

ChallengeGameNotOver = declare(
    "challenge_game_not_over",
    409,
    _("A challenge is made of a game that has ended: win or resign it first."),
    details=("game_id",),
    when="a challenge of a game that is not won or resigned (a stalled game can still undo)",
)

ChallengeDailyOpen = declare(
    "challenge_daily_open",
    409,
    _("Today's daily deal is hidden until the day closes: challenge with it after that."),
    details=("game_id", "opens_at"),
    when="a challenge of a game of a daily deal whose day has not closed",
)

ChallengeGamePrivate = declare(
    "challenge_game_private",
    409,
    _("A game played at a challenge cannot be made watchable: its challenge decides who sees it."),
    details=("game_id",),
    when="`PATCH /games/{id}` `watchable` on a game played at a challenge (it would show the deal "
    "to challengers who have not started, and a line to those playing)",
)
