"""Staff manage webhooks in the admin: subscribe an app's URL (the secret shown once), list
deliveries with their attempts, redeliver, enable a disabled subscription."""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages

from games.models import Delivery, Subscription
from games.webhooks import services as webhooks
from tests.admin.conftest import staff_client, staff_user  # noqa: F401

pytestmark = pytest.mark.django_db


def test_staff_subscribe_an_app_and_see_the_secret_once(staff_client, app):  # noqa: F811
    answer = staff_client.post(
        "/admin/games/subscription/add/",
        {
            "application": app.pk,
            "url": "https://bot.example/hooks",
            "events": ["game.ended", "daily.closed"],
            "description": "",
        },
    )
    assert answer.status_code == 302, answer.content.decode()[:2000]
    subscription = Subscription.objects.get()
    assert subscription.event_names() == ["game.ended", "daily.closed"]
    shown = [str(m) for m in get_messages(answer.wsgi_request)]
    assert any(subscription.secret in text for text in shown)
    change = f"/admin/games/subscription/{subscription.pk}/change/"
    assert subscription.secret in staff_client.get(change).content.decode()  # the message, once
    page = staff_client.get(change)
    assert page.status_code == 200
    assert subscription.secret not in page.content.decode()  # never again


def test_staff_refused_a_plain_http_url_and_nothing_is_stored(staff_client, app):  # noqa: F811
    answer = staff_client.post(
        "/admin/games/subscription/add/",
        {"application": app.pk, "url": "http://bot.example/h", "events": ["game.ended"]},
    )
    assert answer.status_code == 200  # the form again, with the reason
    assert "plain http only to a loopback host" in answer.content.decode()
    assert not Subscription.objects.exists()


def test_staff_list_deliveries_and_redeliver(staff_client, app):  # noqa: F811
    subscription = webhooks.subscribe(app.pk, "https://bot.example/hooks", ["daily.closed"])
    webhooks.enqueue("daily.closed", {"date": "2026-12-04", "total": 0, "top": []}, None)
    delivery = Delivery.objects.get()
    Delivery.objects.filter(pk=delivery.pk).update(status="failed", next_attempt_at=None)
    listed = staff_client.get("/admin/games/delivery/")
    assert listed.status_code == 200 and "daily.closed" in listed.content.decode()
    shown = staff_client.get(f"/admin/games/delivery/{delivery.pk}/change/")
    assert shown.status_code == 200 and delivery.message_id in shown.content.decode()
    answer = staff_client.post(
        "/admin/games/delivery/",
        {"action": "redeliver_selected", "_selected_action": [delivery.pk]},
    )
    assert answer.status_code == 302
    delivery.refresh_from_db()
    assert delivery.status == "pending" and delivery.next_attempt_at is not None
    assert subscription.deliveries.count() == 1
