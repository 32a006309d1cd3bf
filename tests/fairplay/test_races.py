"""Rated race results: a member's origin is their ready mark (the race's games are made at its
start, with no request), copied onto their game by the review; two members from one address
are flagged; disqualifying the flagged winner through the queue undoes the race's ratings."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.fairplay import review
from games.fairplay.models import FairPlayFlag, GameOrigin
from games.models import Race, RaceMember, Rating, StaffAction
from games.races import ratings
from tests.support.play import winnable

from .conftest import ELSEWHERE, HOME, Player
from .test_leaks import leaked
from .test_rehearsal import _nothing_known

pytestmark = pytest.mark.django_db(transaction=True)


def running_race(crew: list[Player], fake_clock, settings) -> dict:
    host = crew[0]
    code = winnable()[0]
    race = host.call("post", "races", body={"seats": len(crew), "deal_code": code}, status=201)
    race = race.json()
    for member in crew[1:]:
        member.call("post", "races", "join", body={"invite": race["invite"]})
    for member in crew:
        member.call("post", "races", race["id"], "ready", body={"ready": True})
    host.call("post", "races", race["id"], "start")
    fake_clock.advance(milliseconds=settings.HALFMOON_RACE_COUNTDOWN_MS)
    race = host.call("get", "races", race["id"]).json()
    assert race["status"] == "running", race
    Race.objects.filter(pk=race["id"]).update(rated=True)  # rated, as a server-drawn deal is
    return race


def own_game(member: Player, race_id: int) -> int:
    race = member.call("get", "races", race_id).json()
    return next(m["game_id"] for m in race["members"] if m["player"]["id"] == member.id)


def won_race(crew, fake_clock, settings) -> tuple[dict, int]:
    race = running_race(crew, fake_clock, settings)
    winner = crew[0]
    game_id = own_game(winner, race["id"])
    crew[1].call(
        "post",
        "games",
        own_game(crew[1], race["id"]),
        "moves",
        body={"positions": list(winnable()[1][0])},
    )
    for positions in winnable()[1]:
        fake_clock.advance(seconds=2)
        winner.call("post", "games", game_id, "moves", body={"positions": list(positions)})
    finished = winner.call("get", "races", race["id"]).json()
    assert finished["status"] == "finished", finished
    return finished, game_id


@pytest.mark.slow
def test_members_from_one_address_are_flagged_and_their_origins_are_their_ready_marks(
    player, fake_clock, settings
):
    crew = [player("ann", HOME), player("bob", HOME), player("cyd", ELSEWHERE)]
    race, game_id = won_race(crew, fake_clock, settings)
    assert not GameOrigin.objects.filter(game__race_id=race["id"]).exists()  # made at the start

    summary = review.review(measure=_nothing_known)

    assert summary.copied_origins == 3
    copied = {o.player_id: o for o in GameOrigin.objects.filter(source="race")}
    assert all(o.race_id == race["id"] and o.deal_id is not None for o in copied.values())
    assert copied[crew[0].id].address_hash == copied[crew[1].id].address_hash
    flags = {f.player_id: f for f in FairPlayFlag.objects.filter(kind="rehearsal")}
    assert set(flags) == {crew[0].id, crew[1].id}  # cyd played from elsewhere
    flag = flags[crew[0].id]
    assert flag.game_id == game_id and flag.race_id == race["id"]
    assert flag.earlier_game_id == own_game(crew[1], race["id"])
    assert flag.figures["when"] == "alongside"
    again = review.review(measure=_nothing_known)
    assert (again.reviewed, again.flags, again.copied_origins) == (0, 0, 0)
    hashes = {o.address_hash for o in copied.values()}
    for member in crew:  # what members read of the race and their games shows none of it
        for parts in (("races", race["id"]), ("games", own_game(member, race["id"]))):
            body = member.call("get", *parts).content.decode()
            assert not leaked(body, hashes), (parts, leaked(body, hashes))


def test_disqualifying_a_flagged_race_result_undoes_its_ratings(
    player, fake_clock, settings, staff_client, staff_user
):
    crew = [player("ann", HOME), player("bob", HOME)]
    race, game_id = won_race(crew, fake_clock, settings)
    winner = Rating.objects.get(player_id=crew[0].id)
    assert winner.races == 1 and winner.mu > ratings.initial().mu
    review.review(measure=_nothing_known)
    flag = FairPlayFlag.objects.get(game_id=game_id, kind="rehearsal")

    url = reverse("admin:games_fairplayflag_disqualify", args=[flag.pk])
    assert b'name="reason"' in staff_client.get(url).content
    done = staff_client.post(url, {"reason": "second account at the same address"})
    assert done.status_code == 302

    flag.refresh_from_db()
    assert flag.state == "disqualified" and flag.resolved_by == staff_user
    member = RaceMember.objects.get(race_id=race["id"], player_id=crew[0].id)
    assert member.disqualified_at is not None and member.rank is None
    undone = Rating.objects.get(player_id=crew[0].id)
    assert undone.races == 0 and undone.mu == pytest.approx(ratings.initial().mu)
    standings = crew[1].call("get", "races", race["id"]).json()["standings"]
    assert [s["player"]["id"] for s in standings] == [crew[1].id]
    audit = list(StaffAction.objects.order_by("id").values_list("action", "target", "actor"))
    assert audit == [
        ("disqualify_race_result", f"race:{race['id']}", staff_user.pk),
        ("disqualify_fair_play_flag", f"game:{game_id}", staff_user.pk),
    ]
