"""Every model of the ``games`` app, each defined in its domain's package and registered here.

One app label, ``games``, for all of them: tables and migrations are those of a single app.
"""

from .accounts.models import Credentials, LinkCode, RecoveryCode
from .core.models import IdempotencyKey
from .daily.models import DailyBoard, DailyDeal, LeaderboardEntry
from .deals.models import DealSolution, LossAnalysis, PooledDeal
from .fairplay.models import FairPlayFlag, FairPlayReview, GameOrigin
from .moderation.models import StaffAction
from .play.models import Deal, Game, GameEvent
from .players.models import DeviceToken, Player
from .races.models import QueueEntry, Race, RaceEvent, RaceMember, Rating

__all__ = [
    "Credentials",
    "DailyBoard",
    "DailyDeal",
    "Deal",
    "DealSolution",
    "DeviceToken",
    "FairPlayFlag",
    "FairPlayReview",
    "Game",
    "GameEvent",
    "GameOrigin",
    "IdempotencyKey",
    "LeaderboardEntry",
    "LinkCode",
    "LossAnalysis",
    "Player",
    "PooledDeal",
    "RecoveryCode",
    "QueueEntry",
    "Race",
    "RaceEvent",
    "RaceMember",
    "Rating",
    "StaffAction",
]
