"""An app's webhooks (docs/WEBHOOKS.md), managed by the app itself with its client credentials
(`Authorization: Basic`, a confidential app's `client_id:client_secret`): list, create (the
signing secret shown once), delete, the deliveries with their attempts, redeliver."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response

from api.contract import refuses
from api.http.authentication import AppClientAuthentication
from api.http.base import APIView
from api.http.validation import validated
from api.webhooks import serializers as w
from games.webhooks import selectors, usecases
from games.webhooks.presentation import delivery_payload, subscription_payload


class AppView(APIView):
    authentication_classes = [AppClientAuthentication]
    permission_classes = [IsAuthenticated]

    def app_id(self, request) -> int:
        return request.auth.pk


class WebhooksView(AppView):
    @extend_schema(operation_id="webhooks_list", responses={200: w.WebhookListResponse})
    def get(self, request):
        """The app's webhook subscriptions, oldest first (never their secrets)."""
        found = selectors.subscriptions_of(self.app_id(request))
        return Response({"results": [subscription_payload(s) for s in found]})

    @extend_schema(
        operation_id="webhooks_create",
        request=w.WebhookRequest,
        responses={201: w.NewWebhookResponse},
    )
    @refuses("invalid_webhook")
    def post(self, request):
        """Subscribe a URL to events. The answer holds the signing secret (`whsec_…`), shown
        this once: keep it to verify each delivery's `webhook-signature`."""
        data = validated(w.WebhookRequest, request)
        made = usecases.subscribe(
            self.app_id(request), data["url"], data["events"], data.get("description", "")
        )
        return Response(
            {**subscription_payload(made), "secret": made.secret}, status=status.HTTP_201_CREATED
        )


class WebhookView(AppView):
    @extend_schema(operation_id="webhooks_delete", request=None, responses={204: None})
    @refuses("webhook_not_found")
    def delete(self, request, webhook_id):
        """Delete a subscription with its pending deliveries and its log."""
        usecases.unsubscribe(self.app_id(request), webhook_id)
        return Response(status=status.HTTP_204_NO_CONTENT)


class DeliveriesView(AppView):
    @extend_schema(operation_id="webhooks_deliveries", responses={200: w.DeliveryListResponse})
    @refuses("webhook_not_found")
    def get(self, request, webhook_id):
        """The subscription's latest 100 deliveries, newest first, each with its attempts
        (time, status code, error, duration)."""
        subscription = selectors.subscription_of(self.app_id(request), webhook_id)
        deliveries = selectors.deliveries_of(subscription)
        return Response({"results": [delivery_payload(d) for d in deliveries]})


class RedeliverView(AppView):
    @extend_schema(
        operation_id="webhooks_redeliver", request=None, responses={202: w.DeliveryResponse}
    )
    @refuses("webhook_not_found", "webhook_delivery_not_found", "webhook_disabled")
    def post(self, request, webhook_id, delivery_id):
        """Post a delivery again at the job's next run (within seconds): the same message
        (`webhook-id`, body), its attempts counted afresh, its log kept."""
        delivery = usecases.redeliver(self.app_id(request), webhook_id, delivery_id)
        return Response(delivery_payload(delivery), status=status.HTTP_202_ACCEPTED)
