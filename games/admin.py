"""Admin registrations with useful columns, filters and search."""
from django.contrib import admin

from .models import Deal, Game, GameEvent, Player


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ("id", "name", "user", "language", "move_errors", "placement_aid", "created_at")
    list_filter = ("language", "move_errors", "placement_aid")
    search_fields = ("name",)
    readonly_fields = ("created_at",)


@admin.register(Deal)
class DealAdmin(admin.ModelAdmin):
    list_display = ("code", "created_at")
    search_fields = ("code",)
    readonly_fields = ("code", "created_at")


class GameEventInline(admin.TabularInline):
    model = GameEvent
    fields = ("seq", "kind", "positions", "cards", "created_at")
    readonly_fields = fields
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ("id", "owner", "deal", "status", "score", "moves", "version", "daily_date",
                    "ranked", "started_at", "finished_at")
    list_filter = ("status", "ranked", "daily_date")
    search_fields = ("deal__code", "owner__name")
    list_select_related = ("owner", "deal")
    readonly_fields = ("owner", "deal", "status", "score", "moves", "version", "state",
                       "daily_date", "ranked", "started_at", "finished_at", "updated_at")
    inlines = [GameEventInline]

    def has_add_permission(self, request):
        return False


@admin.register(GameEvent)
class GameEventAdmin(admin.ModelAdmin):
    list_display = ("game", "seq", "kind", "positions", "cards", "created_at")
    list_filter = ("kind",)
    search_fields = ("game__id",)
    list_select_related = ("game",)

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False
