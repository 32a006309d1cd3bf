"""Third-party apps: the front door for the site's authorization pages and the API (README,
*The front door*). Transports import this module, never :mod:`.services` (an import
contract)."""

from __future__ import annotations

from django.contrib.auth.base_user import AbstractBaseUser
from oauth2_provider.models import Application

from games.players.models import Player

from . import services
from .models import PersonalToken


def revoke_app(player: Player, application_id: object) -> list[int]:
    """An app disconnected: every token, code and device grant it holds of the player."""
    return services.revoke_app(player, application_id)


def site_sign_in(username: object, password: str) -> AbstractBaseUser:
    """A player's site session for approving apps (never a staff account)."""
    return services.site_sign_in(username, password)


def session_player(user: AbstractBaseUser) -> Player:
    """The player a site session approves apps for; refuses staff and users without one."""
    return services.session_player(user)


def create_personal_token(
    player: Player, name: object, scopes: object, expires_in_days: object
) -> tuple[PersonalToken, str]:
    """A personal token made: the row and its value, shown this once."""
    return services.create_personal_token(player, name, scopes, expires_in_days)


def revoke_personal_token(player: Player, token_id: object) -> int:
    return services.revoke_personal_token(player, token_id)


def register_own_app(
    player: Player, name: object, redirect_uris: object, allowed_origins: object, scopes: object
) -> Application:
    return services.register_own_app(player, name, redirect_uris, allowed_origins, scopes)


def delete_own_app(player: Player, application_id: object) -> list[int]:
    """The app and everything it holds of every player."""
    return services.delete_own_app(player, application_id)
