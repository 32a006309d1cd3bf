"""API tokens: random, shown once, stored only as their SHA-256; one per device."""

import datetime as dt
import hashlib
import secrets

#: Longest token accepted for a lookup; anything longer is not one of ours.
MAX_TOKEN_LENGTH = 200
#: A token's ``last_used_at`` is written at most this often (it is coarse on purpose: a write
#: per request would double the cost of the hot path).
TOUCH_EVERY = dt.timedelta(minutes=1)
#: Longest device name; longer ones are cut.
DEVICE_NAME_LENGTH = 60
DEFAULT_DEVICE = "Unnamed device"


def new_token() -> str:
    return secrets.token_urlsafe(32)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def clean_device(raw: object) -> str:
    """A device name as stored: printable, spaces collapsed, at most 60 characters."""
    text = "".join(ch for ch in str(raw or "") if ch.isprintable())
    return " ".join(text.split())[:DEVICE_NAME_LENGTH] or DEFAULT_DEVICE
