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

import functools
import json

from django.contrib.auth import login
from django.core.exceptions import SuspiciousOperation
from django.http import (
    HttpResponse,
    HttpResponseBadRequest,
    HttpResponseRedirect,
    JsonResponse,
)
from django.http.multipartparser import MultiPartParserError
from django.shortcuts import render
from django.urls import reverse
from django.utils.decorators import method_decorator
from django.utils.http import url_has_allowed_host_and_scheme, urlencode
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods
from oauth2_provider import views as dot_views
from oauth2_provider.exceptions import OAuthToolkitError
from oauth2_provider.oauth2_backends import _add_iss_to_redirect
from oauth2_provider.settings import oauth2_settings
from oauth2_provider.views import AuthorizationView
from oauth2_provider.views import device as dot_device

from games.accounts.usernames import username_key
from games.core import rates
from games.core.addresses import of_request
from games.core.errors import ServiceError, Throttled
from games.oauth import exchange, usecases

DEVICE_GRANT = "urn:ietf:params:oauth:grant-type:device_code"
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


#: The longest value a parameter of the authorization server may have: codes, tokens and
#: client ids are far shorter; a ``state`` or redirect URI of a few kilobytes still passes.
MAX_PARAMETER = 4096
#: The bodies an OAuth request may have (RFC 6749 §3.2, §4.1.3; browsers' forms send either).
FORM_TYPES = frozenset({"application/x-www-form-urlencoded", "multipart/form-data"})


def _malformed(request) -> str | None:
    """Why a request to the authorization server cannot be read, or None: a POST whose body
    is not a form (or does not parse), a parameter repeated, longer than
    :data:`MAX_PARAMETER` or holding a NUL (no database column takes one)."""
    if request.method == "POST":
        if request.content_type not in FORM_TYPES:
            return "The body must be application/x-www-form-urlencoded."
        try:
            values = list(request.POST.lists())
        except (ValueError, LookupError, SuspiciousOperation, MultiPartParserError):
            return "The body is not a well-formed form."
    else:
        values = []
    for _key, items in [*request.GET.lists(), *values]:
        if len(items) > 1:  # RFC 6749 §3.1: no parameter more than once
            return "A parameter is repeated."
        if any(len(item) > MAX_PARAMETER or "\x00" in item for item in items):
            return "A parameter is too long or holds a NUL character."
    return None


class WellFormed:
    """(Its ``dispatch`` comes first: a subclass of a DOT endpoint that DOT made CSRF-exempt
        must say so again, as ``as_view`` reads the decorator from the first ``dispatch``.)

    Every endpoint of the authorization server refuses a request it cannot read with a 4xx
        before DOT or oauthlib sees it (they answer a missing ``Content-Type`` or a NUL with a
        500): an OAuth error (RFC 6749 §5.2, ``invalid_request``) from the JSON endpoints, a
        plain 400 from the pages. Nothing is written."""

    json_errors = False

    def dispatch(self, request, *args, **kwargs):
        problem = _malformed(request)
        if problem is not None:
            if self.json_errors:
                return _oauth_error(400, "invalid_request", problem)
            return HttpResponseBadRequest(problem, content_type="text/plain; charset=utf-8")
        return super().dispatch(request, *args, **kwargs)


def well_formed(view):
    """:class:`WellFormed` for a function view (the pages)."""

    @functools.wraps(view)
    def checked(request, *args, **kwargs):
        problem = _malformed(request)
        if problem is not None:
            return HttpResponseBadRequest(problem, content_type="text/plain; charset=utf-8")
        return view(request, *args, **kwargs)

    return checked


@require_http_methods(["GET", "HEAD", "POST"])
@well_formed
def sign_in(request):
    """Sign in to let an app act for you: a form; on success back to the authorize step."""
    return _sign_in_page(request, _safe_next(request))


def _sign_in_page(request, next_url, refused=""):
    """The sign-in form; ``refused``: why the session signed in cannot go on (403)."""
    error, status = refused, (403 if refused else 200)
    if request.method == "POST" and not refused:
        username = request.POST.get("username", "")
        try:
            rates.charge("sign_in_address", of_request(request))
            rates.charge("sign_in_username", username_key(username))
            user = usecases.site_sign_in(username, request.POST.get("password", ""))
        except ServiceError as refusal:
            error, status = _refusal_text(refusal), refusal.status
        else:
            login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            return HttpResponseRedirect(next_url)
    response = render(
        request,
        "web/oauth_sign_in.html",
        {
            "next": next_url,
            "error": error,
            # refused on another page: the form signs in on the sign-in page, then comes back
            "action": reverse("oauth2_provider:sign-in") if refused else "",
            "username": "" if refused else request.POST.get("username", ""),
        },
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


class PlayerSessionsOnly:
    """The pages that approve an app for a player (the authorize step, GET and POST; the device
    code pages) refuse any signed-in session but a player's own site user
    (``games.oauth.services.session_player``): never an admin's session, whatever player it
    is linked to. The sign-in form again, 403, nothing written; a session not signed in is
    sent to sign in as before."""

    def dispatch(self, request, *args, **kwargs):
        if request.user.is_authenticated:
            try:
                usecases.session_player(request.user)
            except ServiceError as refusal:
                text = _refusal_text(refusal)
                if refusal.code == "no_credentials":
                    text = _(
                        "Only a player can connect apps, never a staff account: sign in with "
                        "a player's username and password."
                    )
                return _sign_in_page(request, request.get_full_path(), text)
        return super().dispatch(request, *args, **kwargs)


@method_decorator(csrf_exempt, name="dispatch")  # as DOT's: apps post without CSRF
class DeviceAuthorizationView(WellFormed, dot_device.DeviceAuthorizationView):
    """DOT's device authorization endpoint (RFC 8628 §3.1), throttled per address and per app
    before anything is read (429 ``slow_down`` with ``Retry-After``, no grant made), refusing a
    scope the app may not ask for (``invalid_scope``, no grant made) as the authorize step
    does: DOT's endpoint does not check scopes there."""

    json_errors = True

    def post(self, request, *args, **kwargs):
        from oauth2_provider.models import Application

        from games.oauth.scopes import ScopesBackend

        try:
            rates.charge("device_authorization_address", of_request(request))
            rates.charge("device_authorization_client", request.POST.get("client_id", ""))
        except Throttled as refusal:
            retry_after = refusal.details["retry_after"]
            response = _oauth_error(429, "slow_down", "Too many device codes asked for: wait.")
            response["Retry-After"] = str(retry_after)
            return response
        app = Application.objects.filter(client_id=request.POST.get("client_id", "")).first()
        wanted = set(request.POST.get("scope", "").split())
        if app is not None and not wanted <= set(ScopesBackend().get_available_scopes(app)):
            return JsonResponse(
                {"error": "invalid_scope", "error_description": "A scope the app may not ask for."},
                status=400,
            )
        return _absolute_verification(request, super().post(request, *args, **kwargs))


def _absolute_verification(request, response):
    """RFC 8628 §3.2: the device shows ``verification_uri`` to a person who types it on
    another device, so it is absolute (DOT answers the configured path), and
    ``verification_uri_complete`` carries the user code (the page fills it in: a QR code)."""
    if response.status_code != 200:
        return response
    data = json.loads(response.content)
    if "verification_uri" not in data:
        return response
    absolute = request.build_absolute_uri(data["verification_uri"])
    data["verification_uri"] = absolute
    data["verification_uri_complete"] = f"{absolute}?{urlencode({'user_code': data['user_code']})}"
    answer = JsonResponse(data, status=200)
    for header in ("Cache-Control", "Pragma"):
        if header in response:
            answer[header] = response[header]
    return answer


@method_decorator(csrf_exempt, name="dispatch")  # as DOT's: apps post without CSRF
class TokenView(WellFormed, dot_views.TokenView):
    """DOT's token endpoint with each code exchanged at most once (``games.oauth.exchange``):
    a replayed authorization or device code is ``invalid_grant`` and revokes what its first
    exchange issued, a failed exchange burns the code. Other grants (refresh) are DOT's own.
    A request it cannot read is an OAuth error in JSON (RFC 6749 §5.2) like every other refusal
    here: a client library parses it (Authlib found the plain-text 400 unreadable)."""

    json_errors = True

    def post(self, request, *args, **kwargs):
        grant_type = request.POST.get("grant_type")
        if grant_type == "authorization_code":
            code, exchange_once = request.POST.get("code"), exchange.exchange_code
        elif grant_type == DEVICE_GRANT:
            code, exchange_once = request.POST.get("device_code"), exchange.exchange_device_code
        else:
            return super().post(request, *args, **kwargs)
        if not code:
            return _oauth_error(400, "invalid_request", "The code is missing.")
        answered: list[HttpResponse] = []

        def issue() -> tuple[int, dict]:
            response = super(TokenView, self).post(request, *args, **kwargs)
            answered.append(response)
            return response.status_code, json.loads(response.content or b"{}")

        status, body = exchange_once(code, issue)
        if answered and answered[0].status_code == status:
            return answered[0]
        return _oauth_error(status, body["error"], body.get("error_description", ""))


def _oauth_error(status: int, error: str, description: str) -> JsonResponse:
    """An error of the token endpoints (RFC 6749 §5.2), never cached."""
    response = JsonResponse({"error": error, "error_description": description}, status=status)
    response["Cache-Control"] = "no-store"
    return response


class _ConsentRequired(Exception):
    """DOT's authorize GET tried to answer without the consent page."""


class ConsentAuthorizationView(WellFormed, PlayerSessionsOnly, AuthorizationView):
    """DOT's authorize view that always asks the player: on GET, DOT grants without the page
    when the app's ``skip_authorization`` is set or ``approval_prompt=auto`` finds an earlier
    token; both paths go through ``create_authorization_response``, refused here, so the
    consent page is shown instead. Only the player's POST on the page grants."""

    _showing_consent = False

    def get(self, request, *args, **kwargs):
        refused = self._without_s256(request)
        if refused is not None:
            return refused
        self._showing_consent = True
        try:
            return super().get(request, *args, **kwargs)
        except _ConsentRequired:
            return self.render_to_response(self.get_context_data(**self.oauth2_data))
        finally:
            self._showing_consent = False

    def _without_s256(self, request):
        """OAuth 2.1 and RFC 9700: PKCE with S256 or nothing. A request without a challenge or
        with another method is refused before the consent page — the player is never asked to
        approve what the token endpoint would refuse — by the error redirect of RFC 6749
        §4.1.2.1 with ``iss`` (RFC 9207), once DOT has validated the app and its redirect URI
        (an invalid one is DOT's own error page, never a redirect)."""
        challenge = request.GET.get("code_challenge", "")
        if challenge and request.GET.get("code_challenge_method") == "S256":
            return None
        try:
            _scopes, credentials = self.validate_authorization_request(request)
        except OAuthToolkitError:
            return None  # DOT answers it as it does every invalid request
        query = {
            "error": "invalid_request",
            "error_description": "PKCE with code_challenge_method=S256 is required.",
        }
        if credentials.get("state"):
            query["state"] = credentials["state"]
        return self.redirect(f"{credentials['redirect_uri']}?{urlencode(query)}", None)

    def redirect(self, redirect_to, application):
        """Every redirect back to the app names the issuer (RFC 9207), error redirects too
        (DOT adds it to a granted code's only)."""
        issuer = oauth2_settings.oauth2_authorization_server_issuer(self.request)
        return super().redirect(_add_iss_to_redirect(redirect_to, issuer), application)

    def create_authorization_response(self, request, scopes, credentials, allow):
        if self._showing_consent:
            raise _ConsentRequired
        return super().create_authorization_response(request, scopes, credentials, allow)


class DeviceUserCodeView(WellFormed, PlayerSessionsOnly, dot_device.DeviceUserCodeView):
    """DOT's page where the player types a device's code, throttled per address and per
    player before the code is looked up: once over, a right code is refused like a wrong one
    (429, the form again, nothing changed)."""

    def post(self, request, *args, **kwargs):
        try:
            rates.charge("device_code_address", of_request(request))
            rates.charge("device_code_player", request.user.pk)
        except Throttled as refusal:
            form = self.get_form()
            form.errors.clear()
            form.add_error(None, _refusal_text(refusal))
            response = self.render_to_response(self.get_context_data(form=form), status=429)
            response["Retry-After"] = str(refusal.details["retry_after"])
            return response
        return super().post(request, *args, **kwargs)


class DeviceConfirmView(WellFormed, PlayerSessionsOnly, dot_device.DeviceConfirmView):
    """DOT's page where the player allows or denies a device, for players' sessions only."""


class DeviceGrantStatusView(WellFormed, PlayerSessionsOnly, dot_device.DeviceGrantStatusView):
    """DOT's page of a device grant's outcome, for players' sessions only."""


@method_decorator(csrf_exempt, name="dispatch")  # as DOT's: apps post without CSRF
class RevokeTokenView(WellFormed, dot_views.RevokeTokenView):
    """DOT's revocation endpoint (RFC 7009), refusing what it cannot read."""

    json_errors = True


class ServerMetadataView(WellFormed, dot_views.OAuthServerMetadataView):
    """DOT's metadata (RFC 8414), completed with what DOT leaves out: the device authorization
    endpoint (RFC 8628 §4) and ``none`` among the token and revocation endpoints' client
    authentication methods (public apps — native, browser, devices — authenticate with PKCE or
    the device code alone, OAuth 2.1 §2.4)."""

    def get(self, request, *args, **kwargs):
        response = super().get(request, *args, **kwargs)
        data = json.loads(response.content)
        data["device_authorization_endpoint"] = request.build_absolute_uri(
            reverse("oauth2_provider:device-authorization")
        )
        for key in (
            "token_endpoint_auth_methods_supported",
            "revocation_endpoint_auth_methods_supported",
        ):
            methods = data.get(key, [])
            data[key] = [*methods, "none"] if "none" not in methods else methods
        return JsonResponse(data, status=response.status_code)
