"""Reads of the accounts domain."""

from __future__ import annotations

from games.players.models import Player

from .errors import NoCredentials
from .models import Credentials, RecoveryCode


def credentials_of(player: Player) -> Credentials:
    """The player's credentials, or NoCredentials for an anonymous player."""
    credentials = Credentials.objects.filter(player=player).first()
    if credentials is None:
        raise NoCredentials()
    return credentials


def recovery_codes_left(credentials: Credentials) -> int:
    return RecoveryCode.objects.filter(credentials=credentials, used_at__isnull=True).count()
