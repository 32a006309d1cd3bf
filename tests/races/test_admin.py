"""The staff's races: list, inspector (members, timeline, standings, replay links) and the
disqualification of a result with a reason, audited."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.test import Client
from django.urls import reverse

from games.models import Rating, StaffAction

from .helpers import ok, stored

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def staff(db):
    client = Client()
    client.force_login(get_user_model().objects.create_superuser("staff", "s@example.com", "pw"))
    return client


def finished_race(running_race, winning, fake_clock):
    (ann, bob), race = running_race(2, time_limit_s=60)
    game_id = ann.own_game_id(race)
    for positions in winning[1][:3]:
        ok(ann.move(game_id, positions))
    fake_clock.advance(seconds=61)
    return ann, bob, ok(ann.race(race["id"]))


def test_the_inspector_shows_members_timeline_and_replays(staff, running_race, winning, fake_clock):
    ann, bob, race = finished_race(running_race, winning, fake_clock)
    listing = staff.get(reverse("admin:games_race_changelist"))
    assert listing.status_code == 200 and f">{race['id']}<" in listing.content.decode()
    page = staff.get(reverse("admin:games_race_change", args=[race["id"]])).content.decode()
    for member in race["members"]:
        assert reverse("admin:games_game_change", args=[member["game_id"]]) in page
        assert member["player"]["name"] in page
    for kind in ("created", "joined", "countdown", "running", "finished"):
        assert f"<td>{kind}</td>" in page
    assert reverse("admin:games_race_disqualify", args=[race["id"], ann.id]) in page


def test_disqualifying_a_result_needs_a_reason_and_is_audited(
    staff, running_race, winning, fake_clock
):
    ann, bob, race = finished_race(running_race, winning, fake_clock)
    url = reverse("admin:games_race_disqualify", args=[race["id"], ann.id])
    before = stored(race["id"])
    assert staff.get(url).status_code == 200
    assert staff.post(url, {"reason": "   "}).status_code == 200  # the form again
    assert stored(race["id"]) == before and not StaffAction.objects.exists()
    response = staff.post(url, {"reason": "played with a solver"})
    assert response.status_code == 302
    after = ok(bob.race(race["id"]))
    assert [s["player"]["id"] for s in after["standings"]] == [bob.id]
    action = StaffAction.objects.get()
    assert action.action == "disqualify_race_result" and action.target == f"race:{race['id']}"
    assert "played with a solver" in action.reason and action.actor.username == "staff"
    assert all(r.races == 0 for r in Rating.objects.all())  # one ranked member left: unrated


def test_staff_without_the_permission_cannot_disqualify(running_race, winning, fake_clock):
    ann, bob, race = finished_race(running_race, winning, fake_clock)
    user = get_user_model().objects.create_user("viewer", password="pw", is_staff=True)
    user.user_permissions.set(
        Permission.objects.filter(content_type__app_label="games", codename__startswith="view_")
    )
    client = Client()
    client.force_login(user)
    assert client.get(reverse("admin:games_race_change", args=[race["id"]])).status_code == 200
    url = reverse("admin:games_race_disqualify", args=[race["id"], ann.id])
    before = stored(race["id"])
    assert client.post(url, {"reason": "x"}).status_code == 403
    assert stored(race["id"]) == before
