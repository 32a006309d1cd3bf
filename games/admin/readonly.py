"""View-only admin base: staff inspect here; every change goes through the services."""

from __future__ import annotations

from django.contrib import admin


class ReadOnlyAdmin(admin.ModelAdmin):
    """No add, change or delete: a model is written only by its domain's services (moderation
    runs as admin actions, which call ``games.moderation.services``)."""

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


def elapsed_text(ms: int) -> str:
    """``1:02:03`` or ``2:03`` (hours only when needed)."""
    seconds = ms // 1000
    hours, rest = divmod(seconds, 3600)
    minutes, seconds = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{seconds:02d}" if hours else f"{minutes}:{seconds:02d}"
