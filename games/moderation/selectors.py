"""Reads of moderation: the audit trail."""

from __future__ import annotations

from .models import StaffAction


def actions_on(target: str, limit: int = 50) -> list[StaffAction]:
    """The latest staff actions on ``game:12`` or ``player:3`` (for the admin pages)."""
    return list(StaffAction.objects.filter(target=target).select_related("actor")[:limit])
