"""Following's front door (README, *The front door*): transports import this module, never
:mod:`.services` (an import contract)."""

from __future__ import annotations

from games.players.models import Player

from . import services
from .models import Follow


def follow(player: Player, other: Player) -> tuple[Follow, bool]:
    """``player`` follows ``other`` (True when new)."""
    return services.follow(player, other)


def unfollow(player: Player, other: Player) -> bool:
    """``player`` no longer follows ``other`` (True when they did)."""
    return services.unfollow(player, other)
