"""What a player may ask for themselves (SPEC §13, self-service): the limits of personal
tokens and of apps a player registers, and the checks of what they send. Each check returns
the problems per field (empty when all is well), the shape ``app_registration_invalid``
carries."""

from __future__ import annotations

import datetime as dt

from .scopes import SCOPES
from .uris import origin_problem, redirect_uri_problem

#: Live (unexpired) personal tokens a player may hold at once.
MAX_PERSONAL_TOKENS = 20
#: The longest a personal token lives; it never lives forever.
MAX_TOKEN_DAYS = 365
DEFAULT_TOKEN_DAYS = 30
#: Apps a player may register.
MAX_OWN_APPS = 5
#: Redirect URIs, and browser origins, one app may list.
MAX_URIS = 5
NAME_LENGTH = 60
#: Personal tokens start so: secret scanners and people tell them from other tokens.
TOKEN_PREFIX = "hm_pat_"

Problems = dict[str, list[str]]


def clean_name(raw: object, problems: Problems) -> str:
    """A name as stored: printable, spaces collapsed, 1–60 characters."""
    text = " ".join("".join(ch for ch in str(raw or "") if ch.isprintable()).split())
    if not text or len(text) > NAME_LENGTH:
        problems.setdefault("name", []).append(f"1–{NAME_LENGTH} printable characters.")
    return text


def clean_scopes(raw: object, problems: Problems) -> list[str]:
    """At least one scope, each a known one (``games.oauth.scopes.SCOPES``), sorted."""
    scopes = raw if isinstance(raw, (list, tuple)) else []
    unknown = [s for s in scopes if s not in SCOPES]
    if not scopes or unknown:
        problems.setdefault("scopes", []).append(
            f"One or more of {', '.join(SCOPES)}" + (f"; unknown: {unknown}" if unknown else "")
        )
        return []
    return sorted(set(scopes))


def clean_lifetime(raw: object, problems: Problems) -> dt.timedelta:
    """A personal token's lifetime: 1 to 365 days, 30 when not given."""
    days = DEFAULT_TOKEN_DAYS if raw is None else raw
    if isinstance(days, bool) or not isinstance(days, int) or not 1 <= days <= MAX_TOKEN_DAYS:
        problems.setdefault("expires_in_days", []).append(
            f"A whole number of days, 1–{MAX_TOKEN_DAYS}."
        )
        days = DEFAULT_TOKEN_DAYS
    return dt.timedelta(days=days)


def clean_uris(raw: object, field: str, problems: Problems, *, required: bool) -> list[str]:
    """Redirect URIs (``redirect_uris``) or browser origins (``allowed_origins``): https, or
    http on a loopback host (:mod:`.uris`), at most 5, no duplicates kept."""
    uris = raw if isinstance(raw, (list, tuple)) else []
    uris = list(dict.fromkeys(u for u in uris if isinstance(u, str)))
    check = redirect_uri_problem if field == "redirect_uris" else origin_problem
    found = [p for p in map(check, uris) if p]
    if (
        (required and not uris)
        or len(uris) > MAX_URIS
        or not isinstance(raw, (list, tuple, type(None)))
    ):
        found.insert(0, f"{1 if required else 0}–{MAX_URIS} of them.")
    if found:
        problems.setdefault(field, []).extend(found)
    return uris
