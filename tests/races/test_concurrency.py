"""Races of events on PostgreSQL: each resolves to one outcome (threads at a barrier, each on
its own connection; a thread's clock may stand on either side of a moment)."""

from __future__ import annotations

import datetime as dt
import threading

import pytest
from django.db import connection

from games import actions
from games.core import clock
from games.models import Game, QueueEntry, Race, RaceEvent, RaceMember, Rating
from games.races import matchmaking, settlement
from tests.support.clock import ThreadClocks

from .helpers import at_once, ok

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def named(name, call):
    """``call`` run in a thread renamed ``name`` (its clock in :class:`ThreadClocks`)."""

    def run():
        threading.current_thread().name = name
        return call()

    return run


def test_two_players_taking_the_last_seat(members):
    host, *joiners = members(5)
    race = ok(host.create(2), 201)
    responses = at_once(*[lambda m=m: m.join(race["invite"]) for m in joiners])
    codes = sorted(r.status_code for r in responses)
    assert codes == [200, 409, 409, 409]
    assert all(r.json()["code"] == "race_full" for r in responses if r.status_code == 409)
    assert RaceMember.objects.filter(race_id=race["id"]).count() == 2
    assert Race.objects.get(pk=race["id"]).version == 2


def test_two_members_finishing_in_the_same_instant(running_race, winning):
    (ann, bob), race = running_race(2)
    games = {}
    for member in (ann, bob):
        game_id = member.own_game_id(ok(member.race(race["id"])))
        for positions in winning[1][:-1]:
            ok(member.move(game_id, positions))
        games[member.id] = game_id
    last = winning[1][-1]
    responses = at_once(*[lambda m=m: m.move(games[m.id], last) for m in (ann, bob)])
    assert sorted(r.status_code for r in responses) == [200, 409]
    winner = (ann, bob)[[r.status_code for r in responses].index(200)]
    loser = bob if winner is ann else ann
    assert responses[(ann, bob).index(loser)].json()["code"] == "race_over"
    finished = ok(winner.race(race["id"]))
    assert finished["end_reason"] == "won" and finished["standings"][0]["player"]["id"] == winner.id
    assert finished["standings"][1]["result"] == "unfinished"
    assert Game.objects.get(pk=games[winner.id]).status == "won"
    assert Game.objects.get(pk=games[loser.id]).status == "resigned"  # closed by the end
    assert RaceEvent.objects.filter(race_id=race["id"], kind="finished").count() == 1
    assert Rating.objects.filter(races=1).count() == 2


def test_a_win_arriving_as_the_deadline_passes(running_race, winning, monkeypatch, fake_clock):
    (ann, bob), race = running_race(2, time_limit_s=60)
    game_id = ann.own_game_id(race)
    for positions in winning[1][:-1]:
        ok(ann.move(game_id, positions))
    ends_at = Race.objects.get(pk=race["id"]).ends_at
    clocks = ThreadClocks(
        ends_at, {"mover": ends_at - dt.timedelta(milliseconds=1), "settler": ends_at}
    )
    monkeypatch.setattr(clock, "now", clocks)
    move, _ = at_once(
        named("mover", lambda: ann.move(game_id, winning[1][-1])),
        named("settler", lambda: settlement.settle_due(race["id"])),
    )
    stored = Race.objects.get(pk=race["id"])
    assert stored.status == "finished"
    assert RaceEvent.objects.filter(race_id=race["id"], kind="finished").count() == 1
    if move.status_code == 200:
        assert stored.end_reason == "won" and move.json()["status"] == "won"
    else:
        assert move.json()["code"] == "race_over" and stored.end_reason == "time"
        assert Game.objects.get(pk=game_id).moves == len(winning[1]) - 1


def test_the_host_leaving_during_the_countdown(members, fake_clock, monkeypatch, settings):
    ann, bob, cyd = members(3)
    race = ok(ann.create(3), 201)
    for member in (bob, cyd):
        ok(member.join(race["invite"]))
    for member in (ann, bob, cyd):
        ok(member.ready(race["id"]))
    starts_at = Race.objects.get(pk=ok(ann.start(race["id"]))["id"]).starts_at
    clocks = ThreadClocks(
        starts_at, {"leaver": starts_at - dt.timedelta(milliseconds=1), "settler": starts_at}
    )
    monkeypatch.setattr(clock, "now", clocks)
    left, _ = at_once(
        named("leaver", lambda: ann.leave(race["id"])),
        named("settler", lambda: settlement.settle_due(race["id"])),
    )
    assert left.status_code == 200
    stored = Race.objects.get(pk=race["id"])
    host_member = RaceMember.objects.filter(race_id=race["id"], player_id=ann.id).first()
    if stored.status == "running":  # the start came first: the host's game was resigned
        assert host_member.left_at is not None and host_member.game.status == "resigned"
        assert Game.objects.filter(race_id=race["id"]).count() == 3
    else:  # the leave came first: back to open, without the host, bob hosting
        assert stored.status == "open" and host_member is None
        assert stored.host_id == bob.id and stored.starts_at is None
        assert not Game.objects.filter(race_id=race["id"]).exists()
    assert not RaceMember.objects.filter(player_id=ann.id, active=True).exists()


def test_one_player_creating_two_races_at_once_gets_one(members):
    (ann,) = members(1)
    responses = at_once(lambda: ann.create(2), lambda: ann.create(3))
    assert sorted(r.status_code for r in responses) == [201, 409]
    assert RaceMember.objects.filter(player_id=ann.id, active=True).count() == 1


def test_a_burst_of_quick_match_requests_forms_every_race_once(members):
    crowd = members(10)
    responses = at_once(*[lambda m=m: m.post("matchmaking", body={"seats": 2}) for m in crowd])
    assert all(r.status_code == 202 for r in responses)
    assert not QueueEntry.objects.exists()  # nobody waits: ten players, five races
    per_player = {
        m.id: RaceMember.objects.filter(player_id=m.id, race__matched=True).count() for m in crowd
    }
    assert set(per_player.values()) == {1}
    assert Race.objects.filter(matched=True).count() == 5
    for member in crowd:
        status = ok(member.get("matchmaking"))
        assert status["status"] == "matched" and status["race"]["status"] == "countdown"


def test_leaving_the_queue_while_it_forms_a_race(members):
    ann, bob = members(2)
    ok(ann.post("matchmaking", body={"seats": 2}), 202)

    def bob_joins():
        return bob.post("matchmaking", body={"seats": 2})

    def ann_leaves():
        return ann.client.delete("/api/v1/matchmaking")

    joined, left = at_once(bob_joins, ann_leaves)
    assert joined.status_code == 202
    if left.status_code == 204:  # ann left first: bob waits alone
        assert joined.json()["status"] == "waiting" and not Race.objects.exists()
        assert list(QueueEntry.objects.values_list("player_id", flat=True)) == [bob.id]
    else:  # the race was formed first: ann must leave the race instead
        assert left.json()["code"] == "already_matched"
        assert Race.objects.filter(matched=True).count() == 1 and not QueueEntry.objects.exists()
    connection.close()


def test_forming_from_one_queue_in_many_threads(make_player):
    players = [make_player(f"q{i}")[0] for i in range(12)]
    for player in players:
        QueueEntry.objects.create(player=player, seats=3)
    formed = at_once(*[lambda: matchmaking.form_races(3) for _ in range(4)])
    races_formed = [race for batch in formed for race in batch]
    assert len(races_formed) == 4 and not QueueEntry.objects.exists()
    members = list(RaceMember.objects.values_list("player_id", flat=True))
    assert sorted(members) == sorted(p.pk for p in players)
    assert actions  # the use cases are what the REST views call above
