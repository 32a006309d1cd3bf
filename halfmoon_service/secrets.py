"""The one rule for secrets strong enough for production, used by production mode (which
refuses to start) and by ``manage.py check --deploy`` (which warns)."""

from __future__ import annotations

from games.engine.deals import PUBLIC_KEY

#: The development SECRET_KEY starts with this: never a production key.
INSECURE_SECRET_PREFIX = "insecure-dev-only-"
#: Keys written in this repository, now or in its history: anyone can read them, so they are
#: refused in production (a test checks that every key written in the repository is refused).
PUBLISHED_SECRET_KEYS = frozenset(
    {
        "change-me-to-a-long-random-string-before-exposing-this-service",  # docker-compose.yml once
    }
)
PUBLISHED_DEAL_KEYS = frozenset({PUBLIC_KEY, b"another-secret"})  # the golden deal vectors' keys
MIN_SECRET_KEY_LENGTH = 50
MIN_DEAL_KEY_LENGTH = 16


def secret_key_problem(secret_key: str) -> str | None:
    """Why ``SECRET_KEY`` is unfit for production, or None."""
    if (
        secret_key.startswith(INSECURE_SECRET_PREFIX)
        or secret_key in PUBLISHED_SECRET_KEYS
        or len(secret_key) < MIN_SECRET_KEY_LENGTH
        or len(set(secret_key)) < 5
    ):
        return (
            f"SECRET_KEY must be set to a random string of at least "
            f"{MIN_SECRET_KEY_LENGTH} characters"
        )
    return None


def deal_key_problem(deal_key: bytes) -> str | None:
    """Why ``HALFMOON_DEAL_KEY`` is unfit for production (anyone could compute every layout
    and tomorrow's daily deal with it), or None."""
    if deal_key in PUBLISHED_DEAL_KEYS or len(deal_key) < MIN_DEAL_KEY_LENGTH:
        return (
            f"HALFMOON_DEAL_KEY must be set to a secret of at least {MIN_DEAL_KEY_LENGTH} "
            "characters (not a key published in the repository)"
        )
    return None
