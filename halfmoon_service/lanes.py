"""The API lane: a token-authenticated call to ``/api/`` skips the middleware only the site needs.

A call with ``Authorization: Bearer <token>`` (or ``Token <token>``) is authenticated by its
token and nothing else: DRF's first authentication class (``api.http.authentication``) decides it
(a valid token, or 401), so the session is never consulted, and a token is never treated as a
session. Such a call has no use for the session, CSRF, Django's authentication, messages or
X-Frame-Options, which cost a layer each on every request (issue 29: ~8 % of a move's CPU).
The site, the admin, and API calls signed in by the browser session (with CSRF) keep the full
stack.

Each of those five is installed as its Django class with a step aside (``SiteOnly``): the
same class (a subclass, so Django's admin checks still find it) and the same place in
``MIDDLEWARE`` (so Django's handler still collects its hooks, CSRF's ``process_view``
included), only passing a token call straight through. On the lean path ``request.user`` is
the anonymous user until DRF authenticates the token (nothing reads a session). Django's
deploy checks look for these five by their Django paths; :func:`check_lane_middleware`
checks the same things of their lane classes (``halfmoon_service.checks``).

Why not a second settings module for API processes: one deployment serves both lanes, with
no nginx routing by header.
"""

from __future__ import annotations

from django.contrib.auth.middleware import AuthenticationMiddleware as DjangoAuthentication
from django.contrib.auth.models import AnonymousUser
from django.contrib.messages.middleware import MessageMiddleware as DjangoMessages
from django.contrib.sessions.middleware import SessionMiddleware as DjangoSessions
from django.middleware.clickjacking import XFrameOptionsMiddleware as DjangoXFrameOptions
from django.middleware.csrf import CsrfViewMiddleware as DjangoCsrf

from api.http.authentication import PlayerTokenAuthentication

API_PREFIX = "/api/"
#: The schemes of ``api.http.authentication``: a call naming one is decided by its token alone.
TOKEN_SCHEMES = frozenset(PlayerTokenAuthentication.keywords)
_ANONYMOUS = AnonymousUser()


def token_api_call(request) -> bool:
    """A call to ``/api/`` with a token in ``Authorization`` (the scheme DRF's token class
    reads: the header's first word, any case). Decided once per request."""
    lane = request.__dict__.get("api_lane")
    if lane is None:
        words = request.META.get("HTTP_AUTHORIZATION", "").split(None, 1)
        lane = bool(
            words and words[0].lower() in TOKEN_SCHEMES and request.path_info.startswith(API_PREFIX)
        )
        request.api_lane = lane
    return lane


class SiteOnly:
    """A Django middleware that a token call to the API passes straight through."""

    def __call__(self, request):
        if token_api_call(request):
            return self.get_response(request)  # a coroutine under ASGI: the caller awaits it
        return super().__call__(request)


class SessionMiddleware(SiteOnly, DjangoSessions):
    pass


class CsrfViewMiddleware(SiteOnly, DjangoCsrf):
    def process_view(self, request, callback, callback_args, callback_kwargs):
        if token_api_call(request):
            return None  # no session, no signed-in user: nothing a forged request could use
        return super().process_view(request, callback, callback_args, callback_kwargs)


class AuthenticationMiddleware(SiteOnly, DjangoAuthentication):
    def __call__(self, request):
        if token_api_call(request):
            request.user = _ANONYMOUS  # until DRF authenticates the token
            return self.get_response(request)
        return super().__call__(request)


class MessageMiddleware(SiteOnly, DjangoMessages):
    pass


class XFrameOptionsMiddleware(SiteOnly, DjangoXFrameOptions):
    pass


#: Django's class → its lane class (the deploy checks of ``halfmoon_service.checks``).
LANE_OF = {
    "django.contrib.sessions.middleware.SessionMiddleware": f"{__name__}.SessionMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware": f"{__name__}.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware": (
        f"{__name__}.AuthenticationMiddleware"
    ),
    "django.contrib.messages.middleware.MessageMiddleware": f"{__name__}.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware": (
        f"{__name__}.XFrameOptionsMiddleware"
    ),
}
