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

    The session is only trusted when the Origin header names one of ALLOWED_HOSTS, so another
    site cannot act for a logged-in visitor (cross-site WebSocket hijacking). Also sets
    ``scope["language"]``: the player's setting, else the Accept-Language header.
    """

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        token = parse_qs(scope.get("query_string", b"").decode("latin-1")).get("token", [None])[0]
        player = await database_sync_to_async(self.find_player)(scope, token)
        headers = dict(scope.get("headers", []))
        language = (player.language if player and player.language else
                    translation.get_language_from_request(_HeaderRequest(headers)))
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
        origin = dict(scope.get("headers", [])).get(b"origin", b"").decode("latin-1")
        if origin and not validate_host(urlparse(origin).hostname or "", settings.ALLOWED_HOSTS):
            return None
        player = getattr(user, "player", None)
        return None if player is None or player.suspended_at is not None else player


class _HeaderRequest:
    """Just enough of an HttpRequest for ``get_language_from_request``."""

    def __init__(self, headers):
        self.META = {"HTTP_ACCEPT_LANGUAGE": headers.get(b"accept-language", b"").decode("latin-1")}
        self.COOKIES = {}
        self.path_info = "/"
