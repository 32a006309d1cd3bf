"""Refusals of the webhooks domain."""

from django.utils.translation import gettext_lazy as _

from games.core.errors import declare

WebhookNotFound = declare(
    "webhook_not_found",
    404,
    _("No such webhook subscription."),
    when="reading, deleting or redelivering through a subscription of another app, or none",
)

WebhookDeliveryNotFound = declare(
    "webhook_delivery_not_found",
    404,
    _("No such webhook delivery."),
    when="redelivering a delivery of another subscription, or none",
)

InvalidWebhook = declare(
    "invalid_webhook",
    400,
    _("This webhook subscription cannot be made."),
    when="a URL that is not https (plain http only on loopback, for development), an unknown "
    "event, no event, or more subscriptions than an app may have",
)

WebhookDisabled = declare(
    "webhook_disabled",
    409,
    _("This webhook subscription is disabled: enable it first."),
    when="redelivering through a subscription disabled after repeated failures or by staff",
)
