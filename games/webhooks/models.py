"""Subscriptions of registered apps and their deliveries, each with its log of attempts.
Written by ``games.webhooks.services`` and ``games.webhooks.delivery`` only."""

from __future__ import annotations

from django.db import models
from django.utils import timezone
from oauth2_provider.models import Application


class Subscription(models.Model):
    """An app's URL and the events posted to it, signed with the subscription's secret."""

    application = models.ForeignKey(
        Application, on_delete=models.CASCADE, related_name="webhook_subscriptions"
    )
    url = models.URLField(max_length=500)
    #: Space-separated names of ``games.webhooks.events.EVENTS``.
    events = models.CharField(max_length=200)
    #: ``whsec_`` and base64 of 32 random bytes (Standard Webhooks); shown once, at creation.
    secret = models.CharField(max_length=100, editable=False)
    description = models.CharField(max_length=200, blank=True, default="")
    created_at = models.DateTimeField(default=timezone.now)
    #: Failed attempts in a row (any delivery); reset by a success.
    consecutive_failures = models.PositiveIntegerField(default=0)
    #: Set after ``HALFMOON_WEBHOOK_DISABLE_AFTER`` failed attempts in a row, or by staff:
    #: nothing is delivered until enabled again.
    disabled_at = models.DateTimeField(null=True, blank=True)
    disabled_reason = models.CharField(max_length=200, blank=True, default="")

    class Meta:
        app_label = "games"
        ordering = ["id"]

    def __str__(self):
        return f"webhook #{self.pk} of app #{self.application_id} → {self.url}"

    def event_names(self) -> list[str]:
        return self.events.split()


class Delivery(models.Model):
    """One event for one subscription: its message (id and payload, the same on every
    attempt, so a receiver can drop a repeat) and where its delivery stands."""

    class Status(models.TextChoices):
        PENDING = "pending", "Pending"
        DELIVERED = "delivered", "Delivered"
        FAILED = "failed", "Failed"

    subscription = models.ForeignKey(
        Subscription, on_delete=models.CASCADE, related_name="deliveries"
    )
    #: The ``webhook-id`` header: ``msg_`` and 26 random characters, unique.
    message_id = models.CharField(max_length=40, unique=True)
    event = models.CharField(max_length=40)
    payload = models.JSONField()
    created_at = models.DateTimeField(default=timezone.now)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    attempts = models.PositiveSmallIntegerField(default=0)
    #: When the next attempt is due; null once delivered or given up.
    next_attempt_at = models.DateTimeField(null=True, blank=True, db_index=True)
    delivered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        app_label = "games"
        ordering = ["-created_at", "-id"]
        verbose_name_plural = "deliveries"

    def __str__(self):
        return f"{self.event} {self.message_id} ({self.status})"


class DeliveryAttempt(models.Model):
    """One POST of a delivery: when, the answer's status code (null when none came: refused,
    timed out) and what went wrong."""

    delivery = models.ForeignKey(Delivery, on_delete=models.CASCADE, related_name="log")
    attempted_at = models.DateTimeField()
    status_code = models.PositiveSmallIntegerField(null=True, blank=True)
    error = models.CharField(max_length=300, blank=True, default="")
    duration_ms = models.PositiveIntegerField(default=0)

    class Meta:
        app_label = "games"
        ordering = ["attempted_at", "id"]

    def __str__(self):
        return f"attempt of delivery #{self.delivery_id}: {self.status_code or self.error}"

    @property
    def succeeded(self) -> bool:
        return self.status_code is not None and 200 <= self.status_code < 300
