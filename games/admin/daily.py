"""Daily deals, boards and leaderboard entries, view-only, with moderation shown."""

from __future__ import annotations

from django.contrib import admin
from django.urls import reverse
from django.utils.html import format_html

from ..models import DailyBoard, DailyDeal, Deal, LeaderboardEntry
from .filters import DailyDateFilter
from .readonly import ReadOnlyAdmin, elapsed_text


class EntryDateFilter(DailyDateFilter):
    title = "date"
    parameter_name = "date"
    field = "date"


@admin.register(DailyBoard)
class DailyBoardAdmin(ReadOnlyAdmin):
    list_display = ("date", "opened_at", "closed_at", "entries")
    readonly_fields = ("date", "opened_at", "closed_at", "entries")

    @admin.display(description="entries")
    def entries(self, board):
        url = reverse("admin:games_leaderboardentry_changelist") + f"?date={board.date}"
        return format_html('<a href="{}">Leaderboard entries</a>', url)


@admin.register(DailyDeal)
class DailyDealAdmin(ReadOnlyAdmin):
    """Each date's deal: its first candidate proven winnable, chosen once (SPEC §10)."""

    list_display = ("date", "deal_link", "candidate", "budget", "chosen_at")
    readonly_fields = list_display
    search_fields = ("code",)

    @admin.display(description="deal", ordering="code")
    def deal_link(self, daily):
        deal = Deal.objects.filter(code=daily.code).only("pk").first()
        if deal is None:
            return daily.code
        url = reverse("admin:games_deal_change", args=[deal.pk])
        return format_html('<a href="{}">{}</a>', url, daily.code)


@admin.register(LeaderboardEntry)
class LeaderboardEntryAdmin(ReadOnlyAdmin):
    """Entries in board order; a disqualified game's entry stays stored but leaves the board."""

    list_display = (
        "date",
        "player",
        "game_link",
        "result",
        "score",
        "moves",
        "time",
        "ended_at",
        "disqualified",
    )
    list_filter = (EntryDateFilter, "result")
    search_fields = ("player__name",)
    list_select_related = ("player", "game")
    ordering = ("-date", "standing", "ended_at", "game")
    readonly_fields = list_display

    @admin.display(description="game", ordering="game")
    def game_link(self, entry):
        url = reverse("admin:games_game_change", args=[entry.game_id])
        return format_html('<a href="{}">#{}</a>', url, entry.game_id)

    @admin.display(description="time", ordering="elapsed_ms")
    def time(self, entry):
        return elapsed_text(entry.elapsed_ms)

    @admin.display(boolean=True, description="disqualified")
    def disqualified(self, entry):
        return entry.game.disqualified_at is not None
