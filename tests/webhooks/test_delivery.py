"""Webhooks delivered to a real receiver on 127.0.0.1: signed (verified with the
``standardwebhooks`` package), posted after commit by the ``deliver_webhooks`` job, retried
with exponential back-off on the project's movable clock, a subscription disabled after
failures in a row, redelivered, nothing for a change rolled back."""

from __future__ import annotations

import datetime as dt
import json

import pytest
from django.db import transaction
from standardwebhooks import Webhook
from standardwebhooks.webhooks import WebhookVerificationError

from games.management import jobs
from games.models import Delivery, Game, Subscription
from games.play import services as play
from games.webhooks import services as webhooks
from games.webhooks.errors import InvalidWebhook, WebhookDisabled

from .conftest import connect, start_and_resign


def deliver() -> tuple[int, int]:
    """One step of the job, as the schedulers run it."""
    ran = jobs.deliver_webhooks()
    assert ran.more is False
    return Delivery.objects.filter(status="delivered").count(), Delivery.objects.count()


def test_a_game_end_is_delivered_signed_and_verifies(app, receiver, player_client):
    client, player = player_client("ann")
    connect(player, app)
    subscription = webhooks.subscribe(app.pk, receiver.url, ["game.ended"])
    assert subscription.secret.startswith("whsec_")
    game = start_and_resign(client)
    assert receiver.received == []  # not posted by the request: by the job
    assert deliver() == (1, 1)
    [got] = receiver.received
    message = Webhook(subscription.secret).verify(got.body, got.headers)
    assert message["type"] == "game.ended"
    data = message["data"]
    assert data["game_id"] == game["id"] and data["result"] == "resigned"
    assert data["player"] == {"id": player.pk, "name": player.name}
    assert got.headers["webhook-id"].startswith("msg_")
    with pytest.raises(WebhookVerificationError):  # another secret does not verify it
        Webhook(webhooks.new_secret()).verify(got.body, got.headers)
    assert deliver() == (1, 1) and len(receiver.received) == 1  # delivered once


def test_only_apps_the_player_connected_get_a_game_end(app, receiver, player_client, db):
    from oauth2_provider.models import Application

    other_app = Application.objects.create(
        name="Other",
        client_type=Application.CLIENT_CONFIDENTIAL,
        authorization_grant_type=Application.GRANT_AUTHORIZATION_CODE,
        redirect_uris="https://other.example/cb",
    )
    ann_client, ann = player_client("ann")
    bo_client, _bo = player_client("bo")
    connect(ann, app)
    mine = webhooks.subscribe(app.pk, receiver.url, ["game.ended"])
    webhooks.subscribe(other_app.pk, receiver.url, ["game.ended"])
    start_and_resign(ann_client)
    start_and_resign(bo_client)  # bo connected no app: nobody hears of it
    [delivery] = Delivery.objects.all()
    assert delivery.subscription_id == mine.pk
    assert delivery.payload["data"]["player"]["id"] == ann.pk


def test_an_app_the_player_granted_no_read_scope_hears_nothing(app, receiver, player_client):
    client, player = player_client("ann")
    connect(player, app, scope="play")
    webhooks.subscribe(app.pk, receiver.url, ["game.ended"])
    start_and_resign(client)
    assert Delivery.objects.count() == 0


def test_a_change_rolled_back_delivers_nothing(app, receiver, player_client):
    client, player = player_client("ann")
    connect(player, app)
    webhooks.subscribe(app.pk, receiver.url, ["game.ended"])
    started = client.post("/api/v1/games", {"deal_code": "HM1-N-AAAAAAA"}, format="json")
    game_id = started.json()["id"]

    class Refused(Exception):
        pass

    with pytest.raises(Refused), transaction.atomic():
        play.resign(player, game_id)
        assert Delivery.objects.count() == 1  # written inside the change's transaction
        raise Refused
    assert Game.objects.get(pk=game_id).status == "playing"
    assert Delivery.objects.count() == 0
    deliver()
    assert receiver.received == []


def test_a_failed_attempt_is_retried_after_an_exponential_back_off(
    app, receiver, player_client, fake_clock, settings
):
    settings.HALFMOON_WEBHOOK_RETRY_BASE_S = 30
    receiver.answers = [500, 503, 200]
    client, player = player_client("ann")
    connect(player, app)
    webhooks.subscribe(app.pk, receiver.url, ["game.ended"])
    start_and_resign(client)
    deliver()
    delivery = Delivery.objects.get()
    assert delivery.status == "pending" and delivery.attempts == 1
    assert delivery.next_attempt_at == fake_clock() + dt.timedelta(seconds=30)
    fake_clock.advance(seconds=29)
    deliver()
    assert len(receiver.received) == 1  # not due yet
    fake_clock.advance(seconds=1)
    deliver()
    delivery.refresh_from_db()
    assert len(receiver.received) == 2 and delivery.attempts == 2
    assert delivery.next_attempt_at == fake_clock() + dt.timedelta(seconds=60)  # doubled
    fake_clock.advance(seconds=60)
    assert deliver() == (1, 1)
    delivery.refresh_from_db()
    assert delivery.status == "delivered" and delivery.attempts == 3
    assert [a.status_code for a in delivery.log.all()] == [500, 503, 200]
    ids = {got.headers["webhook-id"] for got in receiver.received}
    assert ids == {delivery.message_id}  # the same message on every attempt
    assert Subscription.objects.get().consecutive_failures == 0


def test_a_receiver_that_keeps_failing_disables_the_subscription(
    app, receiver, player_client, fake_clock, settings
):
    settings.HALFMOON_WEBHOOK_DISABLE_AFTER = 3
    settings.HALFMOON_WEBHOOK_ATTEMPTS = 10
    receiver.answers = [500]
    client, player = player_client("ann")
    connect(player, app)
    subscription = webhooks.subscribe(app.pk, receiver.url, ["game.ended"])
    start_and_resign(client)
    for _ in range(6):
        deliver()
        fake_clock.advance(hours=1)
    subscription.refresh_from_db()
    assert len(receiver.received) == 3
    assert subscription.disabled_at is not None and subscription.consecutive_failures == 3
    start_and_resign(client)  # a disabled subscription gets no new delivery
    assert Delivery.objects.count() == 1
    delivery = Delivery.objects.get()
    with pytest.raises(WebhookDisabled):
        webhooks.redeliver(delivery)
    delivery.refresh_from_db()
    assert delivery.attempts == 3  # the refusal changed nothing
    webhooks.enable(subscription)
    receiver.answers = [200]
    deliver()
    assert Delivery.objects.get().status == "delivered"


def test_a_given_up_delivery_is_redelivered_with_the_same_message(
    app, receiver, player_client, fake_clock, settings
):
    settings.HALFMOON_WEBHOOK_ATTEMPTS = 2
    receiver.answers = [500, 500, 200]
    client, player = player_client("ann")
    connect(player, app)
    webhooks.subscribe(app.pk, receiver.url, ["game.ended"])
    start_and_resign(client)
    deliver()
    fake_clock.advance(hours=1)
    deliver()
    delivery = Delivery.objects.get()
    assert delivery.status == "failed" and delivery.next_attempt_at is None
    fake_clock.advance(hours=1)
    deliver()
    assert len(receiver.received) == 2  # given up: not tried again by itself
    webhooks.redeliver(delivery)
    deliver()
    delivery.refresh_from_db()
    assert delivery.status == "delivered" and delivery.log.count() == 3
    assert receiver.received[-1].headers["webhook-id"] == delivery.message_id
    assert json.loads(receiver.received[-1].body) == delivery.payload


def test_a_subscription_needs_https_or_loopback_and_known_events(app):
    for url in ("http://bot.example/hooks", "ftp://x", "https://u:p@bot.example/", ""):
        with pytest.raises(InvalidWebhook):
            webhooks.subscribe(app.pk, url, ["game.ended"])
    with pytest.raises(InvalidWebhook):
        webhooks.subscribe(app.pk, "https://bot.example/hooks", ["game.won"])
    with pytest.raises(InvalidWebhook):
        webhooks.subscribe(app.pk, "https://bot.example/hooks", [])
    assert Subscription.objects.count() == 0
    made = webhooks.subscribe(app.pk, "https://bot.example/hooks", ["season.closed", "game.ended"])
    assert made.event_names() == ["game.ended", "season.closed"]


def test_the_job_is_declared_for_both_schedulers():
    job = next(job for job in jobs.JOBS if job.name == "deliver_webhooks")
    # the embedded default runs the jobs that do not solve on the server's own scheduler
    # (halfmoon_service.background); compose's worker runs every job (run_jobs)
    assert not job.solves and job in [j for j in jobs.JOBS if not j.solves]
    assert jobs.jobs_named(["deliver_webhooks"]) == [job]


def test_a_refused_connection_is_a_failed_attempt_without_a_status(
    app, player_client, fake_clock, db
):
    import socket

    with socket.socket() as closed:  # a port nobody listens on
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]
    client, player = player_client("ann")
    connect(player, app)
    webhooks.subscribe(app.pk, f"http://127.0.0.1:{port}/hooks", ["game.ended"])
    start_and_resign(client)
    deliver()
    delivery = Delivery.objects.get()
    [logged] = delivery.log.all()
    assert logged.status_code is None and "Connect" in logged.error
    assert delivery.status == "pending" and delivery.next_attempt_at > fake_clock()


def test_old_deliveries_are_pruned_and_pending_ones_kept(app, receiver, fake_clock):
    webhooks.subscribe(app.pk, receiver.url, ["daily.closed"])
    webhooks.enqueue("daily.closed", {"date": "2026-12-04", "total": 0, "top": []}, None)
    webhooks.enqueue("daily.closed", {"date": "2026-12-05", "total": 0, "top": []}, None)
    first, second = Delivery.objects.order_by("id")
    Delivery.objects.filter(pk=first.pk).update(status="delivered", next_attempt_at=None)
    Delivery.objects.filter(pk=second.pk).update(
        next_attempt_at=fake_clock() + dt.timedelta(days=60)
    )
    fake_clock.advance(days=31)
    assert jobs.prune_webhook_deliveries().note.startswith("deleted 1 ")
    assert list(Delivery.objects.values_list("pk", flat=True)) == [second.pk]


def test_the_embedded_defaults_scheduler_runs_the_delivery_job(settings):
    from halfmoon_service.background import BackgroundJobs

    background = BackgroundJobs()
    light = {job.name for job in background.light.jobs}
    assert {"deliver_webhooks", "prune_webhook_deliveries"} <= light
    assert "deliver_webhooks" not in background.solving


def test_in_production_a_host_inside_the_network_is_never_posted_to(
    app, receiver, player_client, settings
):
    """Server-side request forgery: a subscription whose name resolves to a loopback (or
    private, link-local) address gets no POST in production — the attempt is logged as failed
    — and an address literal inside the network is refused when subscribing."""
    client, player = player_client("ann")
    connect(player, app)
    # Made before production was on (as a name that resolved elsewhere when subscribed).
    subscription = webhooks.subscribe(
        app.pk, receiver.url.replace("127.0.0.1", "localhost"), ["game.ended"]
    )
    settings.PRODUCTION = True
    start_and_resign(client)
    assert deliver() == (0, 1)
    assert receiver.received == []
    delivery = Delivery.objects.get()
    [attempt] = delivery.log.all()
    assert attempt.status_code is None and "not a public address" in attempt.error
    for inside in ("https://10.1.2.3/hook", "https://169.254.169.254/latest", "https://[::1]/h"):
        with pytest.raises(InvalidWebhook):
            webhooks.subscribe(app.pk, inside, ["game.ended"])
    assert list(Subscription.objects.values_list("pk", flat=True)) == [subscription.pk]
