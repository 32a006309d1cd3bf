"""The keys in the links that e-mails carry, made and checked with Django's own pieces.

* Password reset: Django's ``PasswordResetTokenGenerator`` over the credentials. A key is bound
  to the password hash it was made for, so it is used up the moment the password changes, and
  expires after ``PASSWORD_RESET_TIMEOUT``.
* E-mail verification: Django's signing of (player, address, the address's issue, time
  made), valid for ``VERIFY_EMAIL_MAX_AGE`` by the service's clock and once: it verifies an
  address that is not verified yet, so following it again is refused
  (``verification_link_invalid``); and it names the issue of the address it was made for
  (``Credentials.email_issue``, one more each time an address is set), so after the address was
  removed and set again its older links are refused too.

Links point at the web client's pages, keys after ``#`` so that they never reach a server's
access log: ``<site>/account/reset-password#uid=…&key=…``, ``<site>/account/verify-email#key=…``.
"""

from __future__ import annotations

import datetime as dt
from typing import Any, cast

from django.contrib.auth.tokens import PasswordResetTokenGenerator
from django.core import signing
from django.utils.encoding import force_bytes, force_str
from django.utils.http import urlsafe_base64_decode, urlsafe_base64_encode

from games.core import clock

from .models import Credentials

VERIFY_EMAIL_SALT = "halfmoon.verify-email"
VERIFY_EMAIL_MAX_AGE = dt.timedelta(days=3)
RESET_PAGE = "account/reset-password"
VERIFY_PAGE = "account/verify-email"


class ResetKeys(PasswordResetTokenGenerator):
    """Password reset keys for :class:`Credentials` (Django's generator is made for users)."""

    key_salt = "halfmoon.password-reset"

    def _make_hash_value(self, user: Any, timestamp: int) -> str:
        credentials: Credentials = user
        changed = credentials.password_changed_at.replace(microsecond=0, tzinfo=None)
        return (
            f"{credentials.pk}{credentials.password}{changed}{timestamp}"
            f"{credentials.email}{credentials.email_verified_at is not None}"
        )

    def _now(self) -> dt.datetime:  # the service's clock, so tests can move time
        return clock.now().replace(tzinfo=None)


_reset_keys = ResetKeys()


def reset_link(site: str, credentials: Credentials) -> str:
    uid = urlsafe_base64_encode(force_bytes(credentials.pk))
    key = _reset_keys.make_token(cast(Any, credentials))
    return f"{site.rstrip('/')}/{RESET_PAGE}#uid={uid}&key={key}"


def reset_key_valid(credentials: Credentials, key: object) -> bool:
    """The key was made for these credentials as they are now, within the timeout."""
    return _reset_keys.check_token(cast(Any, credentials), str(key))


def reset_player_id(uid: object) -> int | None:
    """The player id a reset link's ``uid`` names, or None."""
    try:
        return int(force_str(urlsafe_base64_decode(str(uid))))
    except (ValueError, TypeError, UnicodeDecodeError):
        return None


def verify_link(site: str, credentials: Credentials) -> str:
    made = int(clock.now().timestamp())
    key = signing.dumps(
        {"p": credentials.pk, "e": credentials.email, "i": credentials.email_issue, "t": made},
        salt=VERIFY_EMAIL_SALT,
    )
    return f"{site.rstrip('/')}/{VERIFY_PAGE}#key={key}"


def verified_address(key: object) -> tuple[int, str, int] | None:
    """(player id, address, the address's issue) of a verification key that is genuine and
    recent, else None. A key made before issues were signed names issue 0."""
    try:
        value = signing.loads(str(key), salt=VERIFY_EMAIL_SALT)
    except signing.BadSignature:
        return None
    if not isinstance(value, dict) or not all(isinstance(value.get(k), int) for k in "pt"):
        return None
    issue = value.get("i", 0)
    if not isinstance(issue, int):
        return None
    age = clock.now().timestamp() - value["t"]
    if not 0 <= age <= VERIFY_EMAIL_MAX_AGE.total_seconds():
        return None
    return value["p"], str(value.get("e", "")), issue
