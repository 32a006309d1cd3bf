"""Changes of the deals domain that players reach: giving out a proven-winnable deal when the
deployment's policy says every random deal is one (``HALFMOON_WINNABLE_DEALS_ONLY``, SPEC §10).

No solver here (players never reach it): the pool holds deals that
:mod:`games.deals.solving` proved winnable beforehand, and taking one only moves rows. Nothing
a player receives says whether the policy is on or whether a deal came from the pool: a
pooled game is created and answered exactly as a plain random one.

Concurrency: a taker locks one pooled row (``FOR UPDATE SKIP LOCKED`` on PostgreSQL, so
concurrent takers pick different rows instead of queueing) and deletes it in the transaction
that creates the game; the delete's row count is checked too, so even where locks are not
enforced (SQLite) two takers never both get one pooled deal.
"""

from __future__ import annotations

import logging

from django.conf import settings

from games.core import metrics
from games.core.transactions import retried
from games.play import services as play
from games.play.models import Deal
from games.players.models import Player

from .models import PooledDeal

logger = logging.getLogger(__name__)

#: Takers that lost the race for every row they picked give up after this many tries.
TAKE_ATTEMPTS = 5


def add_to_pool(deal: Deal) -> bool:
    """Put a proven-winnable deal in the pool; False when it is there already."""
    _, created = PooledDeal.objects.get_or_create(deal=deal)  # a concurrent add: not created
    return created


def start_under_policy(player: Player) -> play.Outcome | None:
    """Under ``HALFMOON_WINNABLE_DEALS_ONLY``: start a game of a random proven-winnable deal
    from the pool. None when the policy is off, or when the pool is empty — then the caller
    deals a plain random deal, and the miss is counted (``halfmoon_winnable_pool_misses``)
    and logged for operators.

    Why a plain deal rather than a refusal: a refusal (a 503, say) that only this deployment
    answers would tell players that random deals here are proven winnable, and that one
    refused moment's deals are not; the policy is the operator's, never the player's to see.
    The pool is kept filled ahead (``fill_winnable_pool``), so a miss means the pool's target
    is too small for the traffic.

    A deal leaves the pool when given out, so it goes to one player only. The player is given
    a deal they have never played when the pool holds one; otherwise any pooled deal (a pooled
    deal was drawn at random, so a player meets one they played only by chance).
    """
    if not settings.HALFMOON_WINNABLE_DEALS_ONLY:
        return None
    for _ in range(TAKE_ATTEMPTS):
        empty, started = _take(player)
        if empty:
            break
        if started is not None:
            return started
    metrics.winnable_pool_missed()
    logger.warning("winnable pool empty: a plain random deal was dealt under the policy")
    return None


def _taken_stored(taken: tuple[bool, play.Outcome | None]) -> bool:
    """A take whose commit's answer was lost: a game started is stored or not; an empty pool
    or a deal another taker had wrote nothing."""
    started = taken[1]
    return started is None or play.game_stored(started)


@retried(landed=_taken_stored)
def _take(player: Player) -> tuple[bool, play.Outcome | None]:
    """(whether the pool is empty, the game started of a pooled deal, or None when another
    taker had it first)."""
    pooled = _pick(player)
    if pooled is None:
        return True, None
    taken, _ = PooledDeal.objects.filter(pk=pooled.pk).delete()
    return False, play.create_game(player, pooled.deal) if taken else None


def _pick(player: Player) -> PooledDeal | None:
    """A random pooled deal, locked (rows other takers hold are skipped): one the player never
    played if there is one."""
    pool = (
        PooledDeal.objects.select_related("deal")
        .select_for_update(skip_locked=True, of=("self",))
        .order_by("?")
    )
    return pool.exclude(deal__games__owner=player).first() or pool.first()
