"""The order of finished games against each other (SPEC §7, and §8 for a race's standings):
won before not won, then higher score, then lower elapsed time, then the earlier end, then the
lower game id (the final, deterministic tie-break).

The first three are packed into one ascending number, :func:`standing_of`, so the whole order
is the ascending tuple (standing, ended_at, game_id): what the daily board's index serves and
what a race's standings sort by.
"""

from __future__ import annotations

import datetime as dt

SCORE_SPAN = 1 << 15  # scores are PositiveSmallIntegerField: below 2**15
ELAPSED_CAP = (1 << 31) - 1  # ms (24.8 days); a ranked attempt or a race lasts at most a day

Key = tuple[int, dt.datetime, int]


def standing_of(won: bool, score: int, elapsed_ms: int) -> int:
    """Ascending number for (won desc, score desc, elapsed asc): 47 bits, exact in a double."""
    return ((((0 if won else 1) * SCORE_SPAN) + (SCORE_SPAN - 1 - score)) << 31) | min(
        max(elapsed_ms, 0), ELAPSED_CAP
    )


def standing_key(
    won: bool, score: int, elapsed_ms: int, ended_at: dt.datetime, game_id: int
) -> Key:
    """A finished game's place in the order, as one ascending key."""
    return standing_of(won, score, elapsed_ms), ended_at, game_id
