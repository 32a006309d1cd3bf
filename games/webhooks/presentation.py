"""An app's webhooks and deliveries as the REST API shows them (never the secret, but once)."""

from __future__ import annotations

from typing import Any

from games.core.clock import iso

from .models import Delivery, Subscription


def subscription_payload(subscription: Subscription) -> dict[str, Any]:
    return {
        "id": subscription.pk,
        "url": subscription.url,
        "events": subscription.event_names(),
        "description": subscription.description,
        "created_at": iso(subscription.created_at),
        "disabled_at": iso(subscription.disabled_at),
        "disabled_reason": subscription.disabled_reason,
        "consecutive_failures": subscription.consecutive_failures,
    }


def delivery_payload(delivery: Delivery) -> dict[str, Any]:
    return {
        "id": delivery.pk,
        "message_id": delivery.message_id,
        "event": delivery.event,
        "status": delivery.status,
        "attempts": delivery.attempts,
        "created_at": iso(delivery.created_at),
        "next_attempt_at": iso(delivery.next_attempt_at),
        "delivered_at": iso(delivery.delivered_at),
        "log": [
            {
                "attempted_at": iso(attempt.attempted_at),
                "status_code": attempt.status_code,
                "error": attempt.error,
                "duration_ms": attempt.duration_ms,
            }
            for attempt in delivery.log.all()
        ],
    }
