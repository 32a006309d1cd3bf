"""Third-party apps in the admin (SPEC §13): staff register an app (DOT's application: public or
confidential, exact redirect URIs, the authorization code or device grant), choose the scopes it
may ask for, and suspend it — every change audited (``StaffAction``) like the other staff
actions, through ``games.oauth.services``."""

from __future__ import annotations

from django import forms
from django.contrib import admin
from oauth2_provider.admin import ApplicationAdmin
from oauth2_provider.models import Application

from ..oauth import services as apps
from ..oauth.scopes import SCOPES
from ..oauth.selectors import policy_of
from ..oauth.uris import origin_problem, redirect_uri_problem
from .moderating import Operation, moderation_action

PERMISSION = "oauth2_provider.change_application"
#: The grants OAuth 2.1 keeps that act for a player, the only ones the form offers.
GRANTS = (Application.GRANT_AUTHORIZATION_CODE, Application.GRANT_DEVICE_CODE)
GRANT_CHOICES = [
    (Application.GRANT_AUTHORIZATION_CODE, "Authorization code (with PKCE)"),
    (Application.GRANT_DEVICE_CODE, "Device code (RFC 8628)"),
]
CLIENT_TYPE_CHOICES = [
    (Application.CLIENT_PUBLIC, "Public (a browser, mobile or desktop app: no secret)"),
    (Application.CLIENT_CONFIDENTIAL, "Confidential (a server that keeps its secret)"),
]
#: DOT's fields for what the service does not do: OpenID Connect (ID token signing, logout
#: redirects) and skipping the consent page.
NOT_OFFERED = ("skip_authorization", "algorithm", "post_logout_redirect_uris")

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
        if "authorization_grant_type" in self.fields:
            self.fields["authorization_grant_type"].choices = GRANT_CHOICES
        if "client_type" in self.fields:
            self.fields["client_type"].choices = CLIENT_TYPE_CHOICES
        if "allowed_origins" in self.fields:
            self.fields["allowed_origins"].help_text = (
                "Browser origins allowed to call the API (CORS), one per line: "
                "https://app.example, or http://127.0.0.1:5173 / http://localhost:5173 for "
                "development."
            )

    def clean_redirect_uris(self):
        """``http`` only for a native app's loopback callback (RFC 8252 §7.3; RFC 9700 §2.1):
        DOT allows a scheme for every host, so the loopback rule is kept here
        (``games.oauth.uris``, as for a player's own app)."""
        uris = self.cleaned_data.get("redirect_uris", "")
        problems = [p for p in map(redirect_uri_problem, uris.split()) if p]
        if problems:
            raise forms.ValidationError(problems)
        return uris

    def clean_allowed_origins(self):
        """https origins, or http on a loopback host for development (DOT's own check allows
        the http scheme for every host: ``ALLOWED_SCHEMES``)."""
        origins = self.cleaned_data.get("allowed_origins", "")
        problems = [p for p in map(origin_problem, origins.split()) if p]
        if problems:
            raise forms.ValidationError(problems)
        return origins

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
    #: the authorize step ignores it anyway: web.oauth_views.ConsentAuthorizationView); nor
    #: OpenID Connect's fields (the service issues no ID token).
    exclude = NOT_OFFERED
    list_filter = ("client_type", "authorization_grant_type")
    list_select_related = ("user",)
    list_display = (
        "pk",
        "name",
        "owner",
        "client_type",
        "authorization_grant_type",
        "scopes",
        "state",
    )
    actions = [
        moderation_action("suspend_app", APP_OPERATIONS),
        moderation_action("unsuspend_app", APP_OPERATIONS),
    ]

    @admin.display(description="allowed scopes")
    def scopes(self, app):
        return " ".join(sorted(policy_of(app).allowed()))

    @admin.display(description="registered by")
    def owner(self, app):
        """Staff's apps have no owner; a player's own app (self-service) is its site user's."""
        return app.user.get_username() if app.user_id else "staff"

    @admin.display(description="state")
    def state(self, app):
        return "suspended" if policy_of(app).suspended_at is not None else "active"

    def has_moderate_permission(self, request):
        return request.user.has_perm(PERMISSION)

    def save_model(self, request, obj, form, change):
        super().save_model(request, obj, form, change)
        apps.set_policy(request.user, obj.pk, form.cleaned_data["allowed_scopes"])
