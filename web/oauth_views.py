"""The site's pages of the authorize step (SPEC §13): signing in with a username and password
(players with credentials only), then the consent page (django-oauth-toolkit's authorize view
with the service's template, ``templates/oauth2_provider/authorize.html``).

The sign-in makes a Django session for the player's site user (``games.oauth.services``):
what DOT's views require. It is throttled like the API's sign-in, per address and username;
the device grant's code entry per address and per player (a wrong code costs as much as a right
one, so a guesser learns nothing once over). The authorize step always shows the consent page:
DOT's ``skip_authorization`` and ``approval_prompt=auto`` are never honoured.
"""

from __future__ import annotations

from django.contrib.auth import login
from django.http import HttpResponseRedirect, JsonResponse
from django.shortcuts import render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods
from oauth2_provider.views import AuthorizationView
from oauth2_provider.views import device as dot_device

from games.accounts.usernames import username_key
from games.core import rates
from games.core.errors import ServiceError, Throttled
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


class _ConsentRequired(Exception):
    """DOT's authorize GET tried to answer without the consent page."""


class ConsentAuthorizationView(AuthorizationView):
    """DOT's authorize view that always asks the player: on GET, DOT grants without the page
    when the app's ``skip_authorization`` is set or ``approval_prompt=auto`` finds an earlier
    token; both paths go through ``create_authorization_response``, refused here, so the
    consent page is shown instead. Only the player's POST on the page grants."""

    _showing_consent = False

    def get(self, request, *args, **kwargs):
        self._showing_consent = True
        try:
            return super().get(request, *args, **kwargs)
        except _ConsentRequired:
            return self.render_to_response(self.get_context_data(**self.oauth2_data))
        finally:
            self._showing_consent = False

    def create_authorization_response(self, request, scopes, credentials, allow):
        if self._showing_consent:
            raise _ConsentRequired
        return super().create_authorization_response(request, scopes, credentials, allow)


class DeviceUserCodeView(dot_device.DeviceUserCodeView):
    """DOT's page where the player types a device's code, throttled per address and per
    player before the code is looked up: once over, a right code is refused like a wrong one
    (429, the form again, nothing changed)."""

    def post(self, request, *args, **kwargs):
        try:
            rates.charge("device_code_address", request.META.get("REMOTE_ADDR", ""))
            rates.charge("device_code_player", request.user.pk)
        except Throttled as refusal:
            form = self.get_form()
            form.errors.clear()
            form.add_error(None, _refusal_text(refusal))
            response = self.render_to_response(self.get_context_data(form=form), status=429)
            response["Retry-After"] = str(refusal.details["retry_after"])
            return response
        return super().post(request, *args, **kwargs)
