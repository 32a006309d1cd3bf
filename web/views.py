"""The web client's one page: a static shell. Everything on it comes from the public API.

No game state is rendered here: the ES modules under ``web/static/web/`` fetch it from
``/api/v1/`` and follow it over ``/ws/``, exactly as a third-party frontend would.
"""

import hashlib
import json
import os
import re

from django.conf import settings
from django.contrib.staticfiles import finders
from django.http import HttpResponse
from django.template.loader import render_to_string
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


#: A static file the page links or loads: the shell's parts, kept by the service worker.
SHELL_ASSET = re.compile(r'(?:href|src)="(/static/[^"]+)"')


def _page(request, modules: bool = False) -> str:
    return render_to_string("web/index.html", {"modules": modules}, request=request)


@require_safe
def index(request):
    """The page. ``/?modules`` loads the ES modules one by one instead of their bundle (for
    development, and bench/first_load.py's comparison: docs/PERFORMANCE.md)."""
    response = HttpResponse(_page(request, modules="modules" in request.GET))
    response["Content-Security-Policy"] = CONTENT_SECURITY_POLICY
    response["Cache-Control"] = "no-cache"
    return response


def _versioned(assets: list[str]) -> list[str]:
    """The names, which carry their content's hash once collected; otherwise (development,
    the tests) each with its file's modification time, so that an edited file is fetched anew."""
    if settings.HALFMOON_STATIC_COLLECTED:
        return assets
    versioned = []
    for url in assets:
        found = url.startswith("/static/") and finders.find(url.removeprefix("/static/"))
        stamp = os.stat(found).st_mtime_ns if isinstance(found, str) else ""
        versioned.append(f"{url} {stamp}")
    return versioned


@require_safe
def service_worker(request):
    """The service worker (``/sw.js``, at the root so that its scope is the whole site): the
    page and the static files it links, as the page links them now (hashed names once
    collected), cached on install for an offline visit. Its cache is named after a digest of
    that list, so a deployment that changes any of them installs a new worker and drops the old
    cache. Never cached by HTTP itself: the browser checks it at every visit."""
    assets = ["/", *dict.fromkeys(SHELL_ASSET.findall(_page(request)))]
    version = hashlib.sha256("\n".join(_versioned(assets)).encode()).hexdigest()[:16]
    body = render_to_string(
        "web/sw.js", {"shell": json.dumps(assets), "cache": json.dumps(f"halfmoon-shell-{version}")}
    )
    response = HttpResponse(body, content_type="text/javascript; charset=utf-8")
    response["Cache-Control"] = "no-cache"
    return response
