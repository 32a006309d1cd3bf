"""``/api/v1/asyncapi.json`` (the sockets' AsyncAPI document) and ``/api/v1/asyncapi/``, the
page that renders it with the vendored AsyncAPI React component (``static/asyncapi/``: no CDN)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import reverse

from .asyncapi import document

#: The vendored ``@asyncapi/react-component`` (see its ``VENDORED.md``).
ASYNCAPI_COMPONENT = "asyncapi/react-component-3.2.1"

#: The page runs the vendored bundle and fetches the document from this site only.
PAGE_POLICY = (
    "default-src 'none'; script-src 'self' 'unsafe-eval'; style-src 'self' 'unsafe-inline'; "
    "connect-src 'self'; img-src 'self' data:; font-src 'self' data:; base-uri 'none'; "
    "form-action 'none'; frame-ancestors 'none'"
)


def asyncapi_json(request: HttpRequest) -> JsonResponse:
    """The AsyncAPI 3.0 document, its server being the host the request came to."""
    content = document(host=request.get_host(), secure=request.is_secure())
    return JsonResponse(content, json_dumps_params={"ensure_ascii": False})


def asyncapi_page(request: HttpRequest) -> HttpResponse:
    response = render(
        request,
        "realtime/asyncapi.html",
        {
            "document_url": reverse("asyncapi-json"),
            "openapi_url": reverse("docs"),
            "script": static(f"{ASYNCAPI_COMPONENT}/standalone.js"),
            "stylesheet": static(f"{ASYNCAPI_COMPONENT}/default.min.css"),
        },
    )
    response["Content-Security-Policy"] = PAGE_POLICY
    return response
