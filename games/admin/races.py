"""Races in the admin: the list, the inspector (members, timeline, standings, links to each
game's replay) and the disqualification of a member's result, with a reason (audited)."""

from __future__ import annotations

from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.html import format_html

from ..core.errors import ServiceError
from ..models import Race, RaceMember
from ..moderation import selectors as audit
from ..moderation import services as moderation
from .moderating import Operation, ReasonForm
from .readonly import ReadOnlyAdmin, elapsed_text

DISQUALIFY = Operation(
    "disqualify_race_result",
    "Disqualify a race result",
    "disqualified",
    moderation.disqualify_race_result,
    "games.change_race",
    "The result leaves the race's standings; every rating change of the race is undone and "
    "the other members are rated again from the new standings.",
)


@admin.register(Race)
class RaceAdmin(ReadOnlyAdmin):
    list_display = (
        "id",
        "status",
        "host_link",
        "seats",
        "member_count",
        "matched",
        "created_at",
        "starts_at",
        "finished_at",
        "end_reason",
    )
    list_filter = ("status", "matched", "end_reason")
    search_fields = ("invite", "host__name", "members__player__name")
    list_select_related = ("host",)
    list_per_page = 50
    change_form_template = "admin/games/race/inspector_form.html"
    fields = (
        "invite",
        "host_link",
        "status",
        "seats",
        "time_limit_s",
        "version",
        "deal",
        "requested_code",
        "matched",
        "rematch_of",
        "created_at",
        "starts_at",
        "ends_at",
        "finished_at",
        "end_reason",
    )
    readonly_fields = fields

    @admin.display(description="host", ordering="host__name")
    def host_link(self, race):
        url = reverse("admin:games_player_change", args=[race.host_id])
        return format_html('<a href="{}">{}</a>', url, race.host.name)

    @admin.display(description="members")
    def member_count(self, race):
        return race.members.count()

    def get_urls(self):
        own = [
            path(
                "<path:object_id>/disqualify/<int:player_id>/",
                self.admin_site.admin_view(self.disqualify_view),
                name="games_race_disqualify",
            )
        ]
        return own + super().get_urls()

    def change_view(self, request, object_id, form_url="", extra_context=None):
        race = self.get_object(request, object_id)
        extra = dict(extra_context or {})
        if race is not None:
            extra.update(inspector(race))
            extra["staff_actions"] = audit.actions_on(f"race:{race.pk}")
        return super().change_view(request, object_id, form_url, extra)

    def disqualify_view(self, request, object_id, player_id):
        race = self.get_object(request, object_id)
        member = RaceMember.objects.filter(race=race, player_id=player_id).first()
        if race is None or member is None:
            raise Http404("No such race member.")
        user = request.user
        if not (user.is_active and user.is_staff and user.has_perm(DISQUALIFY.permission)):
            raise PermissionDenied
        form = ReasonForm(request.POST or None)
        back = reverse("admin:games_race_change", args=[race.pk])
        if request.method == "POST" and form.is_valid():
            try:
                moderation.disqualify_race_result(
                    user, race.pk, member.player_id, form.cleaned_data["reason"]
                )
            except ServiceError as error:
                messages.warning(request, f"{member}: {error.message} ({error.code})")
            else:
                messages.success(request, f"The result of {member.player.name} is disqualified.")
            return HttpResponseRedirect(back)
        context = {
            **self.admin_site.each_context(request),
            "title": DISQUALIFY.title,
            "operation": DISQUALIFY,
            "objects": [race],
            "form": form,
            "opts": self.model._meta,
            "from_action": False,
            "cancel_url": back,
            "member": member,
        }
        return TemplateResponse(request, "admin/games/moderation_form.html", context)


def inspector(race: Race) -> dict:
    """Members (with progress and standing), the timeline and links to each game's replay."""
    members = list(race.members.select_related("player", "game").order_by("rank", "joined_at"))
    rows = []
    for member in members:
        rows.append(
            {
                "member": member,
                "player_url": reverse("admin:games_player_change", args=[member.player_id]),
                "game_url": reverse("admin:games_game_change", args=[member.game_id])
                if member.game_id
                else None,
                "elapsed": elapsed_text(member.elapsed_ms) if member.elapsed_ms is not None else "",
                "disqualify_url": reverse(
                    "admin:games_race_disqualify", args=[race.pk, member.player_id]
                )
                if race.status == Race.Status.FINISHED and member.disqualified_at is None
                else None,
            }
        )
    return {
        "race_members": rows,
        "race_events": list(race.events.select_related("player").order_by("at", "id")),
    }
