"""Posting due deliveries (the ``deliver_webhooks`` job's step), signed as Standard Webhooks
specifies: headers ``webhook-id`` (the message id, the same on every attempt),
``webhook-timestamp`` (seconds, of this attempt) and ``webhook-signature`` (``v1,`` and the
base64 HMAC-SHA256 of ``id.timestamp.body`` under the subscription's secret).

No transaction is held while posting: a delivery is read, posted with a timeout, and its
outcome written in one short transaction. A 2xx answer delivers it; anything else (another
status, a refused connection, a timeout) is a failed attempt, tried again after an
exponential back-off — ``HALFMOON_WEBHOOK_RETRY_BASE_S`` × 2^(attempts−1) — until
``HALFMOON_WEBHOOK_ATTEMPTS`` attempts, then given up on (``failed``; staff or the app
redeliver it). After ``HALFMOON_WEBHOOK_DISABLE_AFTER`` failed attempts in a row the
subscription is disabled. The job runs one scheduler at a time (its lock), so a delivery is
never posted twice at once."""

from __future__ import annotations

import datetime as dt
import ipaddress
import json
import socket
import time
from dataclasses import dataclass
from urllib.parse import urlsplit

import httpx
from django.conf import settings
from django.db import transaction
from django.db.models import F
from standardwebhooks import Webhook

from games.core import clock

from .models import Delivery, DeliveryAttempt, Subscription

USER_AGENT = "HalfMoon-Webhooks/1"


@dataclass(frozen=True)
class Posted:
    status_code: int | None
    error: str
    duration_ms: int

    @property
    def succeeded(self) -> bool:
        return self.status_code is not None and 200 <= self.status_code < 300


def body_of(delivery: Delivery) -> str:
    return json.dumps(delivery.payload, separators=(",", ":"), sort_keys=True)


def signed_headers(delivery: Delivery, body: str, at: dt.datetime) -> dict[str, str]:
    signature = Webhook(delivery.subscription.secret).sign(delivery.message_id, at, body)
    return {
        "content-type": "application/json",
        "user-agent": USER_AGENT,
        "webhook-id": delivery.message_id,
        "webhook-timestamp": str(int(at.timestamp())),
        "webhook-signature": signature,
    }


def non_public_address(url: str) -> str | None:
    """In production, the first address the URL's host resolves to that is not a public one
    (loopback, private, link-local — a cloud's metadata service —, reserved), or None: a
    receiver is on the internet, never inside the service's own network (server-side request
    forgery). The subscription's URL is checked when made; its name is resolved again here
    because what it resolves to can change. Outside production every address is allowed (a
    development receiver on this machine)."""
    if not settings.PRODUCTION:
        return None
    host = urlsplit(url).hostname or ""
    try:
        found = socket.getaddrinfo(host, None, proto=socket.IPPROTO_TCP)
    except OSError:
        return None  # unresolvable: the POST fails on its own, as a refused connection
    for *_rest, address in found:
        ip = ipaddress.ip_address(address[0])
        if not ip.is_global:
            return str(ip)
    return None


def post(delivery: Delivery) -> Posted:
    """One POST of the delivery, never raising: what answered, or what went wrong."""
    body = body_of(delivery)
    headers = signed_headers(delivery, body, clock.now())
    started = time.monotonic()
    blocked = non_public_address(delivery.subscription.url)
    if blocked is not None:
        return Posted(None, f"not posted: the host resolves to {blocked}, not a public address", 0)
    try:
        with httpx.Client(timeout=settings.HALFMOON_WEBHOOK_TIMEOUT_S, follow_redirects=False) as c:
            answer = c.post(delivery.subscription.url, content=body.encode(), headers=headers)
        status, error = (
            answer.status_code,
            "" if answer.is_success else f"HTTP {answer.status_code}",
        )
    except httpx.HTTPError as failure:
        status, error = None, f"{type(failure).__name__}: {failure}"[:300]
    return Posted(status, error, int((time.monotonic() - started) * 1000))


def back_off(attempts: int) -> dt.timedelta:
    """The wait after the ``attempts``-th failed attempt: base × 2^(attempts−1), at most a day."""
    seconds = settings.HALFMOON_WEBHOOK_RETRY_BASE_S * 2 ** max(0, attempts - 1)
    return dt.timedelta(seconds=min(seconds, 86_400))


def due(limit: int) -> list[Delivery]:
    return list(
        Delivery.objects.filter(
            status=Delivery.Status.PENDING,
            next_attempt_at__lte=clock.now(),
            subscription__disabled_at__isnull=True,
        )
        .select_related("subscription")
        .order_by("next_attempt_at", "id")[:limit]
    )


def attempt(delivery: Delivery) -> Posted:
    """Post the delivery once and write the outcome: its log, its status, the subscription's
    failures in a row (and its disabling)."""
    attempted_at = clock.now()
    posted = post(delivery)
    with transaction.atomic():
        DeliveryAttempt.objects.create(
            delivery=delivery,
            attempted_at=attempted_at,
            status_code=posted.status_code,
            error=posted.error,
            duration_ms=posted.duration_ms,
        )
        attempts = delivery.attempts + 1
        subscription = Subscription.objects.select_for_update().get(pk=delivery.subscription_id)
        if posted.succeeded:
            Delivery.objects.filter(pk=delivery.pk).update(
                status=Delivery.Status.DELIVERED,
                attempts=attempts,
                next_attempt_at=None,
                delivered_at=clock.now(),
            )
            subscription.consecutive_failures = 0
            subscription.save(update_fields=["consecutive_failures"])
            return posted
        given_up = attempts >= settings.HALFMOON_WEBHOOK_ATTEMPTS
        Delivery.objects.filter(pk=delivery.pk).update(
            status=Delivery.Status.FAILED if given_up else Delivery.Status.PENDING,
            attempts=attempts,
            next_attempt_at=None if given_up else clock.now() + back_off(attempts),
        )
        Subscription.objects.filter(pk=subscription.pk).update(
            consecutive_failures=F("consecutive_failures") + 1
        )
        subscription.refresh_from_db(fields=["consecutive_failures"])
        limit = settings.HALFMOON_WEBHOOK_DISABLE_AFTER
        if subscription.disabled_at is None and subscription.consecutive_failures >= limit:
            subscription.disabled_at = clock.now()
            subscription.disabled_reason = f"{limit} failed attempts in a row"
            subscription.save(update_fields=["disabled_at", "disabled_reason"])
    return posted


#: A step starts no new POST after this many seconds (each POST may take up to the timeout):
#: the embedded default runs the light jobs one after the other, and races wait on this one.
STEP_BUDGET_S = 10.0


@dataclass(frozen=True)
class Round:
    tried: int
    delivered: int
    #: Due deliveries were left for the next step (the batch was full, or time ran out).
    more: bool


def deliver_due(limit: int) -> Round:
    """Post up to ``limit`` due deliveries, starting none after :data:`STEP_BUDGET_S`. A
    subscription disabled meanwhile is skipped."""
    tried = delivered = 0
    started = time.monotonic()
    batch = due(limit)
    for delivery in batch:
        if time.monotonic() - started > STEP_BUDGET_S:
            return Round(tried, delivered, more=True)
        delivery.subscription.refresh_from_db(fields=["disabled_at"])
        if delivery.subscription.disabled_at is not None:
            continue
        tried += 1
        delivered += attempt(delivery).succeeded
    return Round(tried, delivered, more=len(batch) >= limit)


#: How long a delivery (its payload and log) is kept once delivered or given up on: the log is
#: for diagnosing a receiver, and a payload names players (their public names and results).
RETENTION = dt.timedelta(days=30)


def prune() -> int:
    """Delete the deliveries delivered or given up on more than :data:`RETENTION` ago (with
    their attempts); pending ones stay. Returns how many."""
    old = Delivery.objects.filter(
        created_at__lt=clock.now() - RETENTION,
        status__in=(Delivery.Status.DELIVERED, Delivery.Status.FAILED),
    )
    _, by_model = old.delete()
    return by_model.get(Delivery._meta.label, 0)
