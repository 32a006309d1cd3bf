"""Idempotent retries (IETF draft-ietf-httpapi-idempotency-key-header): the first answer to a
request with an ``Idempotency-Key`` is kept for 24 hours and replayed to its retries.

The HTTP side (which requests, the fingerprint, the headers kept) is ``api.http.idempotency``;
this module owns the rows. How a key resolves, per (client, key):

- no row (or one older than :data:`TTL`): the request claims the key and runs; its answer is
  stored (:func:`complete`), or the claim is dropped when it failed in a way a retry may
  repair (:func:`release`: 429s and 5xx);
- a row with another fingerprint: :class:`IdempotencyKeyReused` (422);
- a row still without an answer: :class:`IdempotencyKeyInFlight` (409 with Retry-After): the
  draft's answer to a concurrent duplicate; its retry then gets the stored answer. A claim
  left unanswered for :data:`ABANDONED_AFTER` (its process died) is taken over;
- a row with an answer: that answer, to replay.

The unique constraint on (scope, key_hash) in the same database as the game rows decides
between concurrent duplicates: one insert wins, in one short autocommit transaction.
"""

from __future__ import annotations

import base64
import datetime as dt
import hashlib
import json
from dataclasses import dataclass, field

from cryptography.fernet import Fernet, InvalidToken
from django.conf import settings
from django.db import IntegrityError, transaction

from games.core import clock
from games.transport.errors import IdempotencyKeyInFlight, IdempotencyKeyReused
from games.transport.models import IdempotencyKey

TTL = dt.timedelta(hours=24)
ABANDONED_AFTER = dt.timedelta(seconds=60)
IN_FLIGHT_RETRY_AFTER = 1
#: Pruning on write: every this many new keys, the expired ones of every client go.
PRUNE_EVERY = 100


@dataclass(frozen=True)
class Answer:
    """A stored answer: status, the headers worth replaying, and the body's bytes."""

    status: int
    body: bytes
    headers: dict[str, str] = field(default_factory=dict)


def key_hash(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


def _cipher(key: str) -> Fernet:
    """Answers are sealed with a key only a holder of the Idempotency-Key (and the server's
    secret) can derive: the row alone does not reveal the token a sign-in answered."""
    secret = hashlib.sha256(f"{settings.SECRET_KEY}\0idempotency\0{key}".encode()).digest()
    return Fernet(base64.urlsafe_b64encode(secret))


def _seal(key: str, answer: Answer) -> bytes:
    plain = json.dumps(
        {
            "status": answer.status,
            "headers": answer.headers,
            "body": base64.b64encode(answer.body).decode(),
        }
    )
    return _cipher(key).encrypt(plain.encode())


def _open(key: str, sealed: bytes | memoryview) -> Answer | None:
    try:
        plain = json.loads(_cipher(key).decrypt(bytes(sealed)))
    except (InvalidToken, ValueError):
        return None  # SECRET_KEY rotated: the answer cannot be replayed, the key starts over
    return Answer(plain["status"], base64.b64decode(plain["body"]), plain["headers"])


def claim(scope: str, key: str, fingerprint: str) -> Answer | None:
    """Claim ``key`` for this request (None: run it, then :func:`complete` or :func:`release`),
    or the stored answer of its first request to replay. Raises
    :class:`IdempotencyKeyReused` or :class:`IdempotencyKeyInFlight`.

    A replay costs one SELECT; a new key a SELECT and an INSERT (which the unique constraint
    refuses to the loser of a race, who then reads the winner's row)."""
    hashed = key_hash(key)
    for _attempt in range(3):
        now = clock.now()
        row = IdempotencyKey.objects.filter(scope=scope, key_hash=hashed).first()
        if row is not None:
            expired = row.created_at <= now - TTL
            abandoned = row.status is None and row.created_at <= now - ABANDONED_AFTER
            if not (expired or abandoned):
                if row.fingerprint != fingerprint:
                    raise IdempotencyKeyReused()
                if row.status is None:
                    raise IdempotencyKeyInFlight(retry_after=IN_FLIGHT_RETRY_AFTER)
                answer = _open(key, row.answer)
                if answer is not None:
                    return answer
            # expired, abandoned by a dead request, or sealed with a rotated SECRET_KEY: over
            IdempotencyKey.objects.filter(pk=row.pk, created_at=row.created_at).delete()
        try:
            with transaction.atomic():
                created = IdempotencyKey.objects.create(
                    scope=scope, key_hash=hashed, fingerprint=fingerprint, created_at=now
                )
        except IntegrityError:
            continue  # a concurrent duplicate claimed it first: read its row
        if created.pk % PRUNE_EVERY == 0:
            prune(now)
        return None
    raise IdempotencyKeyInFlight(retry_after=IN_FLIGHT_RETRY_AFTER)


def complete(scope: str, key: str, answer: Answer) -> None:
    """Keep the first request's answer for the retries."""
    IdempotencyKey.objects.filter(scope=scope, key_hash=key_hash(key), status=None).update(
        status=answer.status, answer=_seal(key, answer)
    )


def release(scope: str, key: str) -> None:
    """Drop a claim whose request had no lasting effect (throttled, failed): a retry runs."""
    IdempotencyKey.objects.filter(scope=scope, key_hash=key_hash(key), status=None).delete()


def prune(now: dt.datetime | None = None) -> int:
    """Delete the keys older than :data:`TTL`; returns how many."""
    cutoff = (now or clock.now()) - TTL
    deleted, _ = IdempotencyKey.objects.filter(created_at__lte=cutoff).delete()
    return deleted
