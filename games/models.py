"""Every model of the ``games`` app, each defined in its domain's package and registered here.

One app label, ``games``, for all of them: tables and migrations are those of a single app.
"""

from .accounts.models import Credentials, LinkCode, RecoveryCode
from .daily.models import DailyBoard, LeaderboardEntry
from .moderation.models import StaffAction
from .play.models import Deal, Game, GameEvent
from .players.models import DeviceToken, Player

__all__ = [
    "Credentials",
    "LinkCode",
    "RecoveryCode",
    "DailyBoard",
    "Deal",
    "DeviceToken",
    "Game",
    "GameEvent",
    "LeaderboardEntry",
    "Player",
    "StaffAction",
]
