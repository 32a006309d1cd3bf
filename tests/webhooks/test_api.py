"""An app manages its own webhooks through the REST API with its client credentials
(`Authorization: Basic`): list, create (the secret shown once), delete, deliveries, redeliver.
Another app, a public app, a wrong secret and a suspended app are refused, and a refusal
changes nothing."""

from __future__ import annotations

import base64

import pytest
from oauth2_provider.models import Application
from rest_framework.test import APIClient

from games.models import Delivery, Subscription
from games.oauth.models import AppPolicy
from games.webhooks import services as webhooks

pytestmark = pytest.mark.django_db

API = "/api/v1/webhooks"
URL = "https://bot.example/hooks"


def registered(name="Moon Bot", client_type=Application.CLIENT_CONFIDENTIAL):
    secret = f"secret-of-{name}"
    app = Application.objects.create(
        name=name,
        client_type=client_type,
        authorization_grant_type=Application.GRANT_AUTHORIZATION_CODE,
        redirect_uris="https://bot.example/cb",
        client_secret=secret,
        hash_client_secret=True,
    )
    AppPolicy.objects.create(application=app, allowed_scopes="read")
    app.plain_secret = secret
    return app


def as_app(app, secret=None) -> APIClient:
    client = APIClient()
    pair = f"{app.client_id}:{secret if secret is not None else app.plain_secret}"
    client.credentials(HTTP_AUTHORIZATION="Basic " + base64.b64encode(pair.encode()).decode())
    return client


def test_an_app_creates_lists_and_deletes_its_webhooks():
    app = registered()
    client = as_app(app)
    made = client.post(API, {"url": URL, "events": ["daily.closed"]}, format="json")
    assert made.status_code == 201, made.content
    body = made.json()
    assert body["secret"].startswith("whsec_") and body["events"] == ["daily.closed"]
    assert Subscription.objects.get().secret == body["secret"]
    listed = client.get(API).json()["results"]
    assert [s["id"] for s in listed] == [body["id"]]
    assert "secret" not in listed[0]  # shown once
    assert client.delete(f"{API}/{body['id']}").status_code == 204
    assert not Subscription.objects.exists()


def test_an_app_reads_its_deliveries_and_redelivers_one():
    app = registered()
    subscription = webhooks.subscribe(app.pk, URL, ["daily.closed"])
    webhooks.enqueue("daily.closed", {"date": "2026-12-04", "total": 0, "top": []}, None)
    delivery = Delivery.objects.get()
    Delivery.objects.filter(pk=delivery.pk).update(status="failed", next_attempt_at=None)
    client = as_app(app)
    [listed] = client.get(f"{API}/{subscription.pk}/deliveries").json()["results"]
    assert listed["message_id"] == delivery.message_id and listed["status"] == "failed"
    answer = client.post(f"{API}/{subscription.pk}/deliveries/{delivery.pk}/redeliver")
    assert answer.status_code == 202, answer.content
    assert answer.json()["status"] == "pending"
    delivery.refresh_from_db()
    assert delivery.status == "pending" and delivery.next_attempt_at is not None


def test_another_app_can_neither_see_nor_touch_them():
    mine, theirs = registered("Mine"), registered("Theirs")
    subscription = webhooks.subscribe(mine.pk, URL, ["daily.closed"])
    webhooks.enqueue("daily.closed", {"date": "2026-12-04", "total": 0, "top": []}, None)
    delivery = Delivery.objects.get()
    Delivery.objects.filter(pk=delivery.pk).update(status="failed", next_attempt_at=None)
    client = as_app(theirs)
    assert client.get(API).json()["results"] == []
    for answer in (
        client.get(f"{API}/{subscription.pk}/deliveries"),
        client.delete(f"{API}/{subscription.pk}"),
        client.post(f"{API}/{subscription.pk}/deliveries/{delivery.pk}/redeliver"),
    ):
        assert answer.status_code == 404 and answer.json()["code"] == "webhook_not_found"
    assert Subscription.objects.filter(pk=subscription.pk).exists()
    assert Delivery.objects.get().status == "failed"


@pytest.mark.parametrize(
    "case", ["wrong secret", "public app", "suspended", "no credentials", "player token"]
)
def test_refused_callers_change_nothing(case, make_player):
    app = registered(
        client_type=Application.CLIENT_PUBLIC if case == "public app" else "confidential"
    )
    if case == "suspended":
        from django.utils import timezone

        AppPolicy.objects.filter(application=app).update(suspended_at=timezone.now())
    client = (
        APIClient()
        if case in ("no credentials", "player token")
        else as_app(app, "wrong" if case == "wrong secret" else None)
    )
    if case == "player token":  # a player's device token is not an app's credentials
        client.credentials(HTTP_AUTHORIZATION=f"Bearer {make_player('ann')[1]}")
    answer = client.post(API, {"url": URL, "events": ["daily.closed"]}, format="json")
    assert answer.status_code == 401
    assert answer.json()["code"] in ("invalid_token", "not_authenticated")
    assert answer["WWW-Authenticate"].startswith('Basic realm="apps"')
    assert not Subscription.objects.exists()


def test_an_invalid_subscription_is_refused_and_nothing_is_stored():
    client = as_app(registered())
    for body in (
        {"url": "http://bot.example/hooks", "events": ["daily.closed"]},
        {"url": URL, "events": []},
        {"url": URL, "events": ["game.won"]},
    ):
        answer = client.post(API, body, format="json")
        assert answer.status_code == 400, answer.content
        assert answer.json()["code"] in ("invalid_webhook", "invalid_request")
    assert not Subscription.objects.exists()


def test_redelivering_through_a_disabled_subscription_is_refused():
    app = registered()
    subscription = webhooks.subscribe(app.pk, URL, ["daily.closed"])
    webhooks.enqueue("daily.closed", {"date": "2026-12-04", "total": 0, "top": []}, None)
    delivery = Delivery.objects.get()
    Delivery.objects.filter(pk=delivery.pk).update(status="failed", next_attempt_at=None)
    webhooks.disable(subscription, "by staff")
    answer = as_app(app).post(f"{API}/{subscription.pk}/deliveries/{delivery.pk}/redeliver")
    assert answer.status_code == 409 and answer.json()["code"] == "webhook_disabled"
    assert Delivery.objects.get().status == "failed"


def test_a_repeated_create_with_its_idempotency_key_makes_one_and_keys_are_the_apps_own(
    player_client,
):
    app = registered()
    client = as_app(app)
    body = {"url": URL, "events": ["daily.closed"]}
    first = client.post(API, body, format="json", HTTP_IDEMPOTENCY_KEY="k-1")
    again = client.post(API, body, format="json", HTTP_IDEMPOTENCY_KEY="k-1")
    assert first.status_code == again.status_code == 201
    assert again.json()["id"] == first.json()["id"] and Subscription.objects.count() == 1
    # a player whose id is the app's sends the same key elsewhere: it is not the app's answer
    ann_client, _ann = player_client("ann")
    started = ann_client.post(
        "/api/v1/games", {"deal_code": "HM1-N-AAAAAAA"}, format="json", HTTP_IDEMPOTENCY_KEY="k-1"
    )
    assert started.status_code == 201 and "secret" not in started.json()
