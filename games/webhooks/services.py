"""Changes of the webhooks domain: subscribing an app's URL, unsubscribing, enabling again,
redelivering, and enqueuing an event's deliveries (inside the event's own transaction)."""

from __future__ import annotations

import base64
import ipaddress
import secrets
import uuid
from collections.abc import Collection
from typing import Any
from urllib.parse import urlsplit

from django.conf import settings
from django.db import transaction

from games.core import clock

from .errors import InvalidWebhook, WebhookDisabled
from .events import EVENTS, PUBLIC_EVENTS
from .models import Delivery, Subscription

LOOPBACK_HOSTS = frozenset({"localhost"})


def new_secret() -> str:
    """A Standard Webhooks secret: ``whsec_`` and base64 of 32 random bytes."""
    return "whsec_" + base64.b64encode(secrets.token_bytes(32)).decode("ascii")


def new_message_id() -> str:
    return f"msg_{uuid.uuid4().hex}"


def _is_loopback(host: str) -> bool:
    if host in LOOPBACK_HOSTS:
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _is_public_or_name(host: str) -> bool:
    """A host name (resolved at each delivery: games.webhooks.delivery), or a public address."""
    try:
        return ipaddress.ip_address(host.strip("[]")).is_global
    except ValueError:
        return True


def checked_url(url: str) -> str:
    """https anywhere; plain http only to a loopback host (a development receiver), and no
    loopback host at all in production (the service would post to itself)."""
    url = (url or "").strip()
    parts = urlsplit(url)
    if len(url) > 500 or not parts.hostname or parts.username or parts.password:
        raise InvalidWebhook("Send an absolute https URL without credentials.")
    loopback = _is_loopback(parts.hostname)
    if loopback and settings.PRODUCTION:
        raise InvalidWebhook("In production a webhook URL is not a loopback host.")
    if settings.PRODUCTION and not _is_public_or_name(parts.hostname):
        raise InvalidWebhook("In production a webhook URL names a public host.")
    if parts.scheme == "https" or (parts.scheme == "http" and loopback):
        return url
    raise InvalidWebhook("A webhook URL is https (plain http only to a loopback host).")


def checked_events(events: Collection[str]) -> list[str]:
    names = [str(name) for name in events] if not isinstance(events, str) else events.split()
    unknown = sorted(set(names) - set(EVENTS))
    if unknown or not names:
        known = ", ".join(EVENTS)
        raise InvalidWebhook(f"Name one or more events of: {known} (unknown: {unknown}).")
    return [name for name in EVENTS if name in names]


def subscribe(
    application_id: int, url: str, events: Collection[str], description: str = ""
) -> Subscription:
    """A new subscription of the app; its ``secret`` is shown to the caller once."""
    valid_url, names = checked_url(url), checked_events(events)
    with transaction.atomic():
        count = Subscription.objects.select_for_update().filter(application_id=application_id)
        if len(count) >= settings.HALFMOON_WEBHOOK_SUBSCRIPTIONS_PER_APP:
            raise InvalidWebhook(
                f"An app has at most {settings.HALFMOON_WEBHOOK_SUBSCRIPTIONS_PER_APP} webhooks."
            )
        return Subscription.objects.create(
            application_id=application_id,
            url=valid_url,
            events=" ".join(names),
            secret=new_secret(),
            description=str(description or "")[:200],
            created_at=clock.now(),
        )


def unsubscribe(subscription: Subscription) -> None:
    """Delete the subscription, its pending deliveries and its log."""
    subscription.delete()


def enable(subscription: Subscription) -> Subscription:
    """Deliver again (after repeated failures or staff disabled it): its failed count starts
    over; deliveries given up on stay so (redeliver them)."""
    Subscription.objects.filter(pk=subscription.pk).update(
        disabled_at=None, disabled_reason="", consecutive_failures=0
    )
    subscription.refresh_from_db()
    return subscription


def disable(subscription: Subscription, reason: str) -> Subscription:
    Subscription.objects.filter(pk=subscription.pk, disabled_at__isnull=True).update(
        disabled_at=clock.now(), disabled_reason=reason[:200]
    )
    subscription.refresh_from_db()
    return subscription


def redeliver(delivery: Delivery) -> Delivery:
    """Post the delivery again at the next run of the job: the same message (id, payload,
    so a receiver that got it drops the repeat), its attempts counted afresh, its log kept."""
    subscription = delivery.subscription
    if subscription.disabled_at is not None:
        raise WebhookDisabled(f"Webhook {subscription.pk} is disabled: enable it first.")
    Delivery.objects.filter(pk=delivery.pk).update(
        status=Delivery.Status.PENDING, attempts=0, next_attempt_at=clock.now()
    )
    delivery.refresh_from_db()
    return delivery


def enqueue(event: str, payload: dict[str, Any], application_ids: Collection[int] | None) -> int:
    """Inside the event's transaction: one pending delivery per enabled subscription to
    ``event`` — of the apps named, or of every app for a public event (``None``). Rolled back
    with the event's change; posted after commit by the ``deliver_webhooks`` job."""
    if event not in EVENTS:
        raise LookupError(f"No webhook event {event!r}.")
    if application_ids is None and event not in PUBLIC_EVENTS:
        raise LookupError(f"{event} is delivered only to the apps the player connected.")
    subscriptions = Subscription.objects.filter(
        disabled_at__isnull=True, events__contains=event
    ).only("id", "events")
    if application_ids is not None:
        if not application_ids:
            return 0
        subscriptions = subscriptions.filter(application_id__in=application_ids)
    now = clock.now()
    body = {"type": event, "timestamp": clock.iso(now), "data": payload}
    rows = [
        Delivery(
            subscription_id=subscription.pk,
            message_id=new_message_id(),
            event=event,
            payload=body,
            created_at=now,
            next_attempt_at=now,
        )
        for subscription in subscriptions
        if event in subscription.event_names()
    ]
    Delivery.objects.bulk_create(rows)
    return len(rows)
