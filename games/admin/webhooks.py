"""Webhooks in the admin (issue 40, docs/WEBHOOKS.md): staff subscribe a registered app's URL
to events (the secret is shown once, at creation), enable or disable a subscription, read
every delivery with its attempts (time, status code, error, duration) and redeliver — every
change through ``games.webhooks.services``."""

from __future__ import annotations

from django import forms
from django.contrib import admin, messages
from django.utils.html import format_html_join

from ..models import Delivery, DeliveryAttempt, Subscription
from ..webhooks import services as webhooks
from ..webhooks.errors import InvalidWebhook, WebhookDisabled
from ..webhooks.events import EVENTS
from .readonly import ReadOnlyAdmin


class SubscriptionForm(forms.ModelForm):
    events = forms.MultipleChoiceField(
        choices=[(name, f"{name}: {text}") for name, text in EVENTS.items()],
        widget=forms.CheckboxSelectMultiple,
    )

    class Meta:
        model = Subscription
        fields = ("application", "url", "events", "description")

    def clean_url(self):
        try:
            return webhooks.checked_url(self.cleaned_data["url"])
        except InvalidWebhook as refusal:
            raise forms.ValidationError(str(refusal)) from None


@admin.register(Subscription)
class SubscriptionAdmin(admin.ModelAdmin):
    form = SubscriptionForm
    list_display = ("id", "application", "url", "events", "state", "consecutive_failures")
    list_filter = ("disabled_at",)
    list_select_related = ("application",)
    search_fields = ("url", "application__name")
    actions = ["enable_selected", "disable_selected"]

    def get_readonly_fields(self, request, obj=None):
        if obj is None:
            return ()
        return (
            "application",
            "url",
            "events",
            "description",
            "created_at",
            "consecutive_failures",
            "disabled_at",
            "disabled_reason",
            "latest_deliveries",
        )

    def get_fields(self, request, obj=None):
        if obj is None:
            return ("application", "url", "events", "description")
        return self.get_readonly_fields(request, obj)

    def get_form(self, request, obj=None, change=False, **kwargs):
        if obj is not None:
            kwargs["form"] = forms.ModelForm
        return super().get_form(request, obj, change, **kwargs)

    def has_change_permission(self, request, obj=None):
        return obj is None and super().has_change_permission(request, obj)

    @admin.display(description="state")
    def state(self, subscription):
        if subscription.disabled_at is None:
            return "enabled"
        return f"disabled: {subscription.disabled_reason or 'by staff'}"

    @admin.display(description="latest deliveries")
    def latest_deliveries(self, subscription):
        rows = subscription.deliveries.order_by("-created_at", "-id")[:20]
        return format_html_join(
            "\n",
            "<div>{} {} — {}, {} attempt(s)</div>",
            ((d.created_at, d.event, d.status, d.attempts) for d in rows),
        )

    def save_model(self, request, obj, form, change):
        """A new subscription through the service; its secret shown now, and never again."""
        made = webhooks.subscribe(
            form.cleaned_data["application"].pk,
            form.cleaned_data["url"],
            form.cleaned_data["events"],
            form.cleaned_data.get("description", ""),
        )
        obj.pk, obj.id = made.pk, made.pk
        messages.warning(
            request,
            f"Signing secret of webhook #{made.pk} (shown only now; give it to the app): "
            f"{made.secret}",
        )

    def delete_model(self, request, obj):
        webhooks.unsubscribe(obj)

    def delete_queryset(self, request, queryset):
        for subscription in queryset:
            webhooks.unsubscribe(subscription)

    @admin.action(description="Enable (deliver again, failures counted afresh)")
    def enable_selected(self, request, queryset):
        for subscription in queryset:
            webhooks.enable(subscription)
        self.message_user(request, f"Enabled {queryset.count()} webhook(s).")

    @admin.action(description="Disable (deliver nothing until enabled)")
    def disable_selected(self, request, queryset):
        for subscription in queryset:
            webhooks.disable(subscription, f"disabled by {request.user}")
        self.message_user(request, f"Disabled {queryset.count()} webhook(s).")


class AttemptInline(admin.TabularInline):
    model = DeliveryAttempt
    fields = ("attempted_at", "status_code", "error", "duration_ms")
    readonly_fields = fields
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(Delivery)
class DeliveryAdmin(ReadOnlyAdmin):
    list_display = ("id", "event", "subscription", "status", "attempts", "created_at")
    list_filter = ("status", "event")
    list_select_related = ("subscription",)
    search_fields = ("message_id",)
    fields = (
        "subscription",
        "event",
        "message_id",
        "status",
        "attempts",
        "created_at",
        "next_attempt_at",
        "delivered_at",
        "payload",
    )
    readonly_fields = fields
    inlines = [AttemptInline]
    actions = ["redeliver_selected"]

    @admin.action(description="Redeliver (the same message, at the job's next run)")
    def redeliver_selected(self, request, queryset):
        done = 0
        for delivery in queryset.select_related("subscription"):
            try:
                webhooks.redeliver(delivery)
                done += 1
            except WebhookDisabled as refusal:
                self.message_user(request, str(refusal), messages.ERROR)
        self.message_user(request, f"Redelivering {done} delivery(ies).")
