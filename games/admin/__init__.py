"""The staff admin: game inspector with replay, lists, verification, moderation and the
solver's results (deals' solutions, where games were lost, daily choices, the winnable pool)
and the fair-play queue."""

from .apps import AppAdmin
from .daily import DailyBoardAdmin, DailyDealAdmin, LeaderboardEntryAdmin
from .fairplay import FairPlayEvidenceAdmin, FairPlayFlagAdmin
from .games import GameAdmin
from .players import PlayerAdmin
from .races import RaceAdmin
from .records import DealAdmin, GameEventAdmin, PooledDealAdmin, StaffActionAdmin
from .webhooks import DeliveryAdmin, SubscriptionAdmin

__all__ = [
    "AppAdmin",
    "GameAdmin",
    "PlayerAdmin",
    "RaceAdmin",
    "DealAdmin",
    "GameEventAdmin",
    "StaffActionAdmin",
    "DailyBoardAdmin",
    "DailyDealAdmin",
    "PooledDealAdmin",
    "LeaderboardEntryAdmin",
    "FairPlayFlagAdmin",
    "FairPlayEvidenceAdmin",
    "DeliveryAdmin",
    "SubscriptionAdmin",
]
