"""Public races (issue 38): created with ``public: true``, listed by ``GET /races?status=open``
(open, with a free seat, newest first: host, seats taken of all, time limit, deal kind) and
joined by id with ``POST /races/{id}/join``. A private race (the default) is never listed and
cannot be joined by id: its id answers as an unknown one. Every refusal changes nothing."""

from __future__ import annotations

import pytest

from tests.support.api import assert_error

from .helpers import ok, refused, stored

pytestmark = pytest.mark.django_db(transaction=True)


def listed(member) -> list[dict]:
    return ok(member.get("races", status="open"))["results"]


def test_public_races_are_listed_and_joined_by_id_private_ones_never(members, fake_clock):
    ann, bob, cyd, dee, eve = members(5)
    private = ok(ann.create(2), 201)
    assert private["public"] is False
    public = ok(bob.create(3, time_limit_s=600, public=True), 201)
    assert public["public"] is True
    chosen = ok(cyd.create(2, public=True, deal_code="HM1-N-AAAAAAA"), 201)

    # the list: the two public ones, newest first, never the private one nor a deal code
    fake_clock.advance(seconds=1)
    seen = listed(eve)
    assert [race["id"] for race in seen] == [chosen["id"], public["id"]]
    assert seen[1] == {
        "id": public["id"],
        "host": {"id": bob.id, "name": "bob"},
        "seats": 3,
        "taken": 1,
        "time_limit_s": 600,
        "deal": "random",
        "created_at": public["created_at"],
    }
    assert seen[0]["deal"] == "chosen" and "HM1" not in str(seen)
    assert private["id"] not in {race["id"] for race in seen}
    assert "invite" not in str(seen)

    # a private race by id: not found, as an unknown id, and nothing changes
    before = stored(private["id"])
    refused(eve.post("races", private["id"], "join"), 404, "race_not_found", private["id"], before)
    assert_error(eve.post("races", 10**9, "join"), 404, "race_not_found")

    # a public race by id, in one call: a member now; the list counts the seat
    joined = ok(eve.post("races", public["id"], "join"))
    assert {m["player"]["id"] for m in joined["members"]} == {bob.id, eve.id}
    assert [r["taken"] for r in listed(dee) if r["id"] == public["id"]] == [2]
    # again: the caller's own race, nothing changes
    before = stored(public["id"])
    ok(eve.post("races", public["id"], "join"))
    assert stored(public["id"]) == before

    # already in a race: refused, nothing changes in either race
    before, other = stored(public["id"]), stored(chosen["id"])
    refused(eve.post("races", chosen["id"], "join"), 409, "already_in_race", public["id"], before)
    assert stored(chosen["id"]) == other

    # full: no longer listed, and joining it is refused
    ok(dee.post("races", public["id"], "join"))
    assert public["id"] not in {race["id"] for race in listed(ann)}
    fay = members(1)[0]
    before = stored(public["id"])
    refused(fay.post("races", public["id"], "join"), 409, "race_full", public["id"], before)

    # started: not open, no longer listed, not joined
    ok(cyd.ready(chosen["id"]))
    ok(fay.post("races", chosen["id"], "join"))
    ok(fay.ready(chosen["id"]))
    ok(cyd.start(chosen["id"]))
    assert listed(ann) == []
    gus = members(1)[0]
    before = stored(chosen["id"])
    refused(gus.post("races", chosen["id"], "join"), 409, "race_not_open", chosen["id"], before)


def test_the_list_takes_open_only_and_a_token(members, api):
    (ann,) = members(1)
    ok(ann.create(2, public=True), 201)
    assert_error(ann.get("races", status="finished"), 400, "invalid_request")
    assert_error(api.get("/api/v1/races?status=open"), 401, "not_authenticated")
    assert_error(api.post("/api/v1/races/1/join", {}, format="json"), 401, "not_authenticated")
    assert_error(ann.create(2, public="yes"), 400, "invalid_request")
