"""CORS per registered app: django-cors-headers' documented ``check_request_enabled`` signal
allows, for the API, an origin listed on any non-suspended app (on top of the server-wide
CORS_ALLOWED_ORIGINS, which the library still checks itself), on the paths of CORS_URLS_REGEX:
the API and the authorization server's token, revocation and metadata endpoints. The list is
cached for HALFMOON_APP_ORIGINS_TTL_S seconds so a preflight costs no query."""

from __future__ import annotations

import re
from typing import Any

from django.conf import settings
from django.core.cache import cache

from games.oauth.selectors import app_origins

CACHE_KEY = "halfmoon:cors:app-origins"


def registered_origins() -> frozenset[str]:
    ttl = settings.HALFMOON_APP_ORIGINS_TTL_S
    if ttl <= 0:
        return app_origins()
    origins = cache.get_or_set(CACHE_KEY, app_origins, ttl)
    return origins if origins is not None else app_origins()


def allow_app_origins(sender: Any, request: Any, **kwargs: Any) -> bool:
    if not re.match(settings.CORS_URLS_REGEX, request.path_info):
        return False
    origin = request.headers.get("Origin", "")
    host = request.META.get("HTTP_HOST") or request.META.get("SERVER_NAME")
    if not origin or origin.split("://", 1)[-1] == host:
        return False  # the site's own pages (their POSTs carry Origin): no lookup on that path
    return origin in registered_origins()
