"""The public representation of a player."""

from __future__ import annotations

from games.core.clock import iso

from .models import DeviceToken, Player


def player_payload(player: Player, token: str | None = None) -> dict:
    """Profile and settings; the token only when it has just been issued."""
    body = {"id": player.pk, "name": player.name, "settings": player.settings_dict()}
    if token is not None:
        body["token"] = token
    return body


def player_ref(player_id: int, name: str) -> dict:
    """A player as other payloads name it (owner of a game, entry on a board)."""
    return {"id": player_id, "name": name}


def device_payload(token: DeviceToken, current_id: int | None) -> dict:
    """A device token as its player sees it (never the token itself)."""
    return {
        "id": token.pk,
        "device": token.device,
        "issued": token.issued,
        "created_at": iso(token.created_at),
        "created_from": token.created_from or None,
        "last_used_at": iso(token.last_used_at),
        "current": token.pk == current_id,
    }
