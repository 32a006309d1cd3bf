"""The public representation of a follow: the followed player as the boards name them."""

from __future__ import annotations

from games.core.clock import iso
from games.players.presentation import player_ref

from .models import Follow


def follow_payload(follow: Follow) -> dict:
    return {
        "player": player_ref(follow.followed_id, follow.followed.name),
        "since": iso(follow.created_at),
    }
