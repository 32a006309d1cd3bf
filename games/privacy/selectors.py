"""Reads of a player's data: whether a player was deleted (its erasure is on the audit trail)."""

from __future__ import annotations

from games.moderation.models import StaffAction

#: The audit entry of an erasure (by the player or by staff), on ``player:<id>``.
DELETE_ACTION = "delete_account"
#: The audit entry of an archive staff made of a player.
EXPORT_ACTION = "export_account"


def target_of(player_id: int) -> str:
    return f"player:{player_id}"


def deletion_of(player_id: int) -> StaffAction | None:
    """The record of the player's erasure (who, when, why), or None while it is not erased."""
    return (
        StaffAction.objects.filter(action=DELETE_ACTION, target=target_of(player_id))
        .select_related("actor")
        .order_by("created_at", "id")
        .first()
    )


def is_deleted(player_id: int) -> bool:
    return StaffAction.objects.filter(action=DELETE_ACTION, target=target_of(player_id)).exists()
