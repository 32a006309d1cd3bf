"""Every change of the players domain, one function each, one transaction each."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from .errors import NameLooksLikeAnother
from .models import Player
from .names import clean_name, skeleton
from .tokens import hash_token, new_token

SETTINGS = frozenset({"move_errors", "placement_aid", "language", "winnable_deals", "name"})


def _checked_name(raw: object, player_id: int | None = None) -> tuple[str, str]:
    """(name, skeleton) of an acceptable name for a new player or ``player_id``."""
    name = clean_name(raw)
    look = skeleton(name)
    others = (
        Player.objects.filter(name_skeleton=look)
        .exclude(pk__in=[player_id] if player_id is not None else [])
        .values_list("name", flat=True)[:100]
    )
    if any(other.casefold() != name.casefold() for other in others):
        raise NameLooksLikeAnother("This name looks like another player's: choose another one.")
    return name, look


def create_player(name: str) -> tuple[Player, str]:
    """Create a player; returns it with its API token, which is never shown again."""
    token = new_token()
    name, look = _checked_name(name)
    return Player.objects.create(name=name, name_skeleton=look, token_hash=hash_token(token)), token


def update_settings(player: Player, **changes: Any) -> Player:
    """Change any of ``move_errors``, ``placement_aid``, ``language``, ``winnable_deals`` and
    ``name``."""
    unknown = set(changes) - SETTINGS
    if unknown:
        raise ValueError(f"Unknown settings: {sorted(unknown)}")
    if "name" in changes:
        changes["name"], changes["name_skeleton"] = _checked_name(changes["name"], player.pk)
    if "language" in changes and changes["language"] is None:
        changes["language"] = ""
    with transaction.atomic():
        Player.objects.filter(pk=player.pk).update(**changes)
        for field, value in changes.items():
            setattr(player, field, value)
    return player


def rotate_token(player: Player) -> str:
    """Issue a new API token; the old one stops working at once. Returns the new token."""
    token = new_token()
    with transaction.atomic():
        Player.objects.filter(pk=player.pk).update(token_hash=hash_token(token))
    player.token_hash = hash_token(token)
    return token


def revoke_token(player: Player) -> None:
    """Make the current token unusable (sign out everywhere); only rotating gives a new one.

    After revoking, no token exists for the player, so a client must create a new player
    unless it rotated first.
    """
    unusable = "revoked:" + hash_token(new_token())[:56]
    with transaction.atomic():
        Player.objects.filter(pk=player.pk).update(token_hash=unusable)
    player.token_hash = unusable
