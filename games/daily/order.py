"""The order of a daily leaderboard (SPEC §7), as one ascending key the index serves.

Won before not won, then higher score, then lower ``elapsed_ms``, then earlier end, then lower
game id (the final, deterministic tie-break: every entry has its own rank). The first three
are packed into one ascending number, ``standing``, so the whole order is the ascending tuple
(standing, ended_at, game_id) that the ``board_order`` index serves: a page is one index range
scan from its key, whatever its depth. Entries of disqualified games are not on the board.
"""

from __future__ import annotations

import datetime as dt

from django.db.models import Q, QuerySet

from .models import LeaderboardEntry

SCORE_SPAN = 1 << 15  # scores are PositiveSmallIntegerField: below 2**15
ELAPSED_CAP = (1 << 31) - 1  # ms (24.8 days); a ranked attempt lasts at most a day

Key = tuple[int, dt.datetime, int]


def standing_of(won: bool, score: int, elapsed_ms: int) -> int:
    """Ascending number for (won desc, score desc, elapsed asc): 47 bits, exact in a double."""
    return ((((0 if won else 1) * SCORE_SPAN) + (SCORE_SPAN - 1 - score)) << 31) | min(
        max(elapsed_ms, 0), ELAPSED_CAP
    )


def key_of(entry: LeaderboardEntry) -> Key:
    return entry.standing, entry.ended_at, entry.game_id


def board(date: dt.date) -> QuerySet[LeaderboardEntry]:
    """The date's entries in board order, disqualified games left out."""
    return LeaderboardEntry.objects.filter(date=date, game__disqualified_at__isnull=True).order_by(
        "standing", "ended_at", "game_id"
    )


def after(key: Key) -> Q:
    """Entries after ``key``: bounded on ``standing`` first so the index range starts there."""
    standing, ended_at, game_id = key
    return Q(standing__gte=standing) & (
        Q(standing__gt=standing)
        | Q(ended_at__gt=ended_at)
        | Q(ended_at=ended_at, game_id__gt=game_id)
    )


def before(key: Key) -> Q:
    standing, ended_at, game_id = key
    return Q(standing__lte=standing) & (
        Q(standing__lt=standing)
        | Q(ended_at__lt=ended_at)
        | Q(ended_at=ended_at, game_id__lt=game_id)
    )
