"""The order of a daily leaderboard (SPEC §7, :mod:`games.play.standings`) as the board's
``board_order`` index serves it: the ascending tuple (standing, ended_at, game_id), so a page is
one index range scan from its key, whatever its depth. Entries of disqualified games are not on
the board.
"""

from __future__ import annotations

import datetime as dt

from django.db.models import Q, QuerySet

from games.core.replica import read_alias
from games.play.standings import Key

from .models import LeaderboardEntry


def key_of(entry: LeaderboardEntry) -> Key:
    return entry.standing, entry.ended_at, entry.game_id


def board(date: dt.date) -> QuerySet[LeaderboardEntry]:
    """The date's entries in board order, disqualified games left out (on the replica inside a
    lagging read: :mod:`games.core.replica`)."""
    return (
        LeaderboardEntry.objects.using(read_alias())
        .filter(date=date, game__disqualified_at__isnull=True)
        .order_by("standing", "ended_at", "game_id")
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
