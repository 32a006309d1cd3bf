"""Rehearsal: a result whose deal another player had played from the same address first.

A second account plays the day's deal (or scouts a race's deal beside the first one), then the
first account's ranked attempt or race result profits from what it saw. The signal: a game of
the same deal, by another player, played from the same address (the same keyed hash,
:mod:`games.fairplay.origins`), that started before the result ended. The earliest such game
is the one linked.

The device: each origin keeps the device token's id, but a token belongs to one player, and
the service knows no other identity of a device across players (the web client's device proof
is per account and goes only to the sign-in endpoint); so players are matched by address, and
the token ids are figures for staff to read.

Strength: 1.0 when the earlier game had ended before the result began (the whole deal seen
first), 0.8 when it began first, 0.6 when it was played alongside (a race's members, or two
attempts at once).
"""

from __future__ import annotations

from dataclasses import dataclass

from games.play.models import Game

from .models import GameOrigin


@dataclass(frozen=True)
class Rehearsal:
    earlier: Game
    strength: float
    figures: dict


def rehearsal_of(game: Game) -> Rehearsal | None:
    """The earliest game of ``game``'s deal another player played from one of its addresses
    before it ended; None when there is none (or no address is known)."""
    origins = list(GameOrigin.objects.filter(game=game).exclude(address_hash=""))
    if not origins:
        return None
    ended = game.finished_at or game.updated_at
    earlier = list(
        GameOrigin.objects.filter(
            deal_id=game.deal_id,
            address_hash__in={o.address_hash for o in origins},
            game__isnull=False,
            game__started_at__lt=ended,
        )
        .exclude(player_id=game.owner_id)
        .exclude(game_id=game.pk)
        .select_related("game")
        .order_by("game__started_at", "game_id")
    )
    if not earlier:
        return None
    first = earlier[0]
    other = first.game
    assert other is not None
    if other.finished_at is not None and other.finished_at <= game.started_at:
        when, strength = "ended before", 1.0
    elif other.started_at < game.started_at:
        when, strength = "started before", 0.8
    else:
        when, strength = "alongside", 0.6
    figures = {
        "same": "address",
        "when": when,
        "earlier_game_id": other.pk,
        "earlier_player_id": other.owner_id,
        "earlier_status": other.status,
        "earlier_started_at": other.started_at.isoformat(),
        "earlier_ended_at": other.finished_at.isoformat() if other.finished_at else None,
        "earlier_games": len({o.game_id for o in earlier}),
        "other_players": len({o.player_id for o in earlier}),
        "token_id": origins[0].token_id,
        "earlier_token_id": first.token_id,
    }
    return Rehearsal(other, strength, figures)
