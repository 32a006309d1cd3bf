"""Changes of the deals domain that players reach: giving out a proven-winnable deal.

No solver here (players never reach it): the pool holds deals that
:mod:`games.deals.solving` proved winnable beforehand, and taking one only moves rows.

Concurrency: a taker locks one pooled row (``FOR UPDATE SKIP LOCKED`` on PostgreSQL, so
concurrent takers pick different rows instead of queueing) and deletes it in the transaction
that creates the game; the delete's row count is checked too, so even where locks are not
enforced (SQLite) two takers never both get one pooled deal.
"""

from __future__ import annotations

from django.conf import settings
from django.db import transaction

from games.play import services as play
from games.play.models import Deal
from games.players.models import Player

from .errors import WinnablePoolEmpty
from .models import PooledDeal

#: Takers that lost the race for every row they picked give up after this many tries.
TAKE_ATTEMPTS = 5


def add_to_pool(deal: Deal) -> bool:
    """Put a proven-winnable deal in the pool; False when it is there already."""
    _, created = PooledDeal.objects.get_or_create(deal=deal)  # a concurrent add: not created
    return created


def start_winnable(player: Player) -> play.Outcome:
    """Start a game of a random proven-winnable deal from the pool, refusing at once when the
    pool is empty (nothing is changed then).

    A deal leaves the pool when given out, so it goes to one player only. The player is given
    a deal they have never played when the pool holds one; otherwise any pooled deal (a pooled
    deal was drawn at random, so a player meets one they played only by chance).
    """
    for _ in range(TAKE_ATTEMPTS):
        with transaction.atomic():
            pooled = _pick(player)
            if pooled is None:
                break
            taken, _ = PooledDeal.objects.filter(pk=pooled.pk).delete()
            if taken:
                return play.create_game(player, pooled.deal)
    raise WinnablePoolEmpty(
        "No proven-winnable deal is ready right now: try again in a few seconds, or start "
        "any deal.",
        retry_after=settings.HALFMOON_WINNABLE_RETRY_AFTER,
    )


def _pick(player: Player) -> PooledDeal | None:
    """A random pooled deal, locked (rows other takers hold are skipped): one the player never
    played if there is one."""
    pool = (
        PooledDeal.objects.select_related("deal")
        .select_for_update(skip_locked=True, of=("self",))
        .order_by("?")
    )
    return pool.exclude(deal__games__owner=player).first() or pool.first()
