"""The admin's sign-in under django-axes (issue 37, L3), configured in settings (``AXES_*``).

Wrong passwords are counted per (username, address) together, so a stranger guessing the
owner's username from elsewhere locks only themselves out, never the owner. Axes keeps its
counters in the cache (Redis in production) under the keys these callables give: a keyed hash
of the username and of the client's address behind the trusted proxies, never either one
itself (as ``games.core.rates`` keeps throttle keys). A locked-out sign-in answers 429 with
``Retry-After`` and signs nobody in.
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpResponse

from games.core.addresses import of_request
from games.core.rates import keyed_hash


def username_key(request, credentials: dict | None = None) -> str:
    """What axes counts as the username: a keyed hash of it, case-folded."""
    field = getattr(settings, "AXES_USERNAME_FORM_FIELD", "username")
    username = (credentials or {}).get(field)
    if username is None and request is not None:
        username = request.POST.get(field, "")
    return "user:" + keyed_hash(str(username or "").casefold())


def address_key(request) -> str:
    """What axes counts as the client's address: a keyed hash of it."""
    return "address:" + keyed_hash(of_request(request))


def lockout_response(request, original_response=None, credentials=None) -> HttpResponse:
    """429 with ``Retry-After`` (the cool-off, in seconds), in place of the sign-in page."""
    cool_off = int(settings.AXES_COOLOFF_TIME.total_seconds())
    response = HttpResponse(
        "Too many wrong passwords for this username from this address: try again later.",
        status=429,
        content_type="text/plain; charset=utf-8",
    )
    response["Retry-After"] = str(cool_off)
    return response
