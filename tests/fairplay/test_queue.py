"""The fair-play queue in the admin: staff only, newest and strongest first, each flag linking
the game's inspector, the player and the earlier game; clearing and disqualifying with a
reason, audited; the review run again changes nothing."""

from __future__ import annotations

import datetime as dt

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from games.fairplay import review
from games.fairplay.models import FairPlayFlag, FairPlayReview
from games.models import Game, StaffAction
from tests.daily.helpers import DAY, board

from .test_rehearsal import _nothing_known

pytestmark = pytest.mark.django_db(transaction=True)


def queue_page(client, **params):
    return client.get(reverse("admin:games_fairplayflag_changelist"), params)


def test_the_review_is_idempotent(flagged, capsys):
    first = list(FairPlayFlag.objects.order_by("id").values())
    reviews = list(FairPlayReview.objects.order_by("game_id").values())
    assert {f["kind"] for f in first} >= {"rehearsal", "speed"}
    assert len(reviews) == 2  # both attempts, measured once each
    call_command("review_fair_play")
    assert "Reviewed 0 result(s), raised 0 flag(s)" in capsys.readouterr().out
    FairPlayReview.objects.all().delete()  # even measured again: the same flags, unchanged
    summary = review.review(measure=_nothing_known)
    assert summary.reviewed == 2 and summary.flags == 0
    assert list(FairPlayFlag.objects.order_by("id").values()) == first


def test_the_queue_lists_newest_and_strongest_first_with_links(flagged, staff_client):
    scout, scouted, main, attempt = flagged
    page = queue_page(staff_client)
    assert page.status_code == 200
    rows = list(page.context["cl"].result_list)
    assert [(f.kind, f.game_id) for f in rows] == [
        ("rehearsal", attempt["id"]),  # 1.0
        ("speed", attempt["id"]),  # 0.9: median 100 ms
    ]
    html = page.content.decode()
    assert reverse("admin:games_game_change", args=[attempt["id"]]) in html
    assert reverse("admin:games_game_change", args=[scouted["id"]]) in html
    assert reverse("admin:games_player_change", args=[main.id]) in html
    assert reverse("admin:games_player_change", args=[scout.id]) in html
    assert "median 100 ms between 5 removals (threshold 500 ms)" in html
    # An older day's open flag comes after today's; a resolved one after every open one.
    older = FairPlayFlag.objects.get(kind="speed")
    FairPlayFlag.objects.filter(pk=older.pk).update(played_at=older.played_at - dt.timedelta(1))
    rows = list(queue_page(staff_client).context["cl"].result_list)
    assert [f.kind for f in rows] == ["rehearsal", "speed"]
    FairPlayFlag.objects.filter(kind="rehearsal").update(state="cleared")
    rows = list(queue_page(staff_client).context["cl"].result_list)
    assert [f.kind for f in rows] == ["speed", "rehearsal"]
    detail = staff_client.get(reverse("admin:games_fairplayflag_change", args=[older.pk]))
    assert detail.status_code == 200 and "Disqualify…" in detail.content.decode()


def test_clearing_a_flag_asks_for_a_reason_and_is_audited(flagged, staff_client, staff_user):
    _, _, _, attempt = flagged
    flag = FairPlayFlag.objects.get(kind="rehearsal")
    url = reverse("admin:games_fairplayflag_clear", args=[flag.pk])
    assert staff_client.post(url, {"reason": "  "}).status_code == 200  # asked again
    assert FairPlayFlag.objects.get(pk=flag.pk).state == "open"
    assert staff_client.post(url, {"reason": "siblings, checked"}).status_code == 302
    flag.refresh_from_db()
    assert (flag.state, flag.resolved_by, flag.resolution_reason) == (
        "cleared",
        staff_user,
        "siblings, checked",
    )
    assert flag.resolved_at is not None
    action = StaffAction.objects.get()
    assert (action.actor, action.action, action.target) == (
        staff_user,
        "clear_fair_play_flag",
        f"game:{attempt['id']}",
    )
    assert action.reason == f"rehearsal flag #{flag.pk}: siblings, checked"
    assert FairPlayFlag.objects.get(kind="speed").state == "open"  # other evidence stays open
    assert Game.objects.get(pk=attempt["id"]).disqualified_at is None
    again = staff_client.post(url, {"reason": "twice"}, follow=True)
    assert "fair_play_flag_resolved" in again.content.decode()
    assert StaffAction.objects.count() == 1


def test_disqualifying_takes_the_attempt_off_the_board(flagged, staff_client, staff_user):
    _, scouted, main, attempt = flagged
    before = [e["game_id"] for e in board(main.client).json()["results"]]
    assert attempt["id"] in before
    flag = FairPlayFlag.objects.get(kind="speed")
    changelist = reverse("admin:games_fairplayflag_changelist")
    form = staff_client.post(
        changelist, {"action": "disqualify_flagged", "_selected_action": [flag.pk]}
    )
    assert form.status_code == 200 and b'name="reason"' in form.content
    done = staff_client.post(
        changelist,
        {
            "action": "disqualify_flagged",
            "confirm": "yes",
            "_selected_action": [flag.pk],
            "reason": "scripted client",
        },
    )
    assert done.status_code == 302
    game = Game.objects.get(pk=attempt["id"])
    assert game.disqualified_at is not None and game.disqualified_reason == "scripted client"
    assert set(FairPlayFlag.objects.values_list("state", flat=True)) == {"disqualified"}
    after = [e["game_id"] for e in board(main.client).json()["results"]]
    assert attempt["id"] not in after and scouted["id"] in after
    assert [(a.action, a.target) for a in StaffAction.objects.order_by("id")] == [
        ("disqualify", f"game:{attempt['id']}"),
        ("disqualify_fair_play_flag", f"game:{attempt['id']}"),
    ]


@pytest.mark.parametrize("who", ["anonymous", "player user", "player token"])
def test_non_staff_reach_no_fair_play_page(who, flagged):
    _, _, main, _ = flagged
    flag = FairPlayFlag.objects.first()
    client = Client()
    if who == "player user":
        client.force_login(get_user_model().objects.create_user("plain", password="x-pw-12345"))
    elif who == "player token":
        client = Client(HTTP_AUTHORIZATION=f"Token {main.token}")
    for url in (
        reverse("admin:games_fairplayflag_changelist"),
        reverse("admin:games_fairplayflag_change", args=[flag.pk]),
        reverse("admin:games_fairplayflag_clear", args=[flag.pk]),
        reverse("admin:games_fairplayflag_disqualify", args=[flag.pk]),
    ):
        for response in (client.get(url), client.post(url, {"reason": "x"})):
            assert response.status_code == 302 and "/admin/login/" in response["Location"], url
    assert set(FairPlayFlag.objects.values_list("state", flat=True)) == {"open"}


def test_staff_who_only_view_see_the_queue_but_cannot_act(flagged, viewer_client):
    flag = FairPlayFlag.objects.first()
    listing = queue_page(viewer_client)
    assert listing.status_code == 200
    form = listing.context["action_form"]  # no action is theirs: no action form at all
    actions = [name for name, _ in form.fields["action"].choices] if form else []
    assert "clear_flags" not in actions and "disqualify_flagged" not in actions
    page = viewer_client.get(reverse("admin:games_fairplayflag_change", args=[flag.pk]))
    assert page.status_code == 200 and "Clear…" not in page.content.decode()
    for slug in ("clear", "disqualify"):
        url = reverse(f"admin:games_fairplayflag_{slug}", args=[flag.pk])
        assert viewer_client.post(url, {"reason": "x"}).status_code == 403
    assert set(FairPlayFlag.objects.values_list("state", flat=True)) == {"open"}
    assert not StaffAction.objects.exists()


def test_the_day_is_the_flags_day(flagged):
    assert {f.played_at.date() for f in FairPlayFlag.objects.all()} == {DAY}
