"""Every change of the players domain, one function each, one transaction each."""
from __future__ import annotations

from django.db import transaction

from .errors import InvalidName
from .models import Player
from .tokens import hash_token, new_token

NAME_LENGTH = (1, 40)
SETTINGS = frozenset({"move_errors", "placement_aid", "language", "name"})


def clean_name(name) -> str:
    """Inner runs of whitespace made one space, ends trimmed; 1 to 40 characters."""
    cleaned = " ".join(str(name).split())
    if not NAME_LENGTH[0] <= len(cleaned) <= NAME_LENGTH[1]:
        raise InvalidName("A name has 1 to 40 characters.")
    return cleaned


def create_player(name: str) -> tuple[Player, str]:
    """Create a player; returns it with its API token, which is never shown again."""
    token = new_token()
    return Player.objects.create(name=clean_name(name), token_hash=hash_token(token)), token


def update_settings(player: Player, **changes) -> Player:
    """Change any of ``move_errors``, ``placement_aid``, ``language`` and ``name``."""
    unknown = set(changes) - SETTINGS
    if unknown:
        raise ValueError(f"Unknown settings: {sorted(unknown)}")
    if "name" in changes:
        changes["name"] = clean_name(changes["name"])
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
