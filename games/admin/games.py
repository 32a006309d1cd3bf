"""Games in the admin: the list with its filters, the inspector page, verify and moderation."""

from __future__ import annotations

from django.contrib import admin, messages
from django.contrib.admin.utils import flatten_fieldsets
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.html import format_html

from ..challenges import selectors as challenge_selectors
from ..models import Game
from ..moderation import selectors as audit
from ..moderation import services as moderation
from ..play.selectors import log_of
from ..play.verification import verify_games
from .filters import DailyDateFilter, DealFilter, DisqualifiedFilter, PlayerFilter
from .inspector import inspector_context
from .moderating import moderation_action, moderation_view
from .readonly import ReadOnlyAdmin, elapsed_text
from .solutions import loss_context, where_lost_view


@admin.register(Game)
class GameAdmin(ReadOnlyAdmin):
    list_display = (
        "id",
        "owner_link",
        "deal_link",
        "status",
        "score",
        "moves",
        "version",
        "daily_date",
        "ranked",
        "disqualified",
        "started_at",
        "elapsed",
    )
    list_display_links = ("id",)
    list_filter = (
        "status",
        "ranked",
        DisqualifiedFilter,
        DailyDateFilter,
        "daily_date",
        PlayerFilter,
        DealFilter,
    )
    search_fields = ("deal__code", "owner__name")
    list_select_related = ("owner", "deal")
    list_per_page = 50
    actions = ["verify_selected", moderation_action("disqualify"), moderation_action("reinstate")]
    change_form_template = "admin/games/game/inspector_form.html"
    fieldsets = (
        (
            None,
            {
                "fields": (
                    "owner_link",
                    "deal_link",
                    "status",
                    "score",
                    "moves",
                    "cards_left",
                    "version",
                    "elapsed",
                    "started_at",
                    "finished_at",
                    "updated_at",
                )
            },
        ),
        (
            "Daily deal",
            {"fields": ("daily_date", "ranked", "disqualified_at", "disqualified_reason")},
        ),
    )
    readonly_fields = flatten_fieldsets(fieldsets)  # staff change nothing here directly

    # -- columns ----------------------------------------------------------------------------
    @admin.display(description="player", ordering="owner__name")
    def owner_link(self, game):
        url = reverse("admin:games_player_change", args=[game.owner_id])
        return format_html('<a href="{}">{}</a>', url, game.owner)

    @admin.display(description="deal", ordering="deal__code")
    def deal_link(self, game):
        url = reverse("admin:games_deal_change", args=[game.deal_id])
        return format_html('<a href="{}">{}</a>', url, game.deal.code)

    @admin.display(boolean=True, ordering="disqualified_at")
    def disqualified(self, game):
        return game.disqualified_at is not None

    @admin.display(description="time")
    def elapsed(self, game):
        return elapsed_text(game.elapsed_ms())

    @admin.display(description="cards left")
    def cards_left(self, game):
        return game.board().cards_left

    # -- pages ------------------------------------------------------------------------------
    def get_urls(self):
        extra = [
            path(
                f"<path:object_id>/{name}/", moderation_view(self, name), name=f"games_game_{name}"
            )
            for name in ("disqualify", "reinstate")
        ]
        extra.append(
            path(
                "<path:object_id>/where-lost/",
                where_lost_view(self),
                name="games_game_where_lost",
            )
        )
        return extra + super().get_urls()

    def change_view(self, request, object_id, form_url="", extra_context=None):
        game = self.get_object(request, object_id)
        extra_context = dict(extra_context or {})
        if game is not None:
            events = log_of(game)
            extra_context.update(inspector_context(game, events))
            loss = loss_context(game, extra_context["replay"]["steps"])
            extra_context["replay"]["lost_step"] = loss["lost_step"]
            extra_context.update(loss)
            extra_context["staff_actions"] = audit.actions_on(f"game:{game.pk}")
            extra_context["moderation_links"] = self.moderation_links(request, game)
        return super().change_view(request, object_id, form_url, extra_context)

    def has_moderate_permission(self, request):
        return request.user.has_perm("games.change_game")

    def moderation_links(self, request, game) -> list[tuple[str, str]]:
        if not self.has_moderate_permission(request):
            return []
        if game.disqualified_at is not None:
            return [(reverse("admin:games_game_reinstate", args=[game.pk]), "Reinstate…")]
        if game.ranked or challenge_selectors.counted_attempt_of(game.pk) is not None:
            return [(reverse("admin:games_game_disqualify", args=[game.pk]), "Disqualify…")]
        return []

    # -- actions ----------------------------------------------------------------------------
    @admin.action(description="Verify selected games (replay and compare)", permissions=["view"])
    def verify_selected(self, request, queryset):
        verdicts = list(verify_games(queryset.order_by("id")))
        moderation.record_verification(request.user, verdicts)
        bad = [v for v in verdicts if not v.ok]
        summary = (
            f"Verified {len(verdicts)} games: {len(verdicts) - len(bad)} consistent, "
            f"{len(bad)} with mismatches."
        )
        (messages.error if bad else messages.success)(request, summary)
        context = {
            **self.admin_site.each_context(request),
            "title": "Verification",
            "opts": self.model._meta,
            "verdicts": verdicts,
            "mismatches": bad,
            "summary": summary,
        }
        return TemplateResponse(request, "admin/games/verify_results.html", context)
