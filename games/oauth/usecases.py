"""Third-party apps: the front door for the site's authorization pages and the API (README,
*The front door*). Transports import this module, never :mod:`.services` (an import
contract)."""

from __future__ import annotations

from django.contrib.auth.base_user import AbstractBaseUser

from games.players.models import Player

from . import services


def revoke_app(player: Player, application_id: object) -> list[int]:
    """An app disconnected: every token, code and device grant it holds of the player."""
    return services.revoke_app(player, application_id)


def site_sign_in(username: object, password: str) -> AbstractBaseUser:
    """A player's site session for approving apps (never a staff account)."""
    return services.site_sign_in(username, password)


def session_player(user: AbstractBaseUser) -> Player:
    """The player a site session approves apps for; refuses staff and users without one."""
    return services.session_player(user)
