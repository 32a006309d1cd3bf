"""Third-party apps in the admin (SPEC §13): staff register an app (DOT's application: public or
confidential, exact redirect URIs, the authorization code or device grant), choose the scopes it
may ask for, and suspend it — every change audited (``StaffAction``) like the other staff
actions, through ``games.oauth.services``."""

from __future__ import annotations

from urllib.parse import urlsplit

from django import forms
from django.contrib import admin
from oauth2_provider.admin import ApplicationAdmin
from oauth2_provider.models import Application

from ..oauth import services as apps
from ..oauth.scopes import SCOPES
from ..oauth.selectors import policy_of
from .moderating import Operation, moderation_action

PERMISSION = "oauth2_provider.change_application"
#: The grants OAuth 2.1 keeps that act for a player.
GRANTS = (Application.GRANT_AUTHORIZATION_CODE, Application.GRANT_DEVICE_CODE)
LOOPBACK_HOSTS = frozenset({"127.0.0.1", "::1", "localhost"})

APP_OPERATIONS = {
    op.name: op
    for op in (
        Operation(
            "suspend_app",
            "Suspend apps",
            "suspended",
            apps.suspend_app,
            PERMISSION,
            "Every token and code of the apps is deleted now (their sockets close), and every "
            "endpoint refuses them until unsuspended. Players see them disappear from their "
            "connected apps.",
        ),
        Operation(
            "unsuspend_app",
            "Unsuspend apps",
            "unsuspended",
            apps.unsuspend_app,
            PERMISSION,
            "The apps may ask players again; nothing they held comes back.",
        ),
    )
}


class AppForm(ApplicationAdmin.form):
    allowed_scopes = forms.MultipleChoiceField(
        choices=[(name, f"{name}: {text}") for name, text in SCOPES.items()],
        widget=forms.CheckboxSelectMultiple,
        initial=["read"],
        help_text="What the app may ask players for; each player still chooses to allow it.",
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if self.instance.pk:
            self.fields["allowed_scopes"].initial = sorted(policy_of(self.instance).allowed())

    def clean_redirect_uris(self):
        """``http`` only for a native app's loopback callback (RFC 8252 §7.3; RFC 9700 §2.1):
        DOT allows a scheme for every host, so the loopback rule is kept here."""
        uris = self.cleaned_data.get("redirect_uris", "")
        for uri in uris.split():
            parts = urlsplit(uri)
            if parts.scheme == "http" and parts.hostname not in LOOPBACK_HOSTS:
                raise forms.ValidationError(
                    f"{uri}: plain http only for a loopback callback (127.0.0.1, [::1], "
                    "localhost); use https."
                )
        return uris

    def clean_authorization_grant_type(self):
        grant = self.cleaned_data["authorization_grant_type"]
        if grant not in GRANTS:
            raise forms.ValidationError(
                "OAuth 2.1: the authorization code (with PKCE) or the device grant only."
            )
        return grant


admin.site.unregister(Application)


@admin.register(Application)
class AppAdmin(ApplicationAdmin):
    form = AppForm
    #: DOT's "skip authorization" would grant without the consent page: never offered (and
    #: the authorize step ignores it anyway: web.oauth_views.ConsentAuthorizationView).
    exclude = ("skip_authorization",)
    list_filter = ("client_type", "authorization_grant_type")
    list_display = ("pk", "name", "client_type", "authorization_grant_type", "scopes", "state")
    actions = [
        moderation_action("suspend_app", APP_OPERATIONS),
        moderation_action("unsuspend_app", APP_OPERATIONS),
    ]

    @admin.display(description="allowed scopes")
    def scopes(self, app):
        return " ".join(sorted(policy_of(app).allowed()))

    @admin.display(description="state")
    def state(self, app):
        return "suspended" if policy_of(app).suspended_at is not None else "active"

    def has_moderate_permission(self, request):
        return request.user.has_perm(PERMISSION)

    def save_model(self, request, obj, form, change):
        super().save_model(request, obj, form, change)
        apps.set_policy(request.user, obj.pk, form.cleaned_data["allowed_scopes"])
