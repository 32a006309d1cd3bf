"""A Content-Security-Policy for the admin (``/admin/``): only this site's own scripts, styles,
images and forms, never framed. Django's admin runs no inline script; a few of its pages (and
ours) set inline ``style`` attributes, which the policy allows for styles only: an injected
``<script>`` or ``javascript:`` URL in a staff page still does not run."""

from __future__ import annotations

from django.urls import reverse

CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)


class AdminContentSecurityPolicyMiddleware:
    """Adds the policy to every admin answer that has none of its own."""

    def __init__(self, get_response):
        self.get_response = get_response
        self.prefix: str | None = None

    def __call__(self, request):
        response = self.get_response(request)
        if self.prefix is None:
            self.prefix = reverse("admin:index")
        if request.path.startswith(self.prefix) and "Content-Security-Policy" not in response:
            response["Content-Security-Policy"] = CONTENT_SECURITY_POLICY
        return response
