"""Deals (with games played and won on each), the raw move log and the staff audit trail."""

from __future__ import annotations

from django.contrib import admin
from django.urls import reverse
from django.utils.html import format_html, format_html_join

from ..models import Deal, Game, GameEvent, StaffAction
from .inspector import layout_rows
from .players import games_count, games_list_url
from .readonly import ReadOnlyAdmin


@admin.register(Deal)
class DealAdmin(ReadOnlyAdmin):
    list_display = ("code", "games_played", "games_won", "created_at")
    search_fields = ("code",)
    fields = ("code", "created_at", "games_played", "games_won", "all_games", "full_layout")
    readonly_fields = fields

    def get_queryset(self, request):
        return (
            super()
            .get_queryset(request)
            .annotate(
                played=games_count("deal"), won=games_count("deal", status=Game.StatusChoice.WON)
            )
        )

    @admin.display(description="games played", ordering="played")
    def games_played(self, deal):
        return deal.played

    @admin.display(description="games won", ordering="won")
    def games_won(self, deal):
        return deal.won

    @admin.display(description="games")
    def all_games(self, deal):
        return format_html(
            '<a href="{}">All games of this deal</a>', games_list_url(deal=deal.code)
        )

    @admin.display(description="full layout (staff only)")
    def full_layout(self, deal):
        rows = format_html_join(
            "",
            "<tr><th>{}</th><td>{}</td></tr>",
            ((row["position"], " ".join(row["cards"]) or "—") for row in layout_rows(deal.layout)),
        )
        return format_html(
            '<table class="hm-layout"><caption>Piles bottom → top, then the '
            "reserve</caption>{}</table>",
            rows,
        )


@admin.register(GameEvent)
class GameEventAdmin(ReadOnlyAdmin):
    list_display = ("game", "seq", "kind", "positions", "cards", "created_at")
    list_filter = ("kind",)
    search_fields = ("=game__id",)
    list_select_related = ("game", "game__deal")


@admin.register(StaffAction)
class StaffActionAdmin(ReadOnlyAdmin):
    list_display = ("created_at", "actor", "action", "target_link", "reason")
    list_filter = ("action", "actor")
    search_fields = ("target", "reason", "actor__username")
    list_select_related = ("actor",)
    fields = ("created_at", "actor", "action", "target_link", "reason")
    readonly_fields = fields

    @admin.display(description="target", ordering="target")
    def target_link(self, action):
        kind, _, pk = action.target.partition(":")
        if kind in ("game", "player") and pk.isdigit():
            url = reverse(f"admin:games_{kind}_change", args=[int(pk)])
            return format_html('<a href="{}">{}</a>', url, action.target)
        return action.target
