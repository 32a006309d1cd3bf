"""Reads of the webhooks domain: which apps a player connected, an app's subscriptions and
deliveries."""

from __future__ import annotations

from collections.abc import Collection

from django.contrib.auth.hashers import check_password, identify_hasher
from django.db.models import QuerySet
from django.utils.crypto import constant_time_compare
from oauth2_provider.models import AccessToken, Application

from games.players.models import Player

from .errors import WebhookDeliveryNotFound, WebhookNotFound
from .models import Delivery, Subscription

#: The scope a player granted an app that lets it hear of the player's games and races:
#: the one that lets it read them (``games.oauth.scopes``).
READ_SCOPE = "read"


def apps_connected_by(player_ids: Collection[int]) -> set[int]:
    """The apps holding a token of one of these players with the ``read`` scope
    (``games.oauth``: a connected app that may read the player's games and races). An app
    the player disconnected, or staff suspended (its tokens deleted), is not."""
    user_ids = Player.objects.filter(pk__in=player_ids, user__isnull=False).values("user_id")
    tokens = AccessToken.objects.filter(
        user_id__in=user_ids, application__isnull=False, scope__contains=READ_SCOPE
    ).values_list("application_id", "scope")
    return {app_id for app_id, scope in tokens if READ_SCOPE in scope.split()}


def subscriptions_of(application_id: int) -> QuerySet[Subscription]:
    return Subscription.objects.filter(application_id=application_id).order_by("id")


def subscription_of(application_id: int, subscription_id: object) -> Subscription:
    """One subscription of the app, or ``webhook_not_found`` (another app's too)."""
    try:
        return Subscription.objects.get(pk=int(str(subscription_id)), application_id=application_id)
    except (ValueError, Subscription.DoesNotExist):
        raise WebhookNotFound(f"App {application_id} has no webhook {subscription_id}.") from None


def deliveries_of(subscription: Subscription, limit: int = 100) -> list[Delivery]:
    """The subscription's latest deliveries, newest first, each with its attempts' log."""
    return list(
        Delivery.objects.filter(subscription=subscription)
        .prefetch_related("log")
        .order_by("-created_at", "-id")[:limit]
    )


def delivery_of(subscription: Subscription, delivery_id: object) -> Delivery:
    try:
        return Delivery.objects.get(pk=int(str(delivery_id)), subscription=subscription)
    except (ValueError, Delivery.DoesNotExist):
        raise WebhookDeliveryNotFound(
            f"Webhook {subscription.pk} has no delivery {delivery_id}."
        ) from None


def app_by_credentials(client_id: str, client_secret: str) -> Application | None:
    """The confidential app these client credentials are (RFC 6749 §2.3.1, checked as DOT's
    token endpoint checks them), unless staff suspended it; None otherwise. A public app has
    no secret: it cannot manage webhooks (they are for server-side apps)."""
    app = (
        Application.objects.filter(client_id=client_id, client_type=Application.CLIENT_CONFIDENTIAL)
        .select_related("policy")
        .first()
    )
    if app is None or not client_secret or not _secret_matches(client_secret, app.client_secret):
        return None
    policy = getattr(app, "policy", None)
    if policy is not None and policy.suspended_at is not None:
        return None
    return app


def _secret_matches(provided: str, stored: str) -> bool:
    try:
        identify_hasher(stored)
    except ValueError:  # stored as it is (hash_client_secret off)
        return constant_time_compare(provided, stored)
    return check_password(provided, stored)
