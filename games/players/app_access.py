"""What third-party apps hold of a player: django-oauth-toolkit's rows of the player's site user
(``Player.user``, SPEC §13) — access and refresh tokens, authorization codes not yet exchanged,
device grants approved or pending, ID tokens.

Every way of signing a player's devices out ends the apps' hold too (SPEC §9): a password
changed, reset or recovered, staff signing every device out or locking the account, an account
deleted. It lives here, beside the device tokens, because those ways live in the layers below
the apps domain (``games.accounts``, ``games.moderation``); DOT's models are the library's, so
any layer may delete them. The sockets opened with a deleted access token close after commit,
in every process (``games.oauth.revocation`` hears each deletion).
"""

from __future__ import annotations

from oauth2_provider.models import AccessToken, DeviceGrant, Grant, IDToken, RefreshToken

from .models import Player

#: ``user_id`` not given: read from the player's row.
UNREAD = object()


def revoke_app_access(
    player_id: int, keep_access_token_id: int | None = None, *, user_id: object = UNREAD
) -> list[int]:
    """Inside the caller's transaction: delete every token, code and device grant the player's
    apps hold, but the access token ``keep_access_token_id`` and its refresh token (the app
    that made this request, when it changes the password itself). Returns the deleted access
    tokens' ids; nothing to do for a player who never connected an app. ``user_id``: the
    player's site user when the caller holds the player (saves the read)."""
    if user_id is UNREAD:
        user_id = Player.objects.filter(pk=player_id).values_list("user_id", flat=True).first()
    if user_id is None:
        return []
    access = AccessToken.objects.filter(user_id=user_id)
    refresh = RefreshToken.objects.filter(user_id=user_id)
    id_tokens = IDToken.objects.filter(user_id=user_id)
    if keep_access_token_id is not None:
        access = access.exclude(pk=keep_access_token_id)
        refresh = refresh.exclude(access_token_id=keep_access_token_id)
        id_tokens = id_tokens.exclude(access_token__pk=keep_access_token_id)
    revoked = list(access.values_list("pk", flat=True))
    refresh.delete()
    AccessToken.objects.filter(pk__in=revoked).delete()
    id_tokens.delete()
    Grant.objects.filter(user_id=user_id).delete()
    DeviceGrant.objects.filter(user_id=user_id).delete()
    return revoked
