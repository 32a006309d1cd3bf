"""Every change of the apps domain, one function each, one transaction each.

Revoking an app (the player's, or staff suspending it) deletes its tokens and grants; the
sockets opened with them hear of it after commit and close at once, in every process, as for a
revoked device token (:mod:`.revocation`).
"""

from __future__ import annotations

import secrets

from django.contrib.auth import get_user_model
from django.contrib.auth.base_user import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import transaction
from oauth2_provider.models import (
    AccessToken,
    Application,
    DeviceGrant,
    Grant,
    RefreshToken,
    set_token_value,
)

from games.accounts import passwords
from games.accounts.errors import AccountLocked, NoCredentials, SignInFailed
from games.accounts.models import Credentials
from games.accounts.usernames import username_key
from games.core import clock
from games.moderation.services import Actor, clean_reason, record
from games.players import app_access
from games.players.errors import TokenSuspended
from games.players.models import Player

from . import registration
from .errors import (
    AppNotFound,
    AppRegistrationInvalid,
    OwnAppLimit,
    OwnAppNotFound,
    OwnDeviceRequired,
    PersonalTokenLimit,
    PersonalTokenNotFound,
)
from .models import AppPolicy, PersonalToken
from .scopes import SCOPES
from .selectors import app_token_ids, is_site_user_of


def site_user(player: Player) -> AbstractBaseUser:
    """The Django user that stands for a player with credentials in DOT's grants and tokens,
    made on first use (no password of its own: the player signs in with theirs). A player
    linked to a staff user is refused, so an app can never hold a staff member's session."""
    with transaction.atomic():
        locked = Player.objects.select_for_update().get(pk=player.pk)
        if not Credentials.objects.filter(player=locked).exists():
            raise NoCredentials()
        if locked.suspended_at is not None:
            raise TokenSuspended("This player is suspended by the staff.")
        users = get_user_model()
        if locked.user_id is not None:
            user = users.objects.get(pk=locked.user_id)
            if user.is_staff or user.is_superuser:
                raise NoCredentials("A staff member's player cannot connect apps.")
            return user
        user = users.objects.create_user(username=f"player-{locked.pk}")
        user.set_unusable_password()
        user.save(update_fields=["password"])
        Player.objects.filter(pk=locked.pk).update(user=user)
        player.user_id = user.pk
        return user


def session_player(user: AbstractBaseUser) -> Player:
    """The player a signed-in site session may approve apps for (the authorize step, the
    device code page): only the site user :func:`site_user` made for a player with
    credentials, neither locked nor suspended. A staff member's session (the admin's) or any
    other Django user is refused, whatever player it may be linked to."""
    player = (
        Player.objects.select_related("credentials").filter(user_id=user.pk).first()
        if user.pk is not None
        else None
    )
    if player is None or not is_site_user_of(user, player.pk):
        raise NoCredentials("Only a player's own sign-in can connect apps.")
    credentials = getattr(player, "credentials", None)
    if credentials is None:
        raise NoCredentials()
    if credentials.locked_at is not None:
        raise AccountLocked()
    if player.suspended_at is not None:
        raise TokenSuspended("This player is suspended by the staff.")
    return player


def revoke_app(player: Player, application_id: object) -> list[int]:
    """The player disconnects an app: its tokens and codes go; returns the access tokens'
    ids (their sockets close)."""
    if player.user_id is None or not isinstance(application_id, int):
        raise AppNotFound()
    with transaction.atomic():
        revoked = app_token_ids(player.user_id, application_id)
        held = RefreshToken.objects.filter(user_id=player.user_id, application_id=application_id)
        if not revoked and not held.exists():
            raise AppNotFound()
        _delete_tokens(player.user_id, application_id, revoked)
    return revoked


def _delete_tokens(user_id: int, application_id: int, access_ids: list[int]) -> None:
    """The user's hold through one app: tokens, codes and device grants (approved or not)."""
    RefreshToken.objects.filter(user_id=user_id, application_id=application_id).delete()
    AccessToken.objects.filter(pk__in=access_ids).delete()
    Grant.objects.filter(user_id=user_id, application_id=application_id).delete()
    client_id = Application.objects.filter(pk=application_id).values_list("client_id", flat=True)
    DeviceGrant.objects.filter(user_id=user_id, client_id__in=client_id).delete()


def erase_player_apps(player: Player) -> list[int]:
    """An account's deletion (``games.privacy``), in its transaction, while the player is still
    linked to its site user: every token, code and device grant of that user goes; returns the
    access tokens' ids (their sockets close after commit, :mod:`.revocation`)."""
    return app_access.revoke_app_access(player.pk)


def delete_site_user(user_id: int | None, player_id: int) -> bool:
    """After the account's deletion unlinked it, the site user goes too when it exists only
    for the player's apps (its sessions reach no one then); a staff user stays."""
    if user_id is None:
        return False
    user = get_user_model().objects.filter(pk=user_id).first()
    if user is None or not is_site_user_of(user, player_id):
        return False
    user.delete()
    return True


def set_policy(actor: Actor, application_id: int, allowed_scopes: list[str]) -> AppPolicy:
    """Staff set the scopes an app may ask for (each a known scope)."""
    scopes = sorted(set(allowed_scopes) & set(SCOPES))
    with transaction.atomic():
        policy, _ = AppPolicy.objects.select_for_update().get_or_create(
            application_id=application_id
        )
        policy.allowed_scopes = " ".join(scopes)
        policy.save(update_fields=["allowed_scopes"])
        record(actor, "app_scopes", f"app:{application_id}", " ".join(scopes))
    return policy


def suspend_app(actor: Actor, application_id: int, reason: str) -> AppPolicy:
    """Staff suspend an app: every token and code of it goes at once (its sockets close),
    and every endpoint refuses it until unsuspended."""
    reason = clean_reason(reason)
    with transaction.atomic():
        Application.objects.select_for_update().get(pk=application_id)
        policy, _ = AppPolicy.objects.get_or_create(application_id=application_id)
        policy.suspended_at = clock.now()
        policy.suspended_reason = reason
        policy.save(update_fields=["suspended_at", "suspended_reason"])
        users = set(
            AccessToken.objects.filter(application_id=application_id).values_list(
                "user_id", flat=True
            )
        )
        for user_id in users:
            if user_id is not None:
                _delete_tokens(user_id, application_id, app_token_ids(user_id, application_id))
        RefreshToken.objects.filter(application_id=application_id).delete()
        Grant.objects.filter(application_id=application_id).delete()
        client_id = Application.objects.filter(pk=application_id).values("client_id")
        DeviceGrant.objects.filter(client_id__in=client_id).delete()  # pending ones too
        record(actor, "suspend_app", f"app:{application_id}", reason)
    return policy


def unsuspend_app(actor: Actor, application_id: int, reason: str) -> AppPolicy:
    reason = clean_reason(reason)
    with transaction.atomic():
        policy, _ = AppPolicy.objects.select_for_update().get_or_create(
            application_id=application_id
        )
        policy.suspended_at = None
        policy.suspended_reason = ""
        policy.save(update_fields=["suspended_at", "suspended_reason"])
        record(actor, "unsuspend_app", f"app:{application_id}", reason)
    return policy


def site_sign_in(username: object, password: str) -> AbstractBaseUser:
    """The Django user of the account (username and password right), to sign in on the site
    for an app's authorize step. An unknown username takes as long as a wrong password and gets
    the same refusal; a locked account or suspended player is told only after the password."""
    credentials = None
    if isinstance(username, str):
        credentials = (
            Credentials.objects.select_related("player")
            .filter(username_key=username_key(username))
            .first()
        )
    if not passwords.check(password, credentials.password if credentials else None):
        raise SignInFailed()
    assert credentials is not None
    if credentials.locked_at is not None:
        raise AccountLocked()
    return site_user(credentials.player)


# -- self-service: personal tokens and a player's own apps ------------------------------------
def create_personal_token(
    player: Player, name: object, scopes: object, expires_in_days: object
) -> tuple[PersonalToken, str]:
    """A player with credentials makes a personal token with the scopes and lifetime they
    chose; returns it and its value, which is never shown again (only its SHA-256 is kept).
    Refused past :data:`registration.MAX_PERSONAL_TOKENS` live ones."""
    _refuse_lent_tokens(player)
    user = site_user(player)  # a guest has none: no_credentials
    problems: registration.Problems = {}
    name = registration.clean_name(name, problems)
    chosen = registration.clean_scopes(scopes, problems)
    lifetime = registration.clean_lifetime(expires_in_days, problems)
    if problems:
        raise AppRegistrationInvalid(fields=problems)
    with transaction.atomic():
        Player.objects.select_for_update().filter(pk=player.pk).first()  # one at a time
        now = clock.now()
        live = PersonalToken.objects.filter(player=player, access_token__expires__gt=now)
        if live.count() >= registration.MAX_PERSONAL_TOKENS:
            raise PersonalTokenLimit(limit=registration.MAX_PERSONAL_TOKENS)
        value = registration.TOKEN_PREFIX + secrets.token_urlsafe(32)
        access = AccessToken(user=user, application=None, expires=now + lifetime)
        access.scope = " ".join(chosen)
        set_token_value(access, value)
        access.save()
        personal = PersonalToken.objects.create(
            access_token=access, player=player, name=name, hint=value[:11]
        )
    return personal, value


def _refuse_lent_tokens(player: Player) -> None:
    """Only the player's own device token or site session makes personal tokens and apps:
    an app's token or a personal token (``app_token_id`` set), even with the ``account``
    scope, never mints tokens that outlive it."""
    if player.app_token_id is not None:
        raise OwnDeviceRequired()


def revoke_personal_token(player: Player, token_id: object) -> int:
    """The player revokes one of their personal tokens: it stops working at once and its
    sockets close (:mod:`.revocation`)."""
    if not isinstance(token_id, int):
        raise PersonalTokenNotFound()
    with transaction.atomic():
        personal = PersonalToken.objects.filter(pk=token_id, player=player).first()
        if personal is None:
            raise PersonalTokenNotFound()
        AccessToken.objects.filter(pk=personal.pk).delete()  # the row goes with it
    return token_id


def register_own_app(
    player: Player, name: object, redirect_uris: object, allowed_origins: object, scopes: object
) -> Application:
    """A player with credentials registers a public app (authorization code with PKCE) that
    may ask players for ``scopes``; staff see it in the admin and may suspend it like any."""
    _refuse_lent_tokens(player)
    user = site_user(player)
    problems: registration.Problems = {}
    name = registration.clean_name(name, problems)
    uris = registration.clean_uris(redirect_uris, "redirect_uris", problems, required=True)
    origins = registration.clean_uris(allowed_origins, "allowed_origins", problems, required=False)
    chosen = registration.clean_scopes(scopes, problems)
    if problems:
        raise AppRegistrationInvalid(fields=problems)
    with transaction.atomic():
        Player.objects.select_for_update().filter(pk=player.pk).first()
        if Application.objects.filter(user=user).count() >= registration.MAX_OWN_APPS:
            raise OwnAppLimit(limit=registration.MAX_OWN_APPS)
        app = Application(
            user=user,
            name=name,
            client_type=Application.CLIENT_PUBLIC,
            authorization_grant_type=Application.GRANT_AUTHORIZATION_CODE,
            redirect_uris=" ".join(uris),
            allowed_origins=" ".join(origins),
        )
        try:
            app.clean()  # DOT's own checks too
        except ValidationError as refused:
            raise AppRegistrationInvalid(fields=refused.message_dict) from refused
        app.save()
        AppPolicy.objects.create(application=app, allowed_scopes=" ".join(chosen))
    return app


def delete_own_app(player: Player, application_id: object) -> list[int]:
    """The player deletes an app they registered: every token, code and device grant it holds,
    of every player, goes with it (their sockets close); returns those access tokens' ids."""
    if player.user_id is None or not isinstance(application_id, int):
        raise OwnAppNotFound()
    with transaction.atomic():
        app = (
            Application.objects.select_for_update()
            .filter(pk=application_id, user_id=player.user_id)
            .first()
        )
        if app is None:
            raise OwnAppNotFound()
        revoked = list(AccessToken.objects.filter(application=app).values_list("pk", flat=True))
        DeviceGrant.objects.filter(client_id=app.client_id).delete()
        RefreshToken.objects.filter(application=app).delete()
        AccessToken.objects.filter(pk__in=revoked).delete()  # each closes its sockets
        app.delete()  # grants and the policy go with it
    return revoked
