"""Who is calling: a player by API token (header), or by the browser session's user."""

import base64
import binascii
from urllib.parse import unquote_plus

from django.utils import translation
from rest_framework import authentication, exceptions

from games.oauth import authentication as apps
from games.oauth.scopes import rest_scope
from games.players.authentication import authenticate
from games.players.errors import TokenSuspended
from games.webhooks.selectors import app_by_credentials

#: The challenge of a 401: either scheme carries a device token.
WWW_AUTHENTICATE = 'Bearer realm="api", Token realm="api"'


class PlayerTokenAuthentication(authentication.BaseAuthentication):
    """``Authorization: Bearer <token>`` (the standard HTTP bearer scheme) or, as before,
    ``Authorization: Token <token>``. ``request.auth`` is the device token's id, never the
    token itself."""

    keywords = ("token", "bearer")

    def authenticate(self, request):
        header = authentication.get_authorization_header(request).decode("latin-1").split()
        if not header or header[0].lower() not in self.keywords:
            return None
        if len(header) != 2:
            raise exceptions.AuthenticationFailed(
                "Send the header as 'Authorization: Bearer <token>'."
            )
        player = authenticate(header[1])
        if player is None:
            player = apps.authenticate(header[1])  # an app's token (OAuth), limited by scope
            if player is None:
                raise exceptions.AuthenticationFailed("The token is not valid.")
            match = request._request.resolver_match
            apps.require_scope(player, rest_scope(match and match.url_name, request.method))
        activate_player_language(player)
        return player, player.token_id

    def authenticate_header(self, request):
        return WWW_AUTHENTICATE


class PlayerSessionAuthentication(authentication.SessionAuthentication):
    """The site's own pages: a logged-in Django user who has a player (CSRF enforced)."""

    def authenticate(self, request):
        result = super().authenticate(request)
        if result is None:
            return None
        player = getattr(result[0], "player", None)
        if player is None:
            return None
        if player.suspended_at is not None:
            raise TokenSuspended("This player is suspended by the staff.")
        activate_player_language(player)
        return player, None


def activate_player_language(player) -> None:
    """The player's language wins over Accept-Language (activated by LocaleMiddleware)."""
    if player.language:
        translation.activate(player.language)


class AppClient:
    """An app authenticated with its own client credentials (``request.user``)."""

    is_authenticated = True

    def __init__(self, application):
        self.application = application
        self.pk = application.pk
        #: Its ``Idempotency-Key``s are its own, never a player's of the same id.
        self.idempotency_scope = f"app:{application.pk}"


class AppClientAuthentication(authentication.BaseAuthentication):
    """``Authorization: Basic base64(client_id:client_secret)``: a confidential app's own
    credentials, as its token requests send them (RFC 6749 §2.3.1) — what an app uses to
    manage its webhooks (docs/WEBHOOKS.md). ``request.auth`` is the app."""

    def authenticate(self, request):
        header = authentication.get_authorization_header(request).split()
        if not header or header[0].lower() != b"basic":
            return None
        try:
            decoded = base64.b64decode(header[1], validate=True).decode("utf-8")
            client_id, client_secret = (unquote_plus(part) for part in decoded.split(":", 1))
        except (IndexError, ValueError, binascii.Error):
            raise exceptions.AuthenticationFailed(
                "Send Basic base64(client_id:client_secret)."
            ) from None
        app = app_by_credentials(client_id, client_secret)
        if app is None:
            raise exceptions.AuthenticationFailed("The client credentials are not valid.")
        return AppClient(app), app

    challenge = 'Basic realm="apps", charset="UTF-8"'

    def authenticate_header(self, request):
        return self.challenge
