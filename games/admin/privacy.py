"""A player's data in the admin (SPEC §12): staff export a player's archive or delete the
account from the player's page, each behind the reason page and recorded (who, when, why) like
every staff action.

The export is recorded before the archive is made, and answered as a download (the same
document as ``GET /api/v1/account/export``); the deletion is :func:`games.privacy.services.
delete_by_staff`, the same erasure as the player's own.
"""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponseRedirect
from django.urls import reverse
from django.utils.html import format_html

from ..core.errors import ServiceError
from ..privacy import services as privacy
from ..privacy.download import archive_response
from ..privacy.selectors import deletion_of
from .moderating import Operation, ReasonForm, may_moderate, reason_page

EXPORT = Operation(
    "export_account",
    "Export a player's data",
    "exported",
    privacy.record_export,
    "games.change_player",
    "A JSON archive of everything the service holds on the player (profile, settings, account, "
    "devices, daily entries, races, rating, game origins, every game with its log), as the "
    "player gets it from their account page; never a password, token, code or hash. For a "
    "player's request that reached you: the archive holds personal data, so hand it to the "
    "player only. Recorded with your name and the reason.",
)
DELETE = Operation(
    "delete_account",
    "Delete a player's account",
    "deleted",
    privacy.delete_by_staff,
    "games.delete_player",
    "Cannot be undone. The name, username, e-mail, password, devices (signed out now, sockets "
    "closed), settings, kept answers and game origins are erased; the games, daily entries, "
    "race results and rating stay, as 'Deleted player', so nobody else's board, race or rating "
    "changes. Export the data first if the player asked for it.",
)


def erasure_summary(player) -> str | None:
    """The account part of a deleted player's page: when and by whom it was erased."""
    deletion = deletion_of(player.pk)
    if deletion is None:
        return None
    who = deletion.actor or "the player"
    return format_html(
        "<p><strong>Deleted</strong> {} by {}: {}</p>", deletion.created_at, who, deletion.reason
    )


def privacy_links(player) -> list[tuple[str, str]]:
    links = [(reverse("admin:games_player_export_account", args=[player.pk]), "Export data…")]
    if deletion_of(player.pk) is None:
        links.append(
            (reverse("admin:games_player_delete_account", args=[player.pk]), "Delete account…")
        )
    return links


def export_view(model_admin):
    """``<player>/export/``: the reason page, then the archive (recorded first)."""

    def view(request, object_id):
        player = model_admin.get_object(request, object_id)
        if player is None:
            raise Http404("No such player.")
        if not may_moderate(request, EXPORT):
            raise PermissionDenied
        form = ReasonForm(request.POST or None)
        if request.method == "POST" and form.is_valid():
            try:
                EXPORT.service(request.user, player.pk, form.cleaned_data["reason"])
            except ServiceError as error:
                messages.warning(request, f"{player}: {error.message} ({error.code})")
                return HttpResponseRedirect(reverse("admin:games_player_change", args=[player.pk]))
            return archive_response(request, player)
        return reason_page(request, model_admin, EXPORT, [player], form, from_action=False)

    return model_admin.admin_site.admin_view(view)


def delete_view(model_admin):
    """``<player>/delete-account/``: the reason page, then the erasure, then the player's page."""

    def view(request, object_id):
        player = model_admin.get_object(request, object_id)
        if player is None:
            raise Http404("No such player.")
        if not may_moderate(request, DELETE):
            raise PermissionDenied
        form = ReasonForm(request.POST or None)
        if request.method == "POST" and form.is_valid():
            shown = str(player)
            try:
                erasure = DELETE.service(request.user, player.pk, form.cleaned_data["reason"])
            except ServiceError as error:
                messages.warning(request, f"{shown}: {error.message} ({error.code})")
            else:
                if erasure.already:
                    messages.info(request, f"Player #{player.pk} was deleted already.")
                else:
                    messages.success(
                        request,
                        f"Player #{player.pk} deleted: {erasure.revoked} device(s) signed out.",
                    )
            return HttpResponseRedirect(reverse("admin:games_player_change", args=[player.pk]))
        return reason_page(request, model_admin, DELETE, [player], form, from_action=False)

    return model_admin.admin_site.admin_view(view)
