"""The fair-play queue: every flag the review raised, open ones first, the newest results and
the strongest signals first. Each links the game (the inspector), the player, the race, the
earlier game of a rehearsal, and shows its figures; staff clear a flag or disqualify the flagged
result, with a reason (audited: :mod:`games.fairplay.services`)."""

from __future__ import annotations

from django.contrib import admin
from django.core.exceptions import PermissionDenied
from django.urls import path, reverse
from django.utils.html import format_html, format_html_join

from ..fairplay import services as fair_play
from ..fairplay.models import FairPlayEvidence, FairPlayFlag, FairPlayWin
from ..fairplay.selectors import QUEUE_ORDER, queue
from ..moderation import selectors as audit
from .moderating import (
    Operation,
    ReasonForm,
    apply_operation,
    may_moderate,
    moderation_view,
    reason_page,
)
from .readonly import ReadOnlyAdmin, elapsed_text

PERMISSION = "games.change_fairplayflag"

OPERATIONS = {
    op.name: op
    for op in (
        Operation(
            "clear_flags",
            "Clear fair-play flags",
            "cleared",
            fair_play.clear,
            PERMISSION,
            "The signal was looked at and the result stands. Only this flag closes: another "
            "signal on the same result stays open.",
        ),
        Operation(
            "disqualify_flagged",
            "Disqualify flagged results",
            "disqualified",
            fair_play.disqualify,
            PERMISSION,
            "A ranked daily attempt leaves its leaderboard, a challenge attempt its challenge's "
            "board (reinstate either from the game's page); a race result leaves the race's "
            "standings and every rating change of the race is "
            "undone, the other members rated again. Every open flag of the result closes.",
        ),
    )
}


def _action(name: str):
    operation = OPERATIONS[name]

    def action(model_admin, request, queryset):
        if not may_moderate(request, operation):
            raise PermissionDenied
        objects = list(queryset.order_by("id"))
        form = ReasonForm(request.POST if request.POST.get("confirm") == "yes" else None)
        if form.is_bound and form.is_valid():
            apply_operation(request, operation, objects, form.cleaned_data["reason"])
            return None
        return reason_page(request, model_admin, operation, objects, form, from_action=True)

    action.__name__ = name
    return admin.action(description=operation.title + "…", permissions=["moderate"])(action)


@admin.register(FairPlayFlag)
class FairPlayFlagAdmin(ReadOnlyAdmin):
    list_display = (
        "id",
        "kind",
        "state",
        "strength",
        "game_link",
        "player_link",
        "result_link",
        "earlier_link",
        "figures_text",
        "played_at",
    )
    list_display_links = ("id",)
    list_filter = ("state", "kind")
    search_fields = ("player__name", "game__deal__code")
    list_per_page = 50
    ordering = QUEUE_ORDER
    actions = [_action("clear_flags"), _action("disqualify_flagged")]
    change_form_template = "admin/games/fairplayflag/change_form.html"
    fields = (
        "kind",
        "state",
        "strength",
        "game_link",
        "player_link",
        "result_link",
        "earlier_link",
        "figures_text",
        "played_at",
        "flagged_at",
        "resolved_by",
        "resolved_at",
        "resolution_reason",
    )
    readonly_fields = fields

    def get_queryset(self, request):
        return queue()

    def has_moderate_permission(self, request):
        return request.user.has_perm(PERMISSION)

    # -- columns ----------------------------------------------------------------------------
    @admin.display(description="game (inspector)", ordering="game_id")
    def game_link(self, flag):
        game = flag.game
        url = reverse("admin:games_game_change", args=[game.pk])
        return format_html(
            '<a href="{}">#{} {} ({})</a>', url, game.pk, game.deal.code, game.status
        )

    @admin.display(description="player", ordering="player__name")
    def player_link(self, flag):
        url = reverse("admin:games_player_change", args=[flag.player_id])
        return format_html('<a href="{}">{}</a>', url, flag.player)

    @admin.display(description="result")
    def result_link(self, flag):
        if flag.race_id is not None:
            url = reverse("admin:games_race_change", args=[flag.race_id])
            return format_html('<a href="{}">race #{}</a>', url, flag.race_id)
        return format_html("daily {}", flag.game.daily_date or "—")

    @admin.display(description="earlier game")
    def earlier_link(self, flag):
        earlier = flag.earlier_game
        if earlier is None:
            return "—"
        game_url = reverse("admin:games_game_change", args=[earlier.pk])
        player_url = reverse("admin:games_player_change", args=[earlier.owner_id])
        return format_html(
            '<a href="{}">#{}</a> by <a href="{}">{}</a>',
            game_url,
            earlier.pk,
            player_url,
            earlier.owner,
        )

    @admin.display(description="figures")
    def figures_text(self, flag):
        return figures_text(flag)

    # -- pages ------------------------------------------------------------------------------
    def get_urls(self):
        own = [
            path(
                f"<path:object_id>/{slug}/",
                moderation_view(self, name, OPERATIONS),
                name=f"games_fairplayflag_{slug}",
            )
            for slug, name in (("clear", "clear_flags"), ("disqualify", "disqualify_flagged"))
        ]
        return own + super().get_urls()

    def change_view(self, request, object_id, form_url="", extra_context=None):
        flag = self.get_object(request, object_id)
        extra = dict(extra_context or {})
        if flag is not None:
            extra["staff_actions"] = audit.actions_on(f"game:{flag.game_id}")
            extra["moderation_links"] = self.moderation_links(request, flag)
        return super().change_view(request, object_id, form_url, extra)

    def moderation_links(self, request, flag) -> list[tuple[str, str]]:
        if flag.state != FairPlayFlag.State.OPEN or not request.user.has_perm(PERMISSION):
            return []
        return [
            (reverse("admin:games_fairplayflag_clear", args=[flag.pk]), "Clear…"),
            (reverse("admin:games_fairplayflag_disqualify", args=[flag.pk]), "Disqualify…"),
        ]


def figures_text(flag: FairPlayFlag) -> str:
    """The figures behind a flag, in a line."""
    f = flag.figures or {}
    if flag.kind == FairPlayFlag.Kind.REHEARSAL:
        return format_html(
            "same {}; the earlier game {} this one; {} earlier game(s) by {} other player(s); "
            "devices: token #{} here, #{} there",
            f.get("same", "address"),
            f.get("when", "?"),
            f.get("earlier_games", 1),
            f.get("other_players", 1),
            f.get("token_id") or "—",
            f.get("earlier_token_id") or "—",
        )
    if flag.kind == FairPlayFlag.Kind.SPEED:
        return format_html(
            "median {} ms between {} removals (threshold {} ms); fastest {} ms; whole win {}",
            f.get("median_interval_ms"),
            f.get("removals"),
            f.get("threshold_ms"),
            f.get("fastest_interval_ms"),
            elapsed_text(int(f.get("whole_ms") or 0)),
        )
    if flag.kind == FairPlayFlag.Kind.FORESIGHT:
        parts = [
            ("{} bits (threshold {})", (f.get("bits"), f.get("threshold_bits"))),
            ("{} of {} choices mattered", (f.get("mattered"), f.get("decisions"))),
            ("{} undos, {} retries", (f.get("undos"), f.get("retries", 0))),
            ("{} bits on cards never seen", (f.get("bits_blind"),)),
        ]
        text = format_html_join("; ", "{}", ((format_html(t, *a),) for t, a in parts))
        return format_html(
            "{}{}; undos and unseen-card bits describe the line, they clear nothing",
            text,
            " (a lower bound)" if f.get("lower_bound") else "",
        )
    if flag.kind == FairPlayFlag.Kind.EVIDENCE:
        return format_html(
            "score {} bits over {} ranked wins reached the threshold {} (at most {} of honest "
            "players); the games: {}",
            f"{float(f.get('score') or 0):.2f}",
            f.get("wins"),
            f.get("threshold"),
            f"{float(f.get('false_flag_rate') or 0):.0%}",
            games_text(f.get("games") or []),
        )
    return str(f)


def games_text(games: list[dict]):
    """Each game that built a player's evidence: a link to it, its figure and its llr, and,
    for a daily deal's win, its foresight bits against the deal's field (what the other
    players on the deal chose at the same steps; docs/FAIR-PLAY.md)."""
    return format_html_join(
        ", ",
        '<a href="{}">#{}</a> {} {} bits, llr {}{}',
        (
            (
                reverse("admin:games_game_change", args=[g["game"]]),
                g["game"],
                g.get("figure"),
                g.get("value"),
                f"{float(g.get('llr') or 0):+.2f}",
                "" if g.get("field_bits") is None else f", field {g['field_bits']:.2f} bits",
            )
            for g in games
        ),
    )


@admin.register(FairPlayEvidence)
class FairPlayEvidenceAdmin(ReadOnlyAdmin):
    """Each player's sequential test over their ranked wins, the flagged and highest first;
    a player's page lists the wins that built it (with links to the games)."""

    list_display = (
        "player_link",
        "score",
        "peak",
        "threshold",
        "wins",
        "flagged_after",
        "flagged_at",
        "updated_at",
    )
    list_filter = (("flagged_at", admin.EmptyFieldListFilter),)
    search_fields = ("player__name",)
    ordering = ("flagged_at", "-peak", "player_id")
    fields = (
        "player_link",
        "score",
        "peak",
        "threshold",
        "wins",
        "flagged_after",
        "flagged_at",
        "updated_at",
        "wins_text",
    )
    readonly_fields = fields

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("player")

    @admin.display(description="player", ordering="player__name")
    def player_link(self, record):
        url = reverse("admin:games_player_change", args=[record.player_id])
        return format_html('<a href="{}">{}</a>', url, record.player)

    @admin.display(description="ranked wins, in order (figure, bits, llr; field bits)")
    def wins_text(self, record):
        wins = FairPlayWin.objects.filter(player_id=record.player_id).order_by("played_at", "pk")
        return games_text(
            [
                {
                    "game": w.game_id,
                    "figure": w.figure,
                    "value": round(w.value, 2),
                    "llr": w.llr,
                    "field_bits": w.field_bits,
                }
                for w in wins
            ]
        )
