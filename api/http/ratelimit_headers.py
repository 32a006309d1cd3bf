"""``RateLimit-Policy`` and ``RateLimit`` (IETF draft-ietf-httpapi-ratelimit-headers, the
structured-field syntax of draft 08 onwards) on every throttled answer, 429s included.

The limits live in one place, ``settings.HALFMOON_THROTTLE_RATES``; the headers report what
the request actually spent (``games.core.rates.recording``), one list item per budget:

    RateLimit-Policy: "game_action";q=30;w=1
    RateLimit: "game_action";r=29;t=1

``q`` is the quota, ``w`` the window in seconds, ``r`` the requests left in the current
window and ``t`` the seconds until it ends. :data:`SCOPES` says which endpoints spend which
budgets, for the docs and the schema (the tests check every endpoint listed sends them).
"""

from __future__ import annotations

import math

from django.conf import settings

from games.core.rates import Spend, parse_rate

from .routes import path_of

#: (URL name, method) → the budgets (``HALFMOON_THROTTLE_RATES`` scopes) it spends.
SCOPES: dict[tuple[str, str], tuple[str, ...]] = {
    ("players", "POST"): ("player_create",),
    ("games", "POST"): ("game_action",),
    ("game", "PATCH"): ("game_action",),
    ("game-moves", "POST"): ("game_action",),
    ("game-undo", "POST"): ("game_action",),
    ("game-taps", "POST"): ("game_action",),
    ("game-resign", "POST"): ("game_action",),
    ("game-log", "GET"): ("log_read",),
    ("game-replay", "GET"): ("log_read",),
    ("players-me-link-codes", "POST"): ("account_change",),
    ("players-link", "POST"): ("link_code",),
    ("account", "POST"): ("account_create",),
    # Per username for unknown devices, per device proof for a device showing a valid one.
    ("account-sign-in", "POST"): ("sign_in_address", "sign_in_username", "sign_in_device"),
    ("account-password", "POST"): ("account_change", "sign_in_username"),
    ("account-recovery-codes", "POST"): ("account_change", "sign_in_username"),
    ("account-email", "PUT"): ("account_change",),
    ("account-email-verify", "POST"): ("sign_in_address",),
    ("account-password-reset", "POST"): ("password_reset",),
    ("account-password-reset-confirm", "POST"): ("sign_in_address",),
    ("account-recover", "POST"): ("sign_in_address", "sign_in_username"),
    ("account-export", "GET"): ("account_export",),
    ("following", "POST"): ("follow", "username_lookup"),
    ("following-player", "PUT"): ("follow",),
    ("following-player", "DELETE"): ("follow",),
    # The username's budget only when the account's password or a recovery code is checked.
    ("account-delete", "POST"): ("account_change", "sign_in_username"),
    ("races-join", "POST"): ("race_invite",),
    ("game-challenge", "POST"): ("challenge_create",),
    ("challenge", "GET"): ("challenge_lookup",),
    ("challenge-games", "POST"): ("game_action", "challenge_lookup"),
    ("challenge-board", "GET"): ("challenge_lookup",),
    ("matchmaking", "POST"): ("matchmaking",),
    ("matchmaking", "DELETE"): ("matchmaking",),
}

#: What each budget is counted per (for the docs).
PER = {
    "player_create": "client address",
    "game_action": "player (REST and the game socket together)",
    "socket_message": "socket connection (frames sent on a socket)",
    "race_invite": "player",
    "challenge_create": "player",
    "challenge_lookup": "player, or client address without a token",
    "matchmaking": "player (joins and leaves together)",
    "log_read": "player, or client address without a token",
    "sign_in_address": "client address",
    "sign_in_username": (
        "username (known or not); of the sign-ins, those without a valid device proof"
    ),
    "sign_in_device": "device proof (a device that signed in to the username before)",
    "link_code": "client address",
    "device_code_address": "client address (a device's code typed on `/oauth/device/`)",
    "device_code_player": "player (a device's code typed on `/oauth/device/`)",
    "device_authorization_address": (
        "client address (a device asking for a code: `/oauth/device-authorization/`)"
    ),
    "device_authorization_client": "app (a device asking for a code: its `client_id`)",
    "follow": "player",
    "username_lookup": "client address (following by username)",
    "account_create": "client address",
    "account_change": "player",
    "password_reset": "client address, and e-mail address",
    "account_export": "player",
}


def policy_item(scope: str) -> str:
    quota, window = parse_rate(settings.HALFMOON_THROTTLE_RATES[scope])
    return f'"{scope}";q={quota};w={window}'


def headers(spends: list[Spend]) -> dict[str, str]:
    """The two headers for the budgets a request spent (the last spend of each scope)."""
    latest: dict[str, Spend] = {}
    for spend in spends:
        latest[spend.scope] = spend
    if not latest:
        return {}
    return {
        "RateLimit-Policy": ", ".join(
            f'"{s.scope}";q={s.limit};w={s.period}' for s in latest.values()
        ),
        "RateLimit": ", ".join(
            f'"{s.scope}";r={s.remaining};t={max(0, math.ceil(s.resets_in))}'
            for s in latest.values()
        ),
    }


def limits_table(rates: dict[str, str] | None = None) -> str:
    """Every budget with its limit (``rates``, else ``HALFMOON_THROTTLE_RATES``) and what spends
    it, in Markdown: the schema's description (the rates in force) and docs/PROTOCOL.md (the
    defaults)."""
    spenders: dict[str, list[str]] = {
        "game_action": ["the game socket's actions"],
        "socket_message": ["every frame sent on a socket"],
    }
    for (url_name, method), scopes in SCOPES.items():
        for scope in scopes:
            spenders.setdefault(scope, []).append(f"`{method} {path_of(url_name)}`")
    rows = ["| Budget | Limit | Counted per | Spent by |", "|---|---|---|---|"]
    for scope, rate in (rates or settings.HALFMOON_THROTTLE_RATES).items():
        quota, window = parse_rate(rate)
        spent_by = ", ".join(spenders.get(scope, []))
        rows.append(f"| `{scope}` | {quota} per {window} s | {PER.get(scope, '')} | {spent_by} |")
    return "\n".join(rows)
