"""One-time codes people type: link codes (8 characters) and recovery codes (10).

Crockford's base 32 (no I, L, O or U: nothing to misread), grouped by a dash for reading;
typed in any case, with or without the dash or spaces, ``O`` read as zero and ``I``/``L`` as one.
Only an HMAC of a code is stored (``salted_hmac`` with ``SECRET_KEY``), so a copy of the
database alone cannot be searched for codes.
"""

from __future__ import annotations

import secrets

from django.utils.crypto import salted_hmac

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
LINK_CODE_LENGTH = 8
RECOVERY_CODE_LENGTH = 10
RECOVERY_CODES = 10
_READ_AS = str.maketrans({"O": "0", "I": "1", "L": "1"})


def new_code(length: int) -> str:
    """A random code, displayed in two halves: ``7KQ2-9XMD``."""
    raw = "".join(secrets.choice(ALPHABET) for _ in range(length))
    half = length // 2
    return f"{raw[:half]}-{raw[half:]}"


def normalised(typed: object, length: int) -> str | None:
    """The code as generated (without its dash), or None when it cannot be one."""
    text = "".join(str(typed or "").split()).replace("-", "").upper().translate(_READ_AS)
    if len(text) != length or any(ch not in ALPHABET for ch in text):
        return None
    return text


def code_hash(kind: str, code: str) -> str:
    """What is stored of a code (``code`` as :func:`normalised` gives it)."""
    return salted_hmac(f"halfmoon.{kind}-code", code, algorithm="sha256").hexdigest()
