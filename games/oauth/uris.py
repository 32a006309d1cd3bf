"""Which redirect URIs and browser origins an app may list (the admin's form and a player's
own registration apply the same rules): https anywhere; plain http only on a loopback host,
for development and native apps (RFC 8252 §7.3, RFC 9700 §2.1)."""

from __future__ import annotations

from urllib.parse import urlsplit

LOOPBACK_HOSTS = frozenset({"127.0.0.1", "::1", "localhost"})
#: Longest redirect URI or origin kept.
MAX_URI_LENGTH = 500


def redirect_uri_problem(uri: str) -> str | None:
    """Why ``uri`` cannot be a redirect URI, or None: an absolute https URI, or http on a
    loopback host, without a fragment (RFC 6749 §3.1.2)."""
    if len(uri) > MAX_URI_LENGTH:
        return f"{uri[:40]}…: longer than {MAX_URI_LENGTH} characters."
    if not uri.isprintable() or any(ch.isspace() for ch in uri):
        return f"{uri!r}: no spaces or control characters."
    try:
        parts = urlsplit(uri)
        parts.port  # noqa: B018 — a port that is no number raises ValueError
    except ValueError:
        return f"{uri}: not a URI."
    if not parts.hostname or parts.fragment or parts.username or parts.password:
        return f"{uri}: an absolute URI with a host, no fragment, no user information."
    return _scheme_problem(uri, parts.scheme, parts.hostname)


def origin_problem(origin: str) -> str | None:
    """Why ``origin`` cannot be a browser origin (CORS), or None: ``scheme://host[:port]``
    only, https, or http on a loopback host (``http://127.0.0.1:5173``)."""
    if len(origin) > MAX_URI_LENGTH:
        return f"{origin[:40]}…: longer than {MAX_URI_LENGTH} characters."
    if not origin.isprintable() or any(ch.isspace() for ch in origin):
        return f"{origin!r}: no spaces or control characters."
    try:
        parts = urlsplit(origin)
        parts.port  # noqa: B018
    except ValueError:
        return f"{origin}: not an origin."
    if (
        not parts.hostname
        or parts.path
        or parts.query
        or parts.fragment
        or parts.username
        or parts.password
    ):
        return f"{origin}: an origin is scheme://host[:port], nothing more."
    return _scheme_problem(origin, parts.scheme, parts.hostname)


def _scheme_problem(text: str, scheme: str, hostname: str) -> str | None:
    if scheme == "https":
        return None
    if scheme == "http":
        if hostname in LOOPBACK_HOSTS:
            return None
        return (
            f"{text}: plain http only for a loopback host (127.0.0.1, [::1], localhost); use https."
        )
    return f"{text}: https (or http on a loopback host) only."
