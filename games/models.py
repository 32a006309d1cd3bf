"""Every model of the ``games`` app, each defined in its domain's package and registered here.

One app label, ``games``, for all of them: tables and migrations are those of a single app.
"""

from .accounts.models import Credentials, LinkCode, RecoveryCode
from .challenges.models import Challenge, ChallengeAttempt
from .daily.models import DailyBoard, DailyDeal, LeaderboardEntry
from .deals.models import DealSolution, LossAnalysis, PooledDeal
from .fairplay.models import (
    FairPlayEvidence,
    FairPlayFlag,
    FairPlayReview,
    FairPlayWin,
    GameOrigin,
)
from .following.models import Follow
from .moderation.models import StaffAction
from .oauth.models import AppPolicy, SpentGrant
from .play.models import Deal, Game, GameEvent
from .players.models import DeviceToken, Player
from .races.models import QueueEntry, Race, RaceEvent, RaceMember, Rating
from .seasons.models import Season, SeasonEntry
from .transport.models import IdempotencyKey
from .webhooks.models import Delivery, DeliveryAttempt, Subscription

__all__ = [
    "AppPolicy",
    "Challenge",
    "ChallengeAttempt",
    "Credentials",
    "DailyBoard",
    "DailyDeal",
    "Deal",
    "DealSolution",
    "Delivery",
    "DeliveryAttempt",
    "DeviceToken",
    "FairPlayFlag",
    "FairPlayReview",
    "FairPlayEvidence",
    "FairPlayWin",
    "Follow",
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
    "Season",
    "SeasonEntry",
    "SpentGrant",
    "StaffAction",
    "Subscription",
]
