"""Quick-match joins and leaves are throttled per player (``matchmaking``): each takes the
queue's lock, so a burst of flips is refused with 429, ``Retry-After`` and the ``RateLimit``
headers, and the refused request leaves the queue as it was."""

from __future__ import annotations

import pytest

from games.models import QueueEntry
from tests.support.api import assert_error

from .helpers import ok

pytestmark = pytest.mark.django_db


@pytest.fixture
def budget(settings):
    settings.HALFMOON_THROTTLE_RATES = {**settings.HALFMOON_THROTTLE_RATES, "matchmaking": "4/min"}


def queue() -> list[dict]:
    return list(QueueEntry.objects.order_by("pk").values())


def leave(member):
    return member.client.delete("/api/v1/matchmaking")


def left(response) -> int:
    scope, remaining, _ = response["RateLimit"].split(";")
    assert scope == '"matchmaking"', response["RateLimit"]
    return int(remaining.removeprefix("r="))


def assert_throttled(response) -> None:
    assert_error(response, 429, "throttled")
    assert int(response["Retry-After"]) >= 1
    assert response.json()["retry_after"] == int(response["Retry-After"])
    assert response["RateLimit-Policy"] == '"matchmaking";q=4;w=60'
    assert left(response) == 0


def test_a_burst_of_joins_is_refused_and_the_queue_stays_as_it_was(members, budget):
    (ann,) = members(1)
    answers = [ann.post("matchmaking", body={"seats": seats}) for seats in (2, 3, 2, 3)]
    assert [a.status_code for a in answers] == [202] * 4
    assert [left(a) for a in answers] == [3, 2, 1, 0]
    assert all(a["RateLimit-Policy"] == '"matchmaking";q=4;w=60' for a in answers)
    before = queue()
    assert [entry["seats"] for entry in before] == [3]

    assert_throttled(ann.post("matchmaking", body={"seats": 4}))
    assert queue() == before  # still queued, for 3 seats
    assert ok(ann.get("matchmaking"))["seats"] == 3  # reading the queue is not counted


def test_a_refused_leave_leaves_the_player_queued(members, budget):
    (ann,) = members(1)
    ok(ann.post("matchmaking", body={"seats": 2}), 202)
    assert leave(ann).status_code == 204
    ok(ann.post("matchmaking", body={"seats": 2}), 202)
    ok(ann.post("matchmaking", body={"seats": 3}), 202)
    before = queue()

    assert_throttled(leave(ann))
    assert queue() == before
    assert ok(ann.get("matchmaking"))["status"] == "waiting"


def test_a_refused_join_leaves_the_player_out_of_the_queue(members, budget):
    ann, bob = members(2)
    for _ in range(4):  # leaves while not queued are refused (404) but counted all the same
        assert_error(leave(ann), 404, "not_in_queue")

    assert_throttled(ann.post("matchmaking", body={"seats": 2}))
    assert queue() == []
    assert_error(ann.get("matchmaking"), 404, "not_in_queue")
    # The budget is the player's: another player queues at once.
    ok(bob.post("matchmaking", body={"seats": 2}), 202)
