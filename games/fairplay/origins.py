"""Where a game was played from: the one thing the players' path writes for fair play.

One INSERT per act, after it: a game started over REST (``POST /games``), a ready mark in a
race, a quick-match join (a race's games are created at its start, by whichever process moves
it on, with no request: the review copies each member's last ready mark or queue join onto
their game, :func:`games.fairplay.review.copy_race_origins`). What is kept: the player, the game
and its deal, a keyed hash of the client's address — HMAC-SHA256 under ``SECRET_KEY`` of the
address, or of its /64 for IPv6 (one household, one phone, whatever its privacy addresses) —
never the address itself, and the device token's id. Kept :data:`RETENTION`, then deleted by
``manage.py prune_game_origins``.

This module imports nothing of the review, the flags or the solver: the players' surfaces may
import it and nothing else of fair play (an import contract checks it).
"""

from __future__ import annotations

import datetime as dt
import ipaddress

from django.utils.crypto import salted_hmac

from games.core import clock
from games.core.transactions import retried
from games.play.models import Game
from games.players.models import Player

from .models import GameOrigin

#: How long an origin is kept: the review looks at results of the last days, and rehearsal
#: compares a result with the games played before it — a daily deal exists for one day, a race
#: draws its deal at its start — so a month covers late reviews with room to spare.
RETENTION = dt.timedelta(days=30)
SALT = "halfmoon.fairplay.address"
#: An IPv6 client is known by its /64: the network one line or one phone is given.
IPV6_PREFIX = 64


def address_hash(address: str) -> str:
    """The keyed hash stored for a client address ('' when there is none)."""
    text = (address or "").strip().strip("[]")
    if not text:
        return ""
    try:
        ip = ipaddress.ip_address(text)
    except ValueError:
        normal = text
    else:
        if ip.version == 6 and ip.ipv4_mapped is not None:
            ip = ip.ipv4_mapped
        if ip.version == 6:
            network = ipaddress.ip_network(f"{ip}/{IPV6_PREFIX}", strict=False)
            normal = str(network)
        else:
            normal = str(ip)
    return salted_hmac(SALT, normal, algorithm="sha256").hexdigest()[:32]


@retried(statement=True)  # one INSERT: no BEGIN/COMMIT; cut under it, a 503
def game_started(game: Game, address: str, token_id: int | None) -> GameOrigin:
    """A player started ``game`` (``POST /games``) from ``address`` with the token ``token_id``."""
    return GameOrigin.objects.create(
        player_id=game.owner_id,
        game=game,
        deal_id=game.deal_id,
        race_id=game.race_id,
        source=GameOrigin.Source.GAME,
        address_hash=address_hash(address),
        token_id=token_id,
        recorded_at=clock.now(),
    )


def marked_ready(player: Player, race_id: int, address: str, token_id: int | None) -> GameOrigin:
    """A player marked ready in a race (the last ready mark before its start is the one the
    race's game is played from)."""
    return _entered(player, GameOrigin.Source.READY, race_id, address, token_id)


def queued(
    player: Player, address: str, token_id: int | None, race_id: int | None = None
) -> GameOrigin:
    """A player joined the quick-match queue (``race_id``: the race it formed at once, if it
    did; else the race it forms later takes this join as its start's origin)."""
    return _entered(player, GameOrigin.Source.QUEUE, race_id, address, token_id)


@retried(statement=True)  # one INSERT: no BEGIN/COMMIT; cut under it, a 503
def _entered(
    player: Player, source: str, race_id: int | None, address: str, token_id: int | None
) -> GameOrigin:
    return GameOrigin.objects.create(
        player=player,
        race_id=race_id,
        source=source,
        address_hash=address_hash(address),
        token_id=token_id,
        recorded_at=clock.now(),
    )


def prune(now: dt.datetime | None = None) -> int:
    """Delete the origins older than :data:`RETENTION`; returns how many."""
    cutoff = (now or clock.now()) - RETENTION
    deleted, _ = GameOrigin.objects.filter(recorded_at__lt=cutoff).delete()
    return deleted
