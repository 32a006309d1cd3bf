"""The web client's one page: a static shell. Everything on it comes from the public API.

No game state is rendered here: the ES modules under ``web/static/web/`` fetch it from
``/api/v1/`` and follow it over ``/ws/``, exactly as a third-party frontend would.
"""

from django.shortcuts import render
from django.views.decorators.http import require_safe

#: Only this site's own scripts, styles and sockets; no inline code, no third-party origin.
CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "base-uri 'none'",
        "form-action 'none'",
        "frame-ancestors 'none'",
    ]
)


@require_safe
def index(request):
    response = render(request, "web/index.html")
    response["Content-Security-Policy"] = CONTENT_SECURITY_POLICY
    response["Cache-Control"] = "no-cache"
    return response
