"""Reads of the apps domain."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.contrib.auth.base_user import AbstractBaseUser
from oauth2_provider.models import AccessToken, Application

from games.players.models import Player

from .models import AppPolicy, PersonalToken
from .uris import origin_problem


def is_site_user_of(user: AbstractBaseUser, player_id: int) -> bool:
    """The user exists only for the player's apps: the one ``services.site_user`` made (its
    name, no password, never staff). Only such a user's session approves apps and only such a
    user's token acts for the player (a staff member's never does)."""
    return (
        user.get_username() == f"player-{player_id}"
        and not getattr(user, "is_staff", False)
        and not getattr(user, "is_superuser", False)
        and not user.has_usable_password()
    )


def policy_of(application: Application) -> AppPolicy:
    """The app's policy; an app staff registered without one may ask for ``read`` only."""
    try:
        return application.policy
    except AppPolicy.DoesNotExist:
        return AppPolicy(application=application)


@dataclass(frozen=True)
class ConnectedApp:
    id: int
    name: str
    scopes: list[str]
    connected_at: dt.datetime
    last_used_at: dt.datetime


def connected_apps(player: Player) -> list[ConnectedApp]:
    """The apps holding a token of the player (a refresh token always has its access token),
    oldest first: the scopes granted and the last use. One query."""
    if player.user_id is None:
        return []
    by_app: dict[int, ConnectedApp] = {}
    tokens = (
        AccessToken.objects.filter(user_id=player.user_id, application__isnull=False)
        .select_related("application")
        .order_by("created", "id")
    )
    for token in tokens:
        app = token.application
        assert app is not None
        known = by_app.get(app.pk)
        scopes = set(token.scope.split()) | set(known.scopes if known else ())
        by_app[app.pk] = ConnectedApp(
            id=app.pk,
            name=app.name,
            scopes=sorted(scopes),
            connected_at=known.connected_at if known else token.created,
            last_used_at=max(known.last_used_at, token.updated) if known else token.updated,
        )
    return list(by_app.values())


def app_token_ids(user_id: int, application_id: int | None = None) -> list[int]:
    """The ids of the access tokens of a user (for one app), to close their sockets."""
    tokens = AccessToken.objects.filter(user_id=user_id)
    if application_id is not None:
        tokens = tokens.filter(application_id=application_id)
    return list(tokens.values_list("pk", flat=True))


def app_origins() -> frozenset[str]:
    """The browser origins listed on registered apps that staff have not suspended."""
    origins: set[str] = set()
    rows = Application.objects.exclude(allowed_origins="").exclude(
        policy__suspended_at__isnull=False
    )
    for listed in rows.values_list("allowed_origins", flat=True):
        origins.update(o for o in listed.split() if origin_problem(o) is None)
    return frozenset(origins)


def personal_tokens(player: Player) -> list[PersonalToken]:
    """The player's personal tokens, oldest first, each with its access token (scopes,
    expiry, last use): expired ones too, until revoked. One query."""
    return list(
        PersonalToken.objects.filter(player=player)
        .select_related("access_token")
        .order_by("access_token__created", "pk")
    )


def own_apps(player: Player) -> list[Application]:
    """The apps the player registered, oldest first, with their policy. One query."""
    if player.user_id is None:
        return []
    return list(
        Application.objects.filter(user_id=player.user_id)
        .select_related("policy")
        .order_by("created", "pk")
    )
