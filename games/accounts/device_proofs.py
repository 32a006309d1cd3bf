"""Device proofs: what a device that signed in to an account before shows when it signs in
again, so that strangers guessing the password cannot lock it out (OWASP, "Slow Down Online
Guessing Attacks with Device Cookies").

A sign-in with the right password is answered with a proof for that account and that device.
A later sign-in presenting a valid proof for the same username is counted under the proof's own
budget (``sign_in_device``, per proof); every other attempt shares the username's budget for
unknown devices (``sign_in_username``), which a guesser can still spend, and that is the point.
A proof lets no one in: the password is checked as always.

A proof is stateless, nothing is stored: Django's signing (``SECRET_KEY``, a salt of its own)
over the account's username key, a random nonce (the device: its budget), the moment it was
issued and a stamp of the password hash. It counts as no proof when its signature is wrong,
when it names another username, when it is older than :data:`LIFETIME`, or when the password
has changed since (change, reset, recovery: the stamp differs).
"""

from __future__ import annotations

import datetime as dt
import secrets
from dataclasses import dataclass

from django.core import signing
from django.utils.crypto import salted_hmac

from games.core import clock

from .models import Credentials
from .usernames import username_key

SALT = "halfmoon.accounts.device-proof"
#: How long a proof counts from its issue (each sign-in with the password issues a new one).
LIFETIME = dt.timedelta(days=180)
#: Longest proof taken (a proof issued here is about 150–300 characters).
MAX_LENGTH = 500


@dataclass(frozen=True)
class DeviceProof:
    """A valid proof, as read: whose it is and which device (the key of its budget)."""

    username_key: str
    nonce: str


def issue(credentials: Credentials, nonce: str | None = None) -> str:
    """A new proof for the account; a device that showed a valid one keeps its ``nonce``
    (and so its budget), any other device gets a new one."""
    payload = {
        "u": credentials.username_key,
        "n": nonce or secrets.token_urlsafe(16),
        "t": int(clock.now().timestamp()),
        "p": _password_stamp(credentials.password),
    }
    return signing.Signer(salt=SALT).sign_object(payload)


def read(username: object, presented: list[object]) -> DeviceProof | None:
    """The first of the ``presented`` proofs valid for ``username`` now, else None (a forged,
    expired, stale or other account's proof is no proof). Only a proof whose signature holds
    for this username costs a database read."""
    if not isinstance(username, str):
        return None
    key = username_key(username)
    for candidate in presented:
        payload = _unsigned(candidate)
        if payload is None or payload.get("u") != key:
            continue
        issued, nonce, stamp = payload.get("t"), payload.get("n"), payload.get("p")
        if not (isinstance(issued, int) and isinstance(nonce, str) and isinstance(stamp, str)):
            continue
        age = clock.now() - dt.datetime.fromtimestamp(issued, dt.UTC)
        if not dt.timedelta(0) <= age < LIFETIME:
            continue
        password = (
            Credentials.objects.filter(username_key=key).values_list("password", flat=True).first()
        )
        if password is not None and secrets.compare_digest(stamp, _password_stamp(password)):
            return DeviceProof(key, nonce)
    return None


def account_tag(username: str) -> str:
    """16 hex characters that tell accounts apart without naming them (an HMAC of the username
    key): the web client keeps one cookie per account under a name made of it."""
    tag = salted_hmac(f"{SALT}.account", username_key(username), algorithm="sha256")
    return tag.hexdigest()[:16]


def _unsigned(candidate: object) -> dict | None:
    if not isinstance(candidate, str) or not candidate or len(candidate) > MAX_LENGTH:
        return None
    try:
        payload = signing.Signer(salt=SALT).unsign_object(candidate)
    except (signing.BadSignature, ValueError, UnicodeDecodeError):
        return None
    return payload if isinstance(payload, dict) else None


def _password_stamp(encoded: str) -> str:
    """Changes with the password hash: a new password makes every earlier proof stale."""
    return salted_hmac(f"{SALT}.password", encoded, algorithm="sha256").hexdigest()[:20]
