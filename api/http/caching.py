"""``Cache-Control`` of every API answer, chosen in one place by endpoint (URL name).

- Anything but a successful read is ``no-store``: writes, errors, and above all the answers
  carrying a device token (``POST /players``, sign-ins, a rotated token, recovery codes), which
  no cache may keep (:data:`TOKEN_BEARING` lists them for the docs; they are writes anyway).
- A read that depends on the caller (a token or a session sent) is ``private``; the same read
  without credentials is ``public``: a shared cache may serve it to anyone.
- Boards and layouts of a past day are settled (only moderation may still remove an entry):
  a day's leaderboard is cached an hour once closed, a past day's layout a year (``immutable``).
  Today's board and deal change with every finished game: 10 seconds, never past midnight UTC.
- Any other read (games, logs, the profile) is ``private, no-cache``: kept, but revalidated
  each time (games answer ``304`` to ``If-None-Match``: see :mod:`api.http.conditional`).
"""

from __future__ import annotations

import math
from collections.abc import Callable

from games.core import clock

NO_STORE = "no-store"
REVALIDATE = "private, no-cache"
CLOSED_BOARD_MAX_AGE = 3600
TODAY_MAX_AGE = 10
PAST_LAYOUT = "public, max-age=31536000, immutable"
RATINGS_MAX_AGE = 30
STATS_MAX_AGE = 30

#: Endpoints whose answer holds a device token or recovery codes (never stored by a cache).
TOKEN_BEARING = frozenset(
    {
        ("players", "POST"),
        ("players-me-token", "POST"),
        ("players-link", "POST"),
        ("account", "POST"),
        ("account-sign-in", "POST"),
        ("account-recovery-codes", "POST"),
        ("account-password-reset-confirm", "POST"),
        ("account-recover", "POST"),
    }
)


def _audience(request) -> str:
    personal = request.META.get("HTTP_AUTHORIZATION") or getattr(request, "user", None)
    return "private" if personal else "public"


def _until_midnight(seconds: int) -> int:
    left = (clock.day_end(clock.today()) - clock.now()).total_seconds()
    return max(0, min(seconds, math.floor(left)))


def _daily(request, data) -> str:
    return f"{_audience(request)}, max-age={_until_midnight(TODAY_MAX_AGE)}"


def _board(request, data) -> str:
    if data.get("closed"):
        return f"{_audience(request)}, max-age={CLOSED_BOARD_MAX_AGE}"
    return f"{_audience(request)}, max-age={_until_midnight(TODAY_MAX_AGE)}"


#: Successful reads with their own policy: URL name → (request, body) → Cache-Control.
READS: dict[str, Callable[..., str]] = {
    "daily": _daily,
    "daily-board": _board,
    "daily-deal": lambda request, data: PAST_LAYOUT,
    "ratings": lambda request, data: f"{_audience(request)}, max-age={RATINGS_MAX_AGE}",
    "player-stats": lambda request, data: f"{_audience(request)}, max-age={STATS_MAX_AGE}",
    # Everything the service holds on the player: no cache keeps it.
    "account-export": lambda request, data: NO_STORE,
}

#: The policies as the docs and the schema describe them (URL name → text).
DESCRIBED = {
    "daily": f"`public` or `private` (with credentials), `max-age={TODAY_MAX_AGE}` "
    "(never past midnight UTC)",
    "daily-board": f"`public` or `private` (with credentials); `max-age={TODAY_MAX_AGE}` while "
    f"the day is open (never past midnight UTC), `max-age={CLOSED_BOARD_MAX_AGE}` once closed",
    "daily-deal": f"`{PAST_LAYOUT}` (a past day's layout never changes)",
    "ratings": f"`public` or `private` (with credentials), `max-age={RATINGS_MAX_AGE}`",
    "player-stats": f"`public` or `private` (with credentials), `max-age={STATS_MAX_AGE}`",
    "account-export": f"`{NO_STORE}` (a player's whole archive)",
}


def cache_control(request, url_name: str | None, status: int, data: object) -> str:
    if request.method not in ("GET", "HEAD") or (not 200 <= status < 300 and status != 304):
        return NO_STORE
    policy = READS.get(url_name or "")
    if policy is None:
        return REVALIDATE
    return policy(request, data if isinstance(data, dict) else {})
