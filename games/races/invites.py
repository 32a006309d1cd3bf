"""Invite codes: six characters from 32 that cannot be mistaken for each other (no 0/O, 1/I),
drawn by ``secrets``: 32**6 ≈ 10**9 codes, and joins by code are throttled per player."""

from __future__ import annotations

import secrets

ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
LENGTH = 6


def new_invite() -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))


def clean_invite(text: object) -> str | None:
    """The canonical form of an invite as typed (case and surrounding spaces ignored), None
    when it cannot be one."""
    if not isinstance(text, str):
        return None
    code = text.strip().upper()
    if len(code) != LENGTH or any(char not in ALPHABET for char in code):
        return None
    return code
