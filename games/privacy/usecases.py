"""A player's data: the front door (README, *The front door*). Transports import this module,
never :mod:`.services` (an import contract)."""

from __future__ import annotations

from games.players.models import Player

from . import services


def delete_account(
    player: Player,
    *,
    password: str | None = None,
    recovery_code: str | None = None,
    confirm: bool = False,
) -> services.Erasure:
    """The account erased (its games kept anonymous, SPEC §12)."""
    return services.delete_account(
        player, password=password, recovery_code=recovery_code, confirm=confirm
    )
