"""Who an app's token is: the player it acts for, limited to the scopes granted. A player's
personal token (``models.PersonalToken``) is an access token of no app and is checked the same
way, limited to the scopes the player chose.

Looked up only after the token is no device token (``games.players.authentication`` first),
so the project's own clients pay nothing for apps. One query: the token with its app's policy
and the player; the token's last use is written back at most once a minute.
"""

from __future__ import annotations

import datetime as dt
import hashlib

from oauth2_provider.models import AccessToken

from games.core import clock
from games.players.errors import TokenSuspended
from games.players.models import Player

from .errors import InsufficientScope
from .models import AppPolicy, PersonalToken
from .selectors import is_site_user_of

TOUCH_EVERY = dt.timedelta(minutes=1)
#: Longer than any token DOT issues; a longer string is not looked up.
MAX_TOKEN_LENGTH = 255


def authenticate(token: str | None) -> Player | None:
    """The player of a live app token (``app_token_id`` and ``scopes`` set); None when the
    token is unknown, expired, revoked or its app is suspended. Raises TokenSuspended while
    staff suspend the player."""
    if not token or len(token) > MAX_TOKEN_LENGTH:
        return None
    checksum = hashlib.sha256(token.encode("utf-8")).hexdigest()
    found = _live(AccessToken.objects.filter(token_checksum=checksum))
    if found is None:
        return None
    access, player = found
    now = clock.now()
    if now - access.updated >= TOUCH_EVERY:
        AccessToken.objects.filter(pk=access.pk).update(updated=now)
    return player


def still_valid(app_token_id: int) -> Player | None:
    """The player of an app token that was valid before (a socket's action); None once gone."""
    found = _live(AccessToken.objects.filter(pk=app_token_id))
    return found[1] if found is not None else None


def _live(tokens) -> tuple[AccessToken, Player] | None:
    access = tokens.select_related(
        "application__policy", "personal", "user__player", "user__player__credentials"
    ).first()
    if access is None or access.user is None:
        return None
    if access.application is None and not _is_personal(access):
        return None
    if access.expires <= clock.now():
        return None
    try:
        if access.application is not None and access.application.policy.suspended_at is not None:
            return None
    except AppPolicy.DoesNotExist:
        pass
    player = getattr(access.user, "player", None)
    if player is None:  # unlinked: the account was deleted
        return None
    if not is_site_user_of(access.user, player.pk):  # a staff member's, or any other user's
        return None
    credentials = getattr(player, "credentials", None)
    if credentials is None or credentials.locked_at is not None:  # staff locked the account
        return None
    if player.suspended_at is not None:
        raise TokenSuspended("This player's token is suspended by the staff.")
    player.app_token_id = access.pk
    player.scopes = frozenset(access.scope.split())
    return access, player


def _is_personal(access: AccessToken) -> bool:
    try:
        return access.personal is not None
    except PersonalToken.DoesNotExist:
        return False


def require_scope(player: Player, scope: str) -> None:
    """Refuse an app's token without ``scope`` (device tokens and sessions hold every scope)."""
    if scope and player.scopes is not None and scope not in player.scopes:
        raise InsufficientScope(scope=scope)
