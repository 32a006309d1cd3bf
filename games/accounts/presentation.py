"""The public representation of an account (never a password, a code or a key)."""

from __future__ import annotations

from games.core.clock import iso

from .models import Credentials
from .selectors import recovery_codes_left


def account_payload(credentials: Credentials) -> dict:
    return {
        "username": credentials.username,
        "email": credentials.email or None,
        "email_verified": credentials.email_verified_at is not None,
        "recovery_codes_left": recovery_codes_left(credentials),
        "created_at": iso(credentials.created_at),
        "password_changed_at": iso(credentials.password_changed_at),
    }
