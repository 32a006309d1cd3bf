"""The site's pages of the authorize step (SPEC §13): signing in with a username and password
(players with credentials only), then the consent page (django-oauth-toolkit's authorize view
with the service's template, ``templates/oauth2_provider/authorize.html``).

The sign-in makes a Django session for the player's site user (``games.oauth.services``):
what DOT's views require. It is throttled like the API's sign-in, per address and username.
"""

from __future__ import annotations

from django.contrib.auth import login
from django.http import HttpResponseRedirect, JsonResponse
from django.shortcuts import render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods
from oauth2_provider.views import device as dot_device

from games.accounts.usernames import username_key
from games.core import rates
from games.core.errors import ServiceError
from games.oauth import services

#: The pages' own styles and forms only; the consent page's redirect goes to the app.
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'none'; style-src 'self'; img-src 'self' data:; "
    "base-uri 'none'; frame-ancestors 'none'"
)


def _safe_next(request) -> str:
    wanted = request.POST.get("next") or request.GET.get("next") or "/"
    if url_has_allowed_host_and_scheme(wanted, {request.get_host()}, request.is_secure()):
        return wanted
    return "/"


@require_http_methods(["GET", "HEAD", "POST"])
def sign_in(request):
    """Sign in to let an app act for you: a form; on success back to the authorize step."""
    next_url = _safe_next(request)
    error, status = "", 200
    if request.method == "POST":
        username = request.POST.get("username", "")
        try:
            rates.charge("sign_in_address", request.META.get("REMOTE_ADDR", ""))
            rates.charge("sign_in_username", username_key(username))
            user = services.site_sign_in(username, request.POST.get("password", ""))
        except ServiceError as refusal:
            error, status = _refusal_text(refusal), refusal.status
        else:
            login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            return HttpResponseRedirect(next_url)
    response = render(
        request,
        "web/oauth_sign_in.html",
        {"next": next_url, "error": error, "username": request.POST.get("username", "")},
        status=status,
    )
    response["Content-Security-Policy"] = CONTENT_SECURITY_POLICY
    return response


def _refusal_text(refusal: ServiceError) -> str:
    texts = {
        "sign_in_failed": _("That username and password do not match."),
        "no_credentials": _("This player cannot connect apps."),
        "account_locked": _("This account is locked by the staff."),
        "token_suspended": _("This player is suspended by the staff."),
        "throttled": _("Too many tries: wait a minute, then try again."),
    }
    return texts.get(refusal.code, str(refusal.message))


class DeviceAuthorizationView(dot_device.DeviceAuthorizationView):
    """DOT's device authorization endpoint (RFC 8628 §3.1), refusing a scope the app may not
    ask for (``invalid_scope``, no grant made) as the authorize step does: DOT's endpoint does
    not check scopes there."""

    def post(self, request, *args, **kwargs):
        from oauth2_provider.models import Application

        from games.oauth.scopes import ScopesBackend

        app = Application.objects.filter(client_id=request.POST.get("client_id", "")).first()
        wanted = set(request.POST.get("scope", "").split())
        if app is not None and not wanted <= set(ScopesBackend().get_available_scopes(app)):
            return JsonResponse(
                {"error": "invalid_scope", "error_description": "A scope the app may not ask for."},
                status=400,
            )
        return super().post(request, *args, **kwargs)
