"""The staff admin: game inspector with replay, lists, verification and moderation."""

from .daily import DailyBoardAdmin, LeaderboardEntryAdmin
from .games import GameAdmin
from .players import PlayerAdmin
from .records import DealAdmin, GameEventAdmin, StaffActionAdmin

__all__ = [
    "GameAdmin",
    "PlayerAdmin",
    "DealAdmin",
    "GameEventAdmin",
    "StaffActionAdmin",
    "DailyBoardAdmin",
    "LeaderboardEntryAdmin",
]
