"""Who is on a socket: ``scope["player"]`` from a token or the session, and the language."""

from urllib.parse import parse_qs, urlparse

from channels.db import database_sync_to_async
from django.conf import settings
from django.http.request import validate_host
from django.utils import translation

from games.core.errors import ServiceError
from games.players.selectors import player_for_token


class PlayerMiddleware:
    """Sets ``scope["player"]`` from ``?token=`` or, for a same-site page, the session's user.

    The session is only trusted when the Origin header is this site's own origin (scheme, host
    and port) or one of ``CSRF_TRUSTED_ORIGINS``, so another site cannot act for a logged-in
    visitor (cross-site WebSocket hijacking). Also sets ``scope["language"]``: the player's
    setting, else the Accept-Language header.
    """

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        token = parse_qs(scope.get("query_string", b"").decode("latin-1")).get("token", [None])[0]
        player = await database_sync_to_async(self.find_player)(scope, token)
        headers = dict(scope.get("headers", []))
        language = (
            player.language
            if player and player.language
            else translation.get_language_from_request(_HeaderRequest(headers))
        )
        return await self.app({**scope, "player": player, "language": language}, receive, send)

    @staticmethod
    def find_player(scope, token):
        if token:
            try:
                return player_for_token(token)
            except ServiceError:  # a suspended token: connect as a watcher, acting is refused
                return None
        user = scope.get("user")
        if user is None or not user.is_authenticated:
            return None
        if not same_origin(scope):
            return None
        player = getattr(user, "player", None)
        return None if player is None or player.suspended_at is not None else player


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
