"""Players in the admin: games played and won, suspension, the player's recent games, its
account and devices (:mod:`games.admin.accounts`), and its data: export, deletion
(:mod:`games.admin.privacy`)."""

from __future__ import annotations

from django.contrib import admin
from django.contrib.admin.utils import flatten_fieldsets
from django.db.models import Count, IntegerField, OuterRef, Subquery
from django.db.models.functions import Coalesce
from django.urls import path, reverse
from django.utils.html import format_html, format_html_join

from ..models import Credentials, Game, Player
from ..moderation.selectors import actions_on
from .accounts import account_summary, devices_table, link_code_view, revoke_device_view
from .filters import SuspendedFilter
from .moderating import moderation_action, moderation_view
from .privacy import delete_view, erasure_summary, export_view, privacy_links
from .readonly import ReadOnlyAdmin, elapsed_text

RECENT_GAMES = 20


def games_count(link: str, **filters):
    """A per-row count of games (``link`` = ``owner`` or ``deal``) as a correlated subquery:
    computed only for the rows of the page shown, not for the whole table."""
    games = (
        Game.objects.filter(**{link: OuterRef("pk")}, **filters)
        .order_by()
        .values(link)
        .annotate(n=Count("pk"))
        .values("n")
    )
    return Coalesce(Subquery(games, output_field=IntegerField()), 0)


def games_list_url(**params) -> str:
    query = "&".join(f"{key}={value}" for key, value in params.items())
    return reverse("admin:games_game_changelist") + (f"?{query}" if query else "")


@admin.register(Player)
class PlayerAdmin(ReadOnlyAdmin):
    list_display = (
        "id",
        "name",
        "games_played",
        "games_won",
        "win_rate",
        "best_score",
        "suspended",
        "language",
        "created_at",
    )
    list_display_links = ("id", "name")
    list_filter = (SuspendedFilter, "language", "move_errors", "placement_aid")
    search_fields = ("name",)
    actions = [
        moderation_action("suspend"),
        moderation_action("unsuspend"),
        moderation_action("revoke_devices"),
        moderation_action("lock_account"),
        moderation_action("unlock_account"),
    ]
    change_form_template = "admin/games/moderated_change_form.html"
    fieldsets = (
        (
            None,
            {
                "fields": (
                    "name",
                    "user",
                    "created_at",
                    "language",
                    "move_errors",
                    "placement_aid",
                )
            },
        ),
        (
            "Statistics",
            {
                "fields": (
                    "games_played",
                    "games_won",
                    "win_rate",
                    "best_score",
                    "ranked_attempts",
                    "disqualified_attempts",
                    "all_games",
                    "recent_games",
                )
            },
        ),
        ("Moderation", {"fields": ("suspended_at", "suspended_reason")}),
    )
    readonly_fields = flatten_fieldsets(fieldsets)  # staff change nothing here directly

    def get_queryset(self, request):
        return (
            super()
            .get_queryset(request)
            .annotate(
                played=games_count("owner"),
                won=games_count("owner", status=Game.StatusChoice.WON),
                ranked=games_count("owner", ranked=True),
                disqualified_count=games_count("owner", disqualified_at__isnull=False),
                top_score=Subquery(
                    Game.objects.filter(owner=OuterRef("pk")).order_by("-score").values("score")[:1]
                ),
            )
        )

    # -- statistics -------------------------------------------------------------------------
    @admin.display(description="games played", ordering="played")
    def games_played(self, player):
        return player.played

    @admin.display(description="games won", ordering="won")
    def games_won(self, player):
        return player.won

    @admin.display(description="win rate")
    def win_rate(self, player):
        return f"{100 * player.won / player.played:.0f}%" if player.played else "—"

    @admin.display(description="best score", ordering="top_score")
    def best_score(self, player):
        return player.top_score if player.top_score is not None else "—"

    @admin.display(description="ranked attempts")
    def ranked_attempts(self, player):
        return player.ranked

    @admin.display(description="disqualified attempts")
    def disqualified_attempts(self, player):
        return player.disqualified_count

    @admin.display(boolean=True, ordering="suspended_at")
    def suspended(self, player):
        return player.suspended_at is not None

    @admin.display(description="all games")
    def all_games(self, player):
        return format_html(
            '<a href="{}">All {} games of this player</a>',
            games_list_url(player=player.pk),
            player.played,
        )

    @admin.display(description=f"last {RECENT_GAMES} games")
    def recent_games(self, player):
        games = Game.objects.filter(owner=player).select_related("deal").order_by("-id")
        rows = format_html_join(
            "",
            '<li><a href="{}">#{}</a> {} — {}, {} points, {} moves, {}{}</li>',
            (
                (
                    reverse("admin:games_game_change", args=[g.pk]),
                    g.pk,
                    g.deal.code,
                    g.status,
                    g.score,
                    g.moves,
                    elapsed_text(g.elapsed_ms()),
                    f" (daily {g.daily_date}{', ranked' if g.ranked else ''})"
                    if g.daily_date
                    else "",
                )
                for g in games[:RECENT_GAMES]
            ),
        )
        return format_html("<ul>{}</ul>", rows) if rows else "—"

    # -- moderation -------------------------------------------------------------------------
    def has_moderate_permission(self, request):
        return request.user.has_perm("games.change_player")

    def get_urls(self):
        extra = [
            path(
                f"<path:object_id>/{name}/",
                moderation_view(self, name),
                name=f"games_player_{name}",
            )
            for name in ("suspend", "unsuspend", "revoke_devices", "lock_account", "unlock_account")
        ]
        extra += [
            path(
                "<path:object_id>/devices/<int:token_id>/revoke/",
                revoke_device_view(self),
                name="games_player_revoke_device",
            ),
            path(
                "<path:object_id>/link-code/",
                link_code_view(self),
                name="games_player_issue_link_code",
            ),
            path("<path:object_id>/export/", export_view(self), name="games_player_export_account"),
            path(
                "<path:object_id>/delete-account/",
                delete_view(self),
                name="games_player_delete_account",
            ),
        ]
        return extra + super().get_urls()

    def change_view(self, request, object_id, form_url="", extra_context=None):
        player = self.get_object(request, object_id)
        extra_context = dict(extra_context or {})
        can_moderate = self.has_moderate_permission(request)
        if player is not None and can_moderate:
            name = "unsuspend" if player.suspended_at else "suspend"
            links = [
                (
                    reverse(f"admin:games_player_{name}", args=[player.pk]),
                    "Unsuspend token…" if player.suspended_at else "Suspend token…",
                ),
                (
                    reverse("admin:games_player_revoke_devices", args=[player.pk]),
                    "Sign out of every device…",
                ),
                (reverse("admin:games_player_issue_link_code", args=[player.pk]), "Link code…"),
            ]
            credentials = Credentials.objects.filter(pk=player.pk).first()
            if credentials is not None:
                lock = "unlock_account" if credentials.locked_at else "lock_account"
                label = "Unlock account…" if credentials.locked_at else "Lock account…"
                links.append((reverse(f"admin:games_player_{lock}", args=[player.pk]), label))
            links += privacy_links(player)
            extra_context["moderation_links"] = links
        if player is not None:
            extra_context["staff_actions"] = actions_on(f"player:{player.pk}")
            extra_context["account_summary"] = erasure_summary(player) or account_summary(player)
            extra_context["devices_table"] = devices_table(player, can_moderate)
        return super().change_view(request, object_id, form_url, extra_context)
