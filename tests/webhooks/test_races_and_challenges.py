"""``race.finished`` reaches the apps a member connected, with public standings only;
``challenge.result`` reaches the apps the attempt's player connected. Neither carries a card."""

from __future__ import annotations

import json

import pytest

from games.management import jobs
from games.models import Player
from games.webhooks import services as webhooks
from tests.challenges.helpers import Challenger, small_deal
from tests.races.conftest import fake_clock, members, running_race, winning
from tests.races.helpers import ok

from .conftest import connect
from .test_leaks import assert_public

__all__ = ["fake_clock", "members", "running_race", "winning"]

pytestmark = pytest.mark.django_db


def test_a_finished_race_reaches_the_apps_a_member_connected(app, receiver, running_race):
    webhooks.subscribe(app.pk, receiver.url, ["race.finished"])
    crew, race = running_race(2)
    ann, bob = crew
    connect(Player.objects.get(pk=bob.id), app)
    for member in crew:
        ok(member.resign(member.own_game_id(ok(member.race(race["id"])))))
    assert ok(ann.race(race["id"]))["status"] == "finished"
    jobs.deliver_webhooks()
    [got] = receiver.received
    message = assert_public(got.body, ann.token, bob.token)
    assert message["type"] == "race.finished"
    data = message["data"]
    assert data["race_id"] == race["id"]
    assert {s["player"]["name"] for s in data["standings"]} == {ann.name, bob.name}
    assert {s["result"] for s in data["standings"]} == {"resigned"}
    assert "invite" not in got.body.decode() and race["invite"] not in got.body.decode()


def test_a_race_of_members_who_connected_nothing_is_not_delivered(app, receiver, running_race):
    webhooks.subscribe(app.pk, receiver.url, ["race.finished"])
    crew, race = running_race(2)
    for member in crew:
        ok(member.resign(member.own_game_id(ok(member.race(race["id"])))))
    jobs.deliver_webhooks()
    assert receiver.received == []


def test_a_challenge_result_reaches_the_apps_its_player_connected(app, receiver, db):
    webhooks.subscribe(app.pk, receiver.url, ["challenge.result"])
    ana = Challenger("Ana")
    game = ana.start(small_deal())
    ana.win(game["id"])
    challenge = ana.made_challenge(game["id"])
    bo, cy = Challenger("Bo"), Challenger("Cy")
    connect(Player.objects.get(pk=bo.id), app)
    bo.resign(bo.play(challenge["code"])["id"])
    cy.resign(cy.play(challenge["code"])["id"])  # cy connected nothing
    jobs.deliver_webhooks()
    [got] = receiver.received
    message = assert_public(got.body, challenge["code"])
    assert message["type"] == "challenge.result"
    assert message["data"]["player"] == {"id": bo.id, "name": "Bo"}
    assert message["data"]["result"] == "resigned"
    from games.models import Challenge

    stored = Challenge.objects.get(code=challenge["code"])
    assert json.loads(got.body)["data"]["challenge_id"] == stored.pk
