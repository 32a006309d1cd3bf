"""Who is on a socket: ``scope["player"]`` from a token or the session, and the language.

A token may come in three ways, first found wins:

1. an ``Authorization: Bearer <token>`` (or ``Token <token>``) header, for clients that can
   set headers on the handshake;
2. the ``Sec-WebSocket-Protocol`` offer ``halfmoon.token.<token>`` beside ``halfmoon`` (browsers
   can set nothing else; the server selects ``halfmoon``, never echoing the token);
3. ``?token=<token>`` in the URL, still accepted for older clients: a URL is what access logs
   and proxies record, so prefer the other two.

A token that is unknown, revoked or suspended is not a watcher: ``scope["credentials_error"]``
holds the refusal, and the socket sends it and closes (:mod:`realtime.sockets`).
"""

from urllib.parse import parse_qs, urlparse

from channels.db import database_sync_to_async
from django.conf import settings
from django.http.request import validate_host
from django.utils import translation

from games.core.errors import ServiceError
from games.oauth import authentication as apps
from games.players.authentication import authenticate
from games.transport.errors import InvalidToken

#: The subprotocol a client offers (and the server selects) beside its token's.
SUBPROTOCOL = "halfmoon"
#: Prefix of the subprotocol offer that carries a token.
TOKEN_SUBPROTOCOL = "halfmoon.token."
_SCHEMES = ("token", "bearer")


def token_of(scope) -> str | None:
    """The token a handshake presents (header, subprotocol or query), or None."""
    headers = dict(scope.get("headers", []))
    words = headers.get(b"authorization", b"").decode("latin-1").split()
    if len(words) == 2 and words[0].lower() in _SCHEMES:
        return words[1]
    if words and words[0].lower() in _SCHEMES:
        return ""  # the scheme without exactly one token: refused like an unknown token
    for offer in scope.get("subprotocols") or ():
        if offer.startswith(TOKEN_SUBPROTOCOL):
            return offer.removeprefix(TOKEN_SUBPROTOCOL)
    query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
    return query.get("token", [None])[0]


class PlayerMiddleware:
    """Sets ``scope["player"]`` from a token (:func:`token_of`) or, for a same-site page, the
    session's user; ``scope["credentials_error"]`` when a token is refused.

    The session is only trusted when the Origin header is this site's own origin (scheme, host
    and port) or one of ``CSRF_TRUSTED_ORIGINS``, so another site cannot act for a logged-in
    visitor (cross-site WebSocket hijacking). Also sets ``scope["language"]``: the player's
    setting, else the Accept-Language header (kept as ``scope["header_language"]`` for when the
    player's setting changes while the socket is open).
    """

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        token = token_of(scope)
        player, refused = None, None  # a watcher: nothing to look up, no trip to a thread
        if token is not None or signed_in(scope):
            player, refused = await database_sync_to_async(self.find_player)(scope, token)
        headers = dict(scope.get("headers", []))
        header_language = translation.get_language_from_request(_HeaderRequest(headers))
        language = player.language if player and player.language else header_language
        scope = {
            **scope,
            "player": player,
            "credentials_error": refused,
            "language": language,
            "header_language": header_language,
        }
        return await self.app(scope, receive, send)

    @staticmethod
    def find_player(scope, token):
        """(player or None, the refusal of a presented token or None), for a handshake with a
        token or a signed-in session."""
        if token is not None:
            try:
                player = authenticate(token) or apps.authenticate(token)
            except ServiceError as error:  # suspended
                return None, error
            return (player, None) if player is not None else (None, InvalidToken())
        user = scope["user"]
        if not same_origin(scope):
            return None, None
        player = getattr(user, "player", None)
        return (None if player is None or player.suspended_at is not None else player), None


def signed_in(scope) -> bool:
    """The handshake carries a signed-in session (Channels' auth middleware resolved
    ``scope["user"]`` before this one runs)."""
    user = scope.get("user")
    return user is not None and user.is_authenticated


def same_origin(scope) -> bool:
    """The socket's Origin header (if the client sent one) is this site's own origin, exactly:
    scheme, host and port, or one of ``CSRF_TRUSTED_ORIGINS``."""
    headers = dict(scope.get("headers", []))
    origin = headers.get(b"origin", b"").decode("latin-1").rstrip("/").lower()
    if not origin:
        return True  # not a browser: it cannot carry another site's visitor's cookies
    host = headers.get(b"host", b"").decode("latin-1").lower()
    if not host or not validate_host(host.rsplit(":", 1)[0].strip("[]"), settings.ALLOWED_HOSTS):
        return False
    own = f"{'https' if _secure(scope, headers) else 'http'}://{host}"
    trusted = {o.rstrip("/").lower() for o in settings.CSRF_TRUSTED_ORIGINS}
    return origin == _default_port_dropped(own) or origin in trusted


def _secure(scope, headers) -> bool:
    """As Django's ``request.is_secure()``: TLS here, or a trusted proxy's header says so."""
    if scope.get("scheme") in ("wss", "https"):
        return True
    proxy = getattr(settings, "SECURE_PROXY_SSL_HEADER", None)
    if proxy:
        name, value = proxy
        header = name.removeprefix("HTTP_").replace("_", "-").lower().encode("latin-1")
        return headers.get(header, b"").decode("latin-1").split(",")[0].strip() == value
    return False


def _default_port_dropped(origin: str) -> str:
    """Browsers leave the default port out of Origin: ``http://h:80`` is ``http://h``."""
    parsed = urlparse(origin)
    if (parsed.scheme, parsed.port) in (("http", 80), ("https", 443)):
        return f"{parsed.scheme}://{parsed.hostname}"
    return origin


class _HeaderRequest:
    """Just enough of an HttpRequest for ``get_language_from_request``."""

    def __init__(self, headers):
        self.META = {"HTTP_ACCEPT_LANGUAGE": headers.get(b"accept-language", b"").decode("latin-1")}
        self.COOKIES = {}
        self.path_info = "/"
