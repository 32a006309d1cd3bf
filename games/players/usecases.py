"""The players' front door: what a transport may change of a player and their device tokens.
One function per action, each calling the domain's service (README, *The front door*);
transports import this module, never :mod:`.services` (an import contract)."""

from __future__ import annotations

from typing import Any

from . import services
from .models import DeviceToken, Player


def create_player(name: str, device: object = "") -> tuple[Player, str]:
    """A new player and its first device token."""
    return services.create_player(name, device)


def update_settings(player: Player, **changes: Any) -> Player:
    """The player's name, language and play settings changed."""
    return services.update_settings(player, **changes)


def rotate_token(player: Player) -> str:
    """This device's token replaced by a new one."""
    return services.rotate_token(player)


def rename_token(player: Player, token_id: object, device: object = None) -> DeviceToken:
    """A device of the player renamed."""
    return services.rename_token(player, token_id, device)


def revoke_token(player: Player, token_id: object) -> None:
    """A device of the player signed out."""
    services.revoke_token(player, token_id)


def revoke_other_tokens(player: Player) -> list[int]:
    """Every other device of the player signed out."""
    return services.revoke_other_tokens(player)
