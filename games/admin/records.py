"""Deals (with games played and won on each), the raw move log and the staff audit trail."""

from __future__ import annotations

from collections import Counter

from django.contrib import admin, messages
from django.http import Http404, HttpResponseNotAllowed, HttpResponseRedirect
from django.urls import path, reverse
from django.utils.html import format_html, format_html_join

from ..models import Deal, Game, GameEvent, PooledDeal, StaffAction
from .inspector import layout_rows
from .players import games_count, games_list_url
from .readonly import ReadOnlyAdmin
from .solutions import VerdictFilter, solution_context, solution_text, solve_deals


@admin.register(Deal)
class DealAdmin(ReadOnlyAdmin):
    list_display = ("code", "verdict", "games_played", "games_won", "created_at")
    list_filter = (VerdictFilter,)
    list_select_related = ("solution",)
    search_fields = ("code",)
    fields = (
        "code",
        "created_at",
        "games_played",
        "games_won",
        "all_games",
        "solver",
        "full_layout",
    )
    readonly_fields = fields
    actions = ["solve_selected"]
    change_form_template = "admin/games/deal/solution_form.html"

    @admin.display(description="solver", ordering="solution__verdict")
    def verdict(self, deal):
        solution = getattr(deal, "solution", None)
        return solution.get_verdict_display() if solution else "—"

    @admin.display(description="solver (staff only)")
    def solver(self, deal):
        return solution_text(getattr(deal, "solution", None))

    def get_urls(self):
        solve = path(
            "<path:object_id>/solve/",
            self.admin_site.admin_view(self.solve_view),
            name="games_deal_solve",
        )
        return [solve] + super().get_urls()

    def change_view(self, request, object_id, form_url="", extra_context=None):
        deal = self.get_object(request, object_id)
        extra_context = dict(extra_context or {})
        if deal is not None:
            extra_context.update(solution_context(deal))
        return super().change_view(request, object_id, form_url, extra_context)

    def solve_view(self, request, object_id):
        """POST: solve this deal now (at the default budget), then back to its page."""
        if request.method != "POST":
            return HttpResponseNotAllowed(["POST"])
        deal = self.get_object(request, object_id)
        if deal is None or not self.has_view_permission(request, deal):
            raise Http404("No such deal.")
        (solution,) = solve_deals([deal])
        messages.success(request, f"{deal.code}: {solution_text(solution)}")
        return HttpResponseRedirect(reverse("admin:games_deal_change", args=[deal.pk]))

    @admin.action(description="Solve selected deals (staff-only solver)", permissions=["view"])
    def solve_selected(self, request, queryset):
        solutions = solve_deals(queryset.order_by("code"))
        counts = Counter(s.get_verdict_display() for s in solutions)
        summary = ", ".join(f"{n} {verdict.lower()}" for verdict, n in sorted(counts.items()))
        messages.success(request, f"Solved {len(solutions)} deal(s): {summary}.")

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


@admin.register(PooledDeal)
class PooledDealAdmin(ReadOnlyAdmin):
    """The proven-winnable deals waiting to be dealt under ``HALFMOON_WINNABLE_DEALS_ONLY``
    (``fill_winnable_pool``)."""

    list_display = ("deal_link", "added_at")
    list_select_related = ("deal",)
    readonly_fields = list_display

    @admin.display(description="deal", ordering="deal__code")
    def deal_link(self, pooled):
        url = reverse("admin:games_deal_change", args=[pooled.deal_id])
        return format_html('<a href="{}">{}</a>', url, pooled.deal.code)


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
