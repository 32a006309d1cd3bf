"""A player's account in the admin: credentials state and devices, and the staff's account
operations (sign out of one device, a link code for a player who lost every device).

Staff never see or set a password or a token: the page shows whether credentials exist, the
username, the e-mail state and the devices' names and times; the only secret staff ever see is
a link code they issue, once, on the page that answers their request.
"""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.html import format_html, format_html_join

from ..accounts.models import Credentials
from ..accounts.selectors import recovery_codes_left
from ..core.errors import ServiceError
from ..players.models import DeviceToken
from .moderating import OPERATIONS, ReasonForm, may_moderate, reason_page


def account_summary(player) -> str:
    credentials = Credentials.objects.filter(pk=player.pk).first()
    if credentials is None:
        return "Anonymous: no username or password (only its devices reach it)."
    email = credentials.email or "none"
    if credentials.email:
        email += " (verified)" if credentials.email_verified_at else " (not verified)"
    locked = (
        format_html(
            "<strong>Locked</strong> {}: {}", credentials.locked_at, credentials.locked_reason
        )
        if credentials.locked_at
        else "no"
    )
    return format_html(
        "<ul><li>Username: {}</li><li>E-mail: {}</li><li>Recovery codes left: {} of 10</li>"
        "<li>Credentials added: {}; password changed: {}</li><li>Locked: {}</li></ul>",
        credentials.username,
        email,
        recovery_codes_left(credentials),
        credentials.created_at,
        credentials.password_changed_at,
        locked,
    )


def devices_table(player, can_moderate: bool) -> str:
    tokens = list(DeviceToken.objects.filter(player=player).order_by("id"))
    if not tokens:
        return "No device is signed in."
    rows = format_html_join(
        "",
        "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
        (
            (
                token.device,
                token.get_issued_display(),
                token.created_at,
                token.last_used_at,
                format_html(
                    '<a href="{}">Sign out…</a>',
                    reverse("admin:games_player_revoke_device", args=[player.pk, token.pk]),
                )
                if can_moderate
                else "",
            )
            for token in tokens
        ),
    )
    return format_html(
        '<table class="hm-devices"><thead><tr><th>Device</th><th>Signed in by</th>'
        "<th>Since</th><th>Last used (±1 min)</th><th></th></tr></thead><tbody>{}</tbody></table>",
        rows,
    )


def revoke_device_view(model_admin):
    """``<player>/devices/<token>/revoke/``: the reason page, then the device is signed out."""
    operation = OPERATIONS["revoke_device"]

    def view(request, object_id, token_id):
        player = model_admin.get_object(request, object_id)
        token = DeviceToken.objects.filter(pk=token_id, player=player).first() if player else None
        if token is None:
            raise Http404("No such device of this player.")
        if not may_moderate(request, operation):
            raise PermissionDenied
        form = ReasonForm(request.POST or None)
        if request.method == "POST" and form.is_valid():
            try:
                operation.service(request.user, token.pk, form.cleaned_data["reason"])
            except ServiceError as error:
                messages.warning(request, f"{token}: {error.message} ({error.code})")
            else:
                messages.success(request, f"{player} signed out of {token.device!r}.")
            return HttpResponseRedirect(reverse("admin:games_player_change", args=[player.pk]))
        return reason_page(request, model_admin, operation, [player], form, from_action=False)

    return model_admin.admin_site.admin_view(view)


def link_code_view(model_admin):
    """``<player>/link-code/``: the reason page, then the code, shown on this answer only."""
    operation = OPERATIONS["issue_link_code"]

    def view(request, object_id):
        player = model_admin.get_object(request, object_id)
        if player is None:
            raise Http404("No such player.")
        if not may_moderate(request, operation):
            raise PermissionDenied
        form = ReasonForm(request.POST or None)
        if request.method == "POST" and form.is_valid():
            try:
                code, expires_at = operation.service(
                    request.user, player.pk, form.cleaned_data["reason"]
                )
            except ServiceError as error:
                messages.warning(request, f"{player}: {error.message} ({error.code})")
                return HttpResponseRedirect(reverse("admin:games_player_change", args=[player.pk]))
            context = {
                **model_admin.admin_site.each_context(request),
                "title": "Link code",
                "opts": model_admin.model._meta,
                "player": player,
                "code": code,
                "expires_at": expires_at,
            }
            response = TemplateResponse(request, "admin/games/link_code.html", context)
            response["Cache-Control"] = "no-store"
            return response
        return reason_page(request, model_admin, operation, [player], form, from_action=False)

    return model_admin.admin_site.admin_view(view)
