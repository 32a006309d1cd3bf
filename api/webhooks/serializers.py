"""Documented (OpenAPI) shapes of an app's webhooks (docs/WEBHOOKS.md)."""

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from api.http.fields import StrictSerializer
from games.webhooks.events import EVENTS


@extend_schema_field(
    {"type": "string", "format": "uri", "maxLength": 500, "pattern": r"^https?://[^\s/]+\S*$"}
)
class WebhookUrlField(serializers.CharField):
    """The receiver's URL. The schema states its shape (an absolute http(s) URL); which hosts
    may receive — https, plain http only to a loopback host, no credentials, in production no
    address inside a network — is a rule (``invalid_webhook``: games.webhooks.services)."""

    def __init__(self, **kwargs):
        super().__init__(max_length=500, **kwargs)


class WebhookRequest(StrictSerializer):
    url = WebhookUrlField(
        help_text="Where to POST: https (plain http only to a loopback host, in development).",
    )
    events = serializers.ListField(
        child=serializers.ChoiceField(choices=list(EVENTS)),
        min_length=1,
        help_text="The events to receive (docs/WEBHOOKS.md).",
    )
    description = serializers.CharField(
        max_length=200, required=False, default="", allow_blank=True
    )


class WebhookResponse(serializers.Serializer):
    id = serializers.IntegerField()
    url = serializers.CharField()
    events = serializers.ListField(child=serializers.ChoiceField(choices=list(EVENTS)))
    description = serializers.CharField(allow_blank=True)
    created_at = serializers.DateTimeField()
    disabled_at = serializers.DateTimeField(
        allow_null=True, help_text="Set after repeated failures, or by staff: nothing is posted."
    )
    disabled_reason = serializers.CharField(allow_blank=True)
    consecutive_failures = serializers.IntegerField()


class NewWebhookResponse(WebhookResponse):
    secret = serializers.CharField(
        help_text="The signing secret (`whsec_…`): shown in this answer only, never again."
    )


class WebhookListResponse(serializers.Serializer):
    results = WebhookResponse(many=True)


class DeliveryAttemptResponse(serializers.Serializer):
    attempted_at = serializers.DateTimeField()
    status_code = serializers.IntegerField(allow_null=True, help_text="Null: no answer came.")
    error = serializers.CharField(allow_blank=True, help_text="Empty after a 2xx.")
    duration_ms = serializers.IntegerField()


class DeliveryResponse(serializers.Serializer):
    id = serializers.IntegerField()
    message_id = serializers.CharField(help_text="The `webhook-id` header, on every attempt.")
    event = serializers.ChoiceField(choices=list(EVENTS))
    status = serializers.ChoiceField(choices=["pending", "delivered", "failed"])
    attempts = serializers.IntegerField()
    created_at = serializers.DateTimeField()
    next_attempt_at = serializers.DateTimeField(allow_null=True)
    delivered_at = serializers.DateTimeField(allow_null=True)
    log = DeliveryAttemptResponse(many=True)


class DeliveryListResponse(serializers.Serializer):
    results = DeliveryResponse(many=True)
