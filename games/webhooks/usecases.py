"""The webhooks' front door for the transports (an app managing its own subscriptions with its
client credentials): each use case is one call of the domain."""

from __future__ import annotations

from collections.abc import Collection

from . import services
from .models import Delivery, Subscription
from .selectors import delivery_of, subscription_of


def subscribe(
    application_id: int, url: str, events: Collection[str], description: str = ""
) -> Subscription:
    return services.subscribe(application_id, url, events, description)


def unsubscribe(application_id: int, subscription_id: object) -> None:
    services.unsubscribe(subscription_of(application_id, subscription_id))


def redeliver(application_id: int, subscription_id: object, delivery_id: object) -> Delivery:
    subscription = subscription_of(application_id, subscription_id)
    return services.redeliver(delivery_of(subscription, delivery_id))
