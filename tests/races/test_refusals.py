"""Every refusal of the races API is a clear error with a stable code, and changes nothing."""

from __future__ import annotations

import pytest

from games.models import Game, Race
from tests.support.api import assert_error, url

from .helpers import ok, refused, stored

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def open_race(members, fake_clock):
    """An open race of two seats hosted by ann, with bob in it; cyd outside."""
    ann, bob, cyd = members(3)
    race = ok(ann.create(2), 201)
    ok(bob.join(race["invite"]))
    return ann, bob, cyd, race


def test_joining_a_full_race(open_race):
    ann, bob, cyd, race = open_race
    body = refused(cyd.join(race["invite"]), 409, "race_full", race["id"], stored(race["id"]))
    assert body["seats"] == 2 and body["race_id"] == race["id"]


def test_joining_a_started_race(open_race, members, fake_clock):
    ann, bob, cyd, race = open_race
    ok(ann.ready(race["id"])), ok(bob.ready(race["id"]))
    ok(ann.start(race["id"]))
    before = stored(race["id"])
    assert refused(cyd.join(race["invite"]), 409, "race_not_open", race["id"], before)[
        "status"
    ] == ("countdown")
    fake_clock.advance(seconds=10)
    ok(ann.race(race["id"]))  # running now
    refused(cyd.join(race["invite"]), 409, "race_not_open", race["id"], stored(race["id"]))


def test_unknown_races_and_invites(open_race):
    ann, bob, cyd, race = open_race
    before = stored(race["id"])
    for response in (
        ann.race(race["id"] + 100),
        ann.ready(race["id"] + 100),
        ann.start(race["id"] + 100),
        ann.leave(race["id"] + 100),
        ann.post("races", 2**70, "cancel"),
    ):
        assert_error(response, 404, "race_not_found")
    for wrong in ("ZZZZZZ", "abc", "0OI1LL", " x ", ""):
        assert_error(cyd.join(wrong), 404, "invite_not_found")
    assert_error(cyd.join("\x00"), 400, "invalid_request")
    assert stored(race["id"]) == before


def test_a_race_is_seen_by_its_members_only(open_race):
    ann, bob, cyd, race = open_race
    before = stored(race["id"])
    body = refused(cyd.race(race["id"]), 404, "race_not_found", race["id"], before)
    assert "invite" not in body
    refused(cyd.ready(race["id"]), 404, "race_not_found", race["id"], before)
    refused(cyd.leave(race["id"]), 404, "race_not_found", race["id"], before)
    refused(cyd.start(race["id"]), 404, "race_not_found", race["id"], before)
    assert_error(cyd.client.__class__().get(url("races", race["id"])), 401, "not_authenticated")


def test_a_second_unfinished_race(open_race, members):
    ann, bob, cyd, race = open_race
    before = stored(race["id"])
    body = refused(bob.create(3), 409, "already_in_race", race["id"], before)
    assert body["race_id"] == race["id"]
    other = ok(cyd.create(2), 201)
    refused(bob.join(other["invite"]), 409, "already_in_race", race["id"], before)
    refused(bob.post("matchmaking", body={"seats": 2}), 409, "already_in_race", race["id"], before)
    assert len(ok(cyd.race(other["id"]))["members"]) == 1
    # Joining one's own race again changes nothing.
    assert ok(bob.join(race["invite"]))["version"] == before[0]["version"]


def test_starting_with_fewer_than_two_or_someone_not_ready(members):
    ann, bob = members(2)
    race = ok(ann.create(3), 201)
    ok(ann.ready(race["id"]))
    body = refused(ann.start(race["id"]), 409, "race_needs_two", race["id"], stored(race["id"]))
    assert body["members"] == 1
    ok(bob.join(race["invite"]))
    body = refused(ann.start(race["id"]), 409, "members_not_ready", race["id"], stored(race["id"]))
    assert body["not_ready"] == [bob.id]


def test_only_the_host_starts_or_cancels(open_race):
    ann, bob, cyd, race = open_race
    ok(ann.ready(race["id"])), ok(bob.ready(race["id"]))
    before = stored(race["id"])
    refused(bob.start(race["id"]), 403, "not_race_host", race["id"], before)
    refused(bob.post("races", race["id"], "cancel"), 403, "not_race_host", race["id"], before)


def test_bad_bodies(members):
    (ann,) = members(1)
    for body in (
        {"seats": 1},
        {"seats": 9},
        {"seats": "2"},
        {"seats": 2, "time_limit_s": 59},
        {"seats": 2, "time_limit_s": 3601},
        {"seats": 2, "colour": "red"},
        {},
    ):
        assert_error(ann.post("races", body=body), 400, "invalid_request")
    for code in ("HM1-N-AAAAAA1", "XX"):
        response = ann.post("races", body={"seats": 2, "deal_code": code})
        assert_error(response, 400, "invalid_deal_code")
    for body in ({"seats": 1}, {"seats": 5}, {"seats": True}, {}):
        assert_error(ann.post("matchmaking", body=body), 400, "invalid_request")
    assert not Game.objects.exists()


def test_today_s_daily_deal_cannot_be_raced(members, fake_clock):
    from games.daily.models import DailyDeal

    (ann,) = members(1)
    today = "HM1-N-DAILYAA"  # today's choice, stored (choosing it would solve candidates)
    DailyDeal.objects.create(date=fake_clock().date(), code=today, candidate=0, budget=1)
    assert_error(ann.create(2, deal_code=today.lower()), 400, "deal_not_for_races")
    assert not Race.objects.exists()


def test_acting_on_or_reading_another_members_game(running_race, winning):
    (ann, bob), race = running_race(2)
    bob_game = bob.own_game_id(ok(bob.race(race["id"])))
    before = stored(race["id"])
    refused(ann.move(bob_game, winning[1][0]), 403, "not_your_game", race["id"], before)
    refused(ann.post("games", bob_game, "resign"), 403, "not_your_game", race["id"], before)
    for path in (("games", bob_game), ("games", bob_game, "log")):
        body = refused(ann.get(*path), 403, "race_game_hidden", race["id"], before)
        assert body["race_id"] == race["id"]
    response = bob.client.patch(url("games", bob_game), {"watchable": True}, format="json")
    refused(response, 409, "race_game_private", race["id"], before)


def test_a_running_races_deal_cannot_be_started_elsewhere(running_race, members, winning):
    (ann, bob), race = running_race(2)
    (cyd,) = members(1)
    body = assert_error(cyd.post("games", body={"deal_code": winning[0]}), 409, "deal_in_race")
    assert body["deal_code"] == winning[0]
    assert not Game.objects.filter(owner_id=cyd.id).exists()


def test_a_wrong_invite_is_throttled(open_race, settings):
    ann, bob, cyd, race = open_race
    settings.HALFMOON_THROTTLE_RATES = {**settings.HALFMOON_THROTTLE_RATES, "race_invite": "3/min"}
    before = stored(race["id"])
    for _ in range(3):
        assert_error(cyd.join("WRONG2"), 404, "invite_not_found")
    body = assert_error(cyd.join(race["invite"]), 429, "throttled")
    assert body["retry_after"] >= 1
    assert stored(race["id"]) == before
