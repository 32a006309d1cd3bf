"""A race from creation to standings, through the REST API (SPEC §8)."""

from __future__ import annotations

import datetime as dt

import pytest

from games.models import Game, Race, RaceMember
from tests.support.api import assert_error

from .helpers import CARD, ok

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_race_from_invite_to_standings(members, fake_clock, winning, settings):
    ann, bob = members(2)
    race = ok(ann.create(2, deal_code=winning[0]), 201)
    assert race["status"] == "open" and race["host"]["id"] == ann.id
    assert len(race["invite"]) == 6 and race["deal_code"] is None
    assert [m["player"]["id"] for m in race["members"]] == [ann.id]
    race = ok(bob.join(race["invite"].lower()))
    assert [m["player"]["id"] for m in race["members"]] == [ann.id, bob.id]
    ok(ann.ready(race["id"]))
    ok(bob.ready(race["id"]))
    race = ok(ann.start(race["id"]))
    assert race["status"] == "countdown"
    starts_at = dt.datetime.fromisoformat(race["starts_at"].replace("Z", "+00:00"))
    assert starts_at == fake_clock() + dt.timedelta(
        milliseconds=settings.HALFMOON_RACE_COUNTDOWN_MS
    )
    assert race["deal_code"] is None and all(m["game_id"] is None for m in race["members"])
    assert not Game.objects.filter(race_id=race["id"]).exists()  # the deal exists nowhere yet

    fake_clock.set(starts_at)
    race = ok(bob.race(race["id"]))
    assert race["status"] == "running" and race["deal_code"] == winning[0]
    bob_game = bob.own_game_id(race)
    assert bob_game is not None
    assert [m["game_id"] for m in race["members"] if m["player"]["id"] != bob.id] == [None]
    ann_game = ann.own_game_id(ok(ann.race(race["id"])))
    game = Game.objects.get(pk=ann_game)
    assert game.started_at == starts_at and game.race_id == race["id"]

    fake_clock.advance(seconds=30)
    for positions in winning[1][:3]:
        ok(bob.move(bob_game, positions))
    race = ok(ann.race(race["id"]))
    bob_progress = next(m["progress"] for m in race["members"] if m["player"]["id"] == bob.id)
    assert bob_progress["moves"] == 3 and bob_progress["elapsed_ms"] == 30_000
    assert bob_progress["cards_left"] == 104 - sum(len(p) for p in winning[1][:3])
    assert not CARD.search(str(race))

    fake_clock.advance(seconds=10)
    for positions in winning[1]:
        ok(ann.move(ann_game, positions))
    race = ok(bob.race(race["id"]))
    assert race["status"] == "finished" and race["end_reason"] == "won"
    standings = race["standings"]
    assert [s["player"]["id"] for s in standings] == [ann.id, bob.id]
    assert standings[0]["result"] == "won" and standings[0]["elapsed_ms"] == 40_000
    assert standings[1]["result"] == "unfinished" and standings[1]["elapsed_ms"] == 40_000
    # Asked for by its deal code, among anonymous players: a casual race (SPEC §8).
    assert race["rated"] is False and race["aborted"] is False
    assert [(s["rated"], s["rating_change"]) for s in standings] == [(False, None)] * 2
    # After the race every member sees every game of it, and the open one was closed.
    assert {m["game_id"] for m in race["members"]} == {ann_game, bob_game}
    assert Game.objects.get(pk=bob_game).status == "resigned"
    ok(bob.get("games", ann_game))
    assert not RaceMember.objects.filter(race_id=race["id"], active=True).exists()


def test_the_deadline_ends_a_race_nobody_touches(running_race, fake_clock):
    (ann, bob), race = running_race(2, time_limit_s=60)
    fake_clock.advance(seconds=59)
    assert ok(ann.race(race["id"]))["status"] == "running"
    fake_clock.advance(seconds=1)
    race = ok(bob.race(race["id"]))
    assert race["status"] == "finished" and race["end_reason"] == "time"
    assert Race.objects.get(pk=race["id"]).version == race["version"]
    assert [s["result"] for s in race["standings"]] == ["unfinished", "unfinished"]


def test_a_move_after_the_deadline_is_refused_and_ends_the_race(running_race, fake_clock, winning):
    (ann, bob), race = running_race(2, time_limit_s=60)
    game_id = ann.own_game_id(race)
    fake_clock.advance(seconds=61)
    before = Game.objects.get(pk=game_id).version
    assert_error(ann.move(game_id, winning[1][0]), 409, "race_over")
    assert Game.objects.get(pk=game_id).version in (before, before + 1)  # closed, not moved
    assert Game.objects.get(pk=game_id).moves == 0
    assert Race.objects.get(pk=race["id"]).status == "finished"


def test_leaving_before_and_after_the_start(members, fake_clock, settings):
    ann, bob, cyd = members(3)
    race = ok(ann.create(3), 201)
    ok(bob.join(race["invite"])), ok(cyd.join(race["invite"]))
    left = ok(ann.leave(race["id"]))  # the host leaves an open race: bob hosts it now
    assert left["host"]["id"] == bob.id and [m["player"]["id"] for m in left["members"]] == [
        bob.id,
        cyd.id,
    ]
    assert_error(ann.race(race["id"]), 404, "race_not_found")
    for member in (bob, cyd):
        ok(member.ready(race["id"]))
    assert ok(bob.start(race["id"]))["status"] == "countdown"
    back = ok(cyd.leave(race["id"]))  # leaving during the countdown: open again
    assert back["status"] == "open" and back["starts_at"] is None
    assert not Game.objects.filter(race_id=race["id"]).exists()
    ok(ann.join(race["invite"]))
    ok(ann.ready(race["id"]))
    ok(bob.start(race["id"]))
    fake_clock.advance(milliseconds=settings.HALFMOON_RACE_COUNTDOWN_MS)
    running = ok(ann.race(race["id"]))
    assert running["status"] == "running"
    ann_game = ann.own_game_id(running)
    after = ok(ann.leave(race["id"]))  # leaving a running race resigns
    assert Game.objects.get(pk=ann_game).status == "resigned"
    assert next(m for m in after["members"] if m["player"]["id"] == ann.id)["left"] is True
    assert after["status"] == "running"
    ok(cyd.create(2), 201)  # ann is free again, and so is cyd
    ok(ann.create(2), 201)
    ok(bob.leave(race["id"]))  # the last one resigning ends the race
    finished = ok(bob.race(race["id"]))
    assert finished["status"] == "finished" and finished["end_reason"] == "all_over"
    assert [s["result"] for s in finished["standings"]] == ["resigned", "resigned"]


def test_the_host_cancels_and_everybody_leaving_cancels(members):
    ann, bob = members(2)
    race = ok(ann.create(2), 201)
    ok(bob.join(race["invite"]))
    cancelled = ok(ann.post("races", race["id"], "cancel"))
    assert cancelled["status"] == "cancelled"
    assert_error(bob.join(race["invite"]), 409, "race_not_open")
    ok(bob.create(2), 201)  # nobody is held by a cancelled race
    other = ok(ann.create(2), 201)
    assert ok(ann.leave(other["id"]))["status"] == "cancelled"


def test_settle_races_ends_the_races_nobody_looks_at(running_race, fake_clock):
    from io import StringIO

    from django.core.management import call_command

    (ann, bob), race = running_race(2, time_limit_s=60)
    out = StringIO()
    call_command("settle_races", stdout=out)
    assert out.getvalue().strip() == "Settled 0 race(s)."
    assert Race.objects.get(pk=race["id"]).status == "running"
    fake_clock.advance(seconds=60)
    call_command("settle_races", stdout=out)
    stored = Race.objects.get(pk=race["id"])
    assert stored.status == "finished" and stored.end_reason == "time"
    assert "Settled 1 race(s)." in out.getvalue()
    call_command("settle_races", stdout=out)  # once only
    assert Race.objects.get(pk=race["id"]).version == stored.version


def test_every_change_after_the_end_is_race_over(running_race, fake_clock, winning):
    """The end resigned the members' games; a change to one afterwards is refused as the race
    being over (PROTOCOL §6), not as a finished game, whoever's game and whatever change."""
    (ann, bob), race = running_race(2, time_limit_s=60)
    ann_game = ann.own_game_id(ok(ann.race(race["id"])))
    bob_game = bob.own_game_id(ok(bob.race(race["id"])))
    fake_clock.advance(seconds=61)
    assert ok(bob.race(race["id"]))["status"] == "finished"  # the end closed both games
    for member, game_id in ((ann, ann_game), (bob, bob_game)):
        before = Game.objects.get(pk=game_id)
        for change in (
            lambda: member.move(game_id, winning[1][0]),
            lambda: member.tap(game_id, "P1"),
            lambda: member.undo(game_id),
            lambda: member.resign(game_id),
        ):
            body = assert_error(change(), 409, "race_over")
            assert (body["race_id"], body["game_id"]) == (race["id"], game_id)
        after = Game.objects.get(pk=game_id)
        assert (after.version, after.state, after.status) == (
            before.version,
            before.state,
            before.status,
        )
    # Another player's race game stays another's: not_your_game, not race_over.
    assert_error(ann.move(bob_game, winning[1][0]), 403, "not_your_game")
