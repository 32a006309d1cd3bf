"""The order of a race's standings (SPEC §8, the order of §7): won first, then higher score,
then lower elapsed time from ``starts_at``, then the earlier end, then the lower game id."""

from __future__ import annotations

import datetime as dt
from typing import Any


def standing_key(
    won: bool, score: int, elapsed_ms: int, ended_at: dt.datetime, game_id: int
) -> tuple[Any, ...]:
    return (0 if won else 1, -score, elapsed_ms, ended_at, game_id)
