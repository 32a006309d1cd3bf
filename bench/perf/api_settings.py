"""A lever measured by the peer comparison (docs/PERFORMANCE.md), not a deployed setting: the
HTTP workers with only the middleware a token-authenticated API request uses.

Dropped: sessions, CSRF, Django's authentication, messages and X-Frame-Options (the site and
the admin need them; a token-authenticated API request never reads them). The common
middleware stays: it sets the Content-Length that keeps a response out of chunked encoding.
``PERF_HTTP_SETTINGS=bench.perf.api_settings`` runs the stack's HTTP workers with it.
"""

from halfmoon_service.settings import *  # noqa: F403
from halfmoon_service.settings import MIDDLEWARE

SITE_ONLY = {
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
}
#: The deployed settings install them as the API lane's classes (``halfmoon_service.lanes``,
#: which already skip them for a token call): dropped by either path.
SITE_ONLY |= {f"halfmoon_service.lanes.{name.rsplit('.', 1)[1]}" for name in SITE_ONLY}
MIDDLEWARE = [name for name in MIDDLEWARE if name not in SITE_ONLY]
