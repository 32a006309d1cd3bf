"""Usernames: what may be one, and the key that makes them unique regardless of case.

A username is NFKC-normalised (a full-width ``ａｎａ`` is ``ana``) and holds 3–30 letters,
digits, dots, dashes and underscores. It is never shown to other players (they see the
player's name), so it may be any script; uniqueness is on the case-folded form.
"""

from __future__ import annotations

import re
import unicodedata

from .errors import InvalidUsername

LENGTH = (3, 30)
_ALLOWED = re.compile(r"^[\w.-]+\Z")
#: Names that could pass for the service or its staff: "unavailable", like a taken one.
RESERVED = frozenset(
    {
        "admin",
        "administrator",
        "halfmoon",
        "half-moon",
        "help",
        "moderator",
        "root",
        "security",
        "staff",
        "support",
        "system",
    }
)


def clean_username(raw: object) -> str:
    """The username as stored, or InvalidUsername."""
    name = unicodedata.normalize("NFKC", str(raw or "")).strip()
    if not LENGTH[0] <= len(name) <= LENGTH[1] or not _ALLOWED.match(name):
        raise InvalidUsername()
    return name


def username_key(name: str) -> str:
    """What makes usernames unique, and what sign-in looks up: the case-folded NFKC form."""
    return unicodedata.normalize("NFKC", str(name)).strip().casefold()


def reserved(name: str) -> bool:
    return username_key(name) in RESERVED
