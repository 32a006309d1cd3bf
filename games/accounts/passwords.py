"""Passwords through Django's own pieces: its validators (``AUTH_PASSWORD_VALIDATORS``) and its
hashers (``PASSWORD_HASHERS``, Argon2 first, via ``argon2-cffi``).

:func:`check` takes as long for a username that does not exist as for one that does: it checks
the password against a hash made once with the same hasher, as Django's ``ModelBackend`` does.
"""

from __future__ import annotations

from functools import cache
from typing import Any, cast

from django.contrib.auth.hashers import check_password, make_password
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError

from .errors import InvalidPassword
from .models import Credentials

#: Longest password taken (Argon2 takes any length; a bound keeps requests cheap).
MAX_LENGTH = 200


def validated(password: str, username: str, email: str = "") -> str:
    """``password`` when Django's validators accept it for this account, else InvalidPassword
    with their messages (in the active language)."""
    if len(password) > MAX_LENGTH:
        raise InvalidPassword(problems=[f"A password has at most {MAX_LENGTH} characters."])
    try:
        # The validators read the attributes of a user; credentials have the same ones.
        account = cast(Any, Credentials(username=username, email=email))
        validate_password(password, user=account)
    except ValidationError as error:
        raise InvalidPassword(problems=[str(message) for message in error.messages]) from None
    return password


def hashed(password: str) -> str:
    return make_password(password)


def check(password: str, encoded: str | None) -> bool:
    """True when ``password`` matches ``encoded``; with ``encoded`` None (no such account) the
    same work is done against a stand-in hash, and the answer is False."""
    if encoded is None:
        check_password(password, _stand_in())
        return False
    return check_password(password, encoded)


@cache
def _stand_in() -> str:
    return make_password("a password no account has")
