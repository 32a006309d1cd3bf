"""Moderation from the admin: a reason form page in front of every moderation service call.

The same operation runs as a changelist action (on the selected rows) and from a button on
an object's page. Each object goes through :mod:`games.moderation` on its own, so one refused
object (say, an unranked game) is reported without stopping the others.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django import forms
from django.contrib import admin, messages
from django.contrib.admin import helpers
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import reverse

from ..core.errors import ServiceError
from ..moderation import services as moderation
from ..moderation.errors import ReasonRequired


@dataclass(frozen=True)
class Operation:
    name: str  # also the changelist action's name
    title: str  # "Disqualify ranked attempts"
    done: str  # "disqualified"
    service: Callable  # (actor, object id, reason) -> object
    permission: str  # Django permission the staff user needs
    explanation: str


OPERATIONS = {
    op.name: op
    for op in (
        Operation(
            "disqualify",
            "Disqualify ranked attempts",
            "disqualified",
            moderation.disqualify,
            "games.change_game",
            "The attempts leave their daily leaderboard until reinstated. Only ranked "
            "attempts can be disqualified.",
        ),
        Operation(
            "reinstate",
            "Reinstate disqualified attempts",
            "reinstated",
            moderation.reinstate,
            "games.change_game",
            "The attempts return to their daily leaderboard.",
        ),
        Operation(
            "suspend",
            "Suspend players' tokens",
            "suspended",
            moderation.suspend,
            "games.change_player",
            "The players' API tokens are refused (403 token_suspended) until unsuspended. "
            "Their games stay.",
        ),
        Operation(
            "unsuspend",
            "Unsuspend players' tokens",
            "unsuspended",
            moderation.unsuspend,
            "games.change_player",
            "The players' API tokens are accepted again.",
        ),
        Operation(
            "revoke_devices",
            "Sign players out of every device",
            "signed out of every device",
            moderation.revoke_devices,
            "games.change_player",
            "Every device token of the players stops working now and their open sockets close. "
            "A player with a username and password signs in again; an anonymous one needs a "
            "link code from you.",
        ),
        Operation(
            "lock_account",
            "Lock accounts",
            "locked",
            moderation.lock_account,
            "games.change_player",
            "For an account someone else may hold: every device is signed out now, and no "
            "sign-in of any kind (password, link code, recovery code, password reset) works "
            "until the account is unlocked. Only players with a username and password have an "
            "account to lock.",
        ),
        Operation(
            "unlock_account",
            "Unlock accounts",
            "unlocked",
            moderation.unlock_account,
            "games.change_player",
            "Sign-in works again. The player's devices stay signed out: they sign in again, or "
            "you give them a link code.",
        ),
        Operation(
            "revoke_device",
            "Sign a player out of one device",
            "signed out of the device",
            moderation.revoke_device,
            "games.change_player",
            "That device's token stops working now and its open sockets close.",
        ),
        Operation(
            "issue_link_code",
            "Give a player a link code",
            "given a link code",
            moderation.issue_link_code,
            "games.change_player",
            "For a player who lost every device. The code is shown to you once, on the next "
            "page: give it to the player (after checking who they are), who types it into "
            '"Link this device" within ten minutes. It signs one device in as the player.',
        ),
    )
}


class ReasonForm(forms.Form):
    reason = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 3, "cols": 60}),
        max_length=moderation.REASON_MAX_LENGTH,
        help_text="Recorded with the action, with your name and the time.",
    )

    def clean_reason(self):
        try:
            return moderation.clean_reason(self.cleaned_data["reason"])
        except ReasonRequired as error:
            raise forms.ValidationError(error.message) from None


def may_moderate(request, operation: Operation) -> bool:
    return (
        request.user.is_active
        and request.user.is_staff
        and request.user.has_perm(operation.permission)
    )


def apply_operation(request, operation: Operation, objects, reason: str) -> int:
    """Run the operation on each object; report successes and refusals as messages."""
    done = 0
    for obj in objects:
        try:
            operation.service(request.user, obj.pk, reason)
        except ServiceError as error:
            messages.warning(request, f"{obj}: {error.message} ({error.code})")
        else:
            done += 1
    if done:
        messages.success(request, f"{done} {_plural(objects, done)} {operation.done}.")
    return done


def _plural(objects, count: int) -> str:
    opts = objects[0]._meta if objects else None
    if opts is None:
        return "objects"
    return str(opts.verbose_name if count == 1 else opts.verbose_name_plural)


def reason_page(
    request, model_admin, operation: Operation, objects, form, *, from_action: bool
) -> TemplateResponse:
    opts = model_admin.model._meta
    context = {
        **model_admin.admin_site.each_context(request),
        "title": operation.title,
        "operation": operation,
        "objects": objects,
        "form": form,
        "opts": opts,
        "from_action": from_action,
        "action_checkbox_name": helpers.ACTION_CHECKBOX_NAME,
        "cancel_url": reverse(f"admin:{opts.app_label}_{opts.model_name}_changelist"),
    }
    return TemplateResponse(request, "admin/games/moderation_form.html", context)


def moderation_action(name: str, operations: dict[str, Operation] | None = None):
    """A changelist action: first the reason page, then (on confirm) the service calls.
    ``operations`` is the table ``name`` is looked up in (the moderation's own by default)."""
    operation = (OPERATIONS if operations is None else operations)[name]

    def action(model_admin, request, queryset):
        if not may_moderate(request, operation):
            messages.error(request, "You do not have permission to do this.")
            return None
        objects = list(queryset)
        if request.POST.get("confirm") == "yes":
            form = ReasonForm(request.POST)
            if form.is_valid():
                apply_operation(request, operation, objects, form.cleaned_data["reason"])
                return None  # back to the changelist
        else:
            form = ReasonForm()
        return reason_page(request, model_admin, operation, objects, form, from_action=True)

    action.__name__ = name
    return admin.action(description=operation.title + "…", permissions=["moderate"])(action)


def moderation_view(model_admin, name: str, operations: dict[str, Operation] | None = None):
    """A view for one object (``<id>/<name>/``): the reason page, then back to its page.
    ``operations`` is the table ``name`` is looked up in (the moderation's own by default)."""
    operation = (OPERATIONS if operations is None else operations)[name]

    def view(request, object_id):
        obj = model_admin.get_object(request, object_id)
        if obj is None:
            raise Http404(f"No {model_admin.opts.verbose_name} {object_id}.")
        if not may_moderate(request, operation):
            raise PermissionDenied
        form = ReasonForm(request.POST or None)
        if request.method == "POST" and form.is_valid():
            apply_operation(request, operation, [obj], form.cleaned_data["reason"])
            opts = model_admin.model._meta
            return HttpResponseRedirect(
                reverse(f"admin:{opts.app_label}_{opts.model_name}_change", args=[obj.pk])
            )
        return reason_page(request, model_admin, operation, [obj], form, from_action=False)

    return model_admin.admin_site.admin_view(view)
