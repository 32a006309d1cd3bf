"""API tokens: random, shown once, stored only as their SHA-256."""

import hashlib
import secrets

#: Longest token accepted for a lookup; anything longer is not one of ours.
MAX_TOKEN_LENGTH = 200


def new_token() -> str:
    return secrets.token_urlsafe(32)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()
