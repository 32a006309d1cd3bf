"""The token endpoint's exchanges of a code, each at most once (SPEC §13).

- An **authorization code** exchanges once (RFC 6749 §4.1.2, OAuth 2.1 §4.1.3): a second
  exchange is ``invalid_grant`` and revokes every token the first one issued (the refresh token
  family it began, rotations included). Any failed exchange burns the code — a wrong PKCE
  verifier, a wrong redirect URI, a wrong client — so a stolen code cannot be tried again.
- A **device code** (RFC 8628) exchanges once too, by the app it was issued to, before it
  expires: the same refusal and revocation for a second exchange. The approved grant goes with
  its exchange, so it is no longer held for the player.

django-oauth-toolkit deletes a code when it is exchanged and forgets it, and lets an approved
device code mint a new pair on every poll; so the exchange is wrapped here: the code's row is
locked first (of two exchanges at once, one issues and the other is the replay), and the
spent code is remembered as a hash (:class:`~.models.SpentGrant`) until it would have expired.
"""

from __future__ import annotations

import datetime as dt
import hashlib
from collections.abc import Callable
from dataclasses import dataclass

from django.db import transaction
from oauth2_provider.models import AccessToken, DeviceGrant, Grant, RefreshToken

from games.core import clock

from .models import SpentGrant

#: What DOT's exchange answered: the HTTP status and the JSON body.
Answer = tuple[int, dict]
#: A device code's own refusals: the grant stays as it is (RFC 8628 §3.5).
WAITING = frozenset({"authorization_pending", "slow_down", "access_denied"})


@dataclass(frozen=True)
class Refusal:
    """An OAuth error answer (RFC 6749 §5.2)."""

    error: str
    description: str
    status: int = 400

    def answer(self) -> Answer:
        return self.status, {"error": self.error, "error_description": self.description}


REPLAYED = Refusal(
    "invalid_grant", "This code was already exchanged: the tokens it gave are revoked."
)
UNKNOWN = Refusal("invalid_grant", "No such code, or it was already used or has expired.")
WRONG_CLIENT = Refusal("invalid_grant", "This device code was issued to another app.")
EXPIRED = Refusal("expired_token", "This device code has expired.")


def code_hash(code: str) -> str:
    return hashlib.sha256(code.encode("utf-8")).hexdigest()


def exchange_code(code: str, issue: Callable[[], Answer]) -> Answer:
    """Exchange an authorization code once: ``issue`` runs DOT's exchange while the code's
    row is locked."""
    with transaction.atomic():
        grant = Grant.objects.select_for_update().filter(code=code).first()
        if grant is None:
            return _replayed_or_unknown(code)
        expires_at = grant.expires
        application_id = grant.application_id
        status, body = issue()
        if status != 200:
            Grant.objects.filter(pk=grant.pk).delete()  # burnt: no second try
            return status, body
        _remember(SpentGrant.Kind.CODE, code, application_id, body, expires_at)
        return status, body


def exchange_device_code(device_code: str, issue: Callable[[], Answer]) -> Answer:
    """Exchange an approved device code once, by its own app, before it expires."""
    with transaction.atomic():
        grant = DeviceGrant.objects.select_for_update().filter(device_code=device_code).first()
        if grant is None:
            return _replayed_or_unknown(device_code)
        if grant.expires <= clock.now():
            DeviceGrant.objects.filter(pk=grant.pk).update(status=DeviceGrant.EXPIRED)
            return EXPIRED.answer()
        try:
            with transaction.atomic():  # undone when the code was another app's
                status, body = issue()
                if status == 200 and _issued_to(body) != grant.client_id:
                    raise _WrongClient
        except _WrongClient:
            return WRONG_CLIENT.answer()
        if status != 200:
            return status, body
        application_id = (
            AccessToken.objects.filter(token_checksum=_checksum(body["access_token"]))
            .values_list("application_id", flat=True)
            .get()
        )
        _remember(SpentGrant.Kind.DEVICE, device_code, application_id, body, grant.expires)
        DeviceGrant.objects.filter(pk=grant.pk).delete()  # exchanged: no longer held
        return status, body


class _WrongClient(Exception):
    pass


def _checksum(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def _issued_to(body: dict) -> str | None:
    return (
        AccessToken.objects.filter(token_checksum=_checksum(body.get("access_token", "")))
        .values_list("application__client_id", flat=True)
        .first()
    )


def _remember(
    kind: str, code: str, application_id: int, body: dict, expires_at: dt.datetime
) -> None:
    now = clock.now()
    SpentGrant.objects.filter(expires_at__lt=now).delete()  # the expired ones, indexed
    access = (
        AccessToken.objects.filter(token_checksum=_checksum(body["access_token"]))
        .values_list("pk", flat=True)
        .first()
    )
    family = None
    if body.get("refresh_token"):
        family = (
            RefreshToken.objects.filter(token_checksum=_checksum(body["refresh_token"]))
            .values_list("token_family", flat=True)
            .first()
        )
    SpentGrant.objects.create(
        kind=kind,
        code_hash=code_hash(code),
        application_id=application_id,
        token_family=family,
        access_token_id=access,
        spent_at=now,
        expires_at=max(expires_at, now),
    )


def _replayed_or_unknown(code: str) -> Answer:
    spent = SpentGrant.objects.select_for_update().filter(code_hash=code_hash(code)).first()
    if spent is None or spent.expires_at < clock.now():
        return UNKNOWN.answer()
    revoke_issued(spent)
    return REPLAYED.answer()


def revoke_issued(spent: SpentGrant) -> list[int]:
    """Delete every token the spent code's exchange issued: its access token, and the refresh
    token family it began with each rotation's access token. Returns the access tokens' ids
    (their sockets close after commit: :mod:`.revocation`)."""
    access_ids = {spent.access_token_id} if spent.access_token_id else set()
    if spent.token_family is not None:
        family = RefreshToken.objects.filter(token_family=spent.token_family)
        access_ids |= set(
            family.exclude(access_token=None).values_list("access_token_id", flat=True)
        )
        family.delete()
    gone = sorted(AccessToken.objects.filter(pk__in=access_ids).values_list("pk", flat=True))
    AccessToken.objects.filter(pk__in=gone).delete()
    return gone
