"""Races of events on PostgreSQL: each resolves to one outcome (threads at a barrier, each on
its own connection; a thread's clock may stand on either side of a moment)."""

from __future__ import annotations

import datetime as dt
import threading

import pytest
from django.db import connection

from games import actions
from games.core import clock
from games.models import Game, GameEvent, QueueEntry, Race, RaceEvent, RaceMember, Rating
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


def test_two_members_finishing_in_the_same_instant(rated_race, winning):
    (ann, bob), race = rated_race(2)
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


def test_a_practice_move_arriving_as_the_countdown_starts(members, winning):
    """The member's practice game of the race's deal and the host's start lock the race row
    in one order (the game, then the race): the move commits before the countdown, or waits
    for it and is refused; never a move of the deal logged once the countdown has begun."""
    code, line = winning
    for _round in range(3):
        ann, bob = members(2)
        practice = ok(bob.post("games", body={"deal_code": code}), 201)["id"]
        ok(bob.move(practice, line[0]))
        race = ok(ann.create(2, deal_code=code), 201)
        ok(bob.join(race["invite"]))
        for member in (ann, bob):
            ok(member.ready(race["id"]))
        moved, started = at_once(
            lambda b=bob, p=practice: b.move(p, line[1]), lambda a=ann, r=race: a.start(r["id"])
        )
        assert started.status_code == 200 and started.json()["status"] == "countdown"
        game = Game.objects.get(pk=practice)
        countdown = RaceEvent.objects.get(race_id=race["id"], kind="countdown")
        if moved.status_code == 200:  # first: committed before the countdown
            assert game.moves == 2 and game.version == 2
        else:  # after: waited for the countdown and refused; nothing changed
            assert moved.json()["code"] == "deal_in_race"
            assert game.moves == 1 and game.version == 1
        assert GameEvent.objects.filter(game_id=practice).count() == game.version
        assert countdown is not None
        # Whichever came first, from now on the practice game waits for the race.
        assert bob.move(practice, line[2 if game.moves == 2 else 1]).json()["code"] == (
            "deal_in_race"
        )
        ok(ann.leave(race["id"])), ok(bob.leave(race["id"]))


def test_two_tied_members_ending_in_the_same_instant(rated_race, winning):
    """Both resign at once after the same removals: the second commit ends the race (all
    over); both results are equal on every key, so both rank first and are rated as a tie."""
    from openskill.models import PlackettLuce

    (ann, bob), race = rated_race(2)
    games = {m.id: m.own_game_id(ok(m.race(race["id"]))) for m in (ann, bob)}
    for member in (ann, bob):
        for positions in winning[1][:3]:
            ok(member.move(games[member.id], positions))
    responses = at_once(*[lambda m=m: m.resign(games[m.id]) for m in (ann, bob)])
    assert [r.status_code for r in responses] == [200, 200]
    finished = ok(ann.race(race["id"]))
    assert finished["end_reason"] == "all_over"
    assert [s["rank"] for s in finished["standings"]] == [1, 1]
    assert RaceEvent.objects.filter(race_id=race["id"], kind="finished").count() == 1
    model = PlackettLuce()
    expected = model.rate([[model.rating()], [model.rating()]], ranks=[1, 1])
    for member, team in zip((ann, bob), expected, strict=True):
        stored = Rating.objects.get(player_id=member.id)
        assert stored.mu == pytest.approx(team[0].mu) and stored.races == 1
    changes = [s["rating_change"] for s in finished["standings"]]
    assert changes[0] == changes[1]


def test_both_results_of_a_tie_disqualified_at_once(rated_race, winning, fake_clock):
    """Two staff disqualifying the two tied results at the same moment: the race row orders
    them; both leave the standings and the one member left rates nobody — every rating back
    to exactly what it was."""
    from games.moderation import services as moderation

    (ann, bob, cyd), race = rated_race(3, time_limit_s=60)
    for member, count in ((ann, 2), (bob, 2), (cyd, 1)):
        game_id = member.own_game_id(ok(member.race(race["id"])))
        for positions in winning[1][:count]:
            ok(member.move(game_id, positions))
    fake_clock.advance(seconds=61)
    finished = ok(ann.race(race["id"]))
    assert [s["rank"] for s in finished["standings"]] == [1, 1, 3]
    at_once(
        *[
            lambda m=m: moderation.disqualify_race_result(None, race["id"], m.id, "at once")
            for m in (ann, bob)
        ]
    )
    after = ok(cyd.race(race["id"]))
    assert [s["player"]["id"] for s in after["standings"]] == [cyd.id]
    assert after["aborted"] is True
    from games.races import ratings

    start = ratings.initial()
    for row in Rating.objects.all():
        assert (row.mu, row.sigma, row.races) == (start.mu, start.sigma, 0)
    assert RaceEvent.objects.filter(race_id=race["id"], kind="disqualified").count() == 2
