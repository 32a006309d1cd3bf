"""Staff export a player's data and delete an account from the player's page (SPEC §12), each
behind the reason page and recorded with who, when and why; staff who may only view cannot."""

import json

import pytest
from django.test import Client
from django.urls import reverse

from games.accounts import services as accounts
from games.models import Credentials, DeviceToken, Player, StaffAction
from games.privacy import services as privacy
from tests.support import play

pytestmark = pytest.mark.django_db
PASSWORD = "plum tart 1962"


@pytest.fixture
def ann(make_player):
    player, token = make_player("Annabel Quist")
    accounts.add_credentials(player, "annabel_q", PASSWORD, "annabel.quist@example.com")
    game = play.play(player, play.start(player), 6)
    return player, token, game


def export_url(player):
    return reverse("admin:games_player_export_account", args=[player.pk])


def delete_url(player):
    return reverse("admin:games_player_delete_account", args=[player.pk])


def test_the_player_page_offers_export_and_deletion(staff_client, ann):
    player, _, _ = ann
    page = staff_client.get(reverse("admin:games_player_change", args=[player.pk]))
    assert page.status_code == 200
    html = page.content.decode()
    assert export_url(player) in html and delete_url(player) in html


def test_staff_export_is_recorded_then_downloaded(staff_client, staff_user, ann):
    player, token, game = ann
    form = staff_client.get(export_url(player))
    assert form.status_code == 200 and b"Export a player&#x27;s data" in form.content
    refused = staff_client.post(export_url(player), {"reason": "   "})
    assert refused.status_code == 200 and not StaffAction.objects.filter(action="export_account")
    answer = staff_client.post(export_url(player), {"reason": "the player asked by mail"})
    assert answer.status_code == 200 and answer.streaming
    assert (
        answer["Content-Disposition"] == f'attachment; filename="halfmoon-player-{player.pk}.json"'
    )
    assert "no-store" in answer["Cache-Control"]
    raw = b"".join(answer.streaming_content).decode()
    data = json.loads(raw)
    assert data["account"]["username"] == "annabel_q"
    assert [g["id"] for g in data["games"]] == [game.pk] and len(data["games"][0]["log"]) >= 6
    for secret in [token, *DeviceToken.objects.values_list("token_hash", flat=True)]:
        assert secret not in raw
    assert Credentials.objects.get(pk=player.pk).password not in raw
    (record,) = StaffAction.objects.filter(action="export_account")
    assert (record.actor, record.target, record.reason) == (
        staff_user,
        f"player:{player.pk}",
        "the player asked by mail",
    )


def test_staff_deletion_is_recorded_and_happens_once(staff_client, staff_user, ann):
    player, token, game = ann
    assert staff_client.get(delete_url(player)).status_code == 200
    done = staff_client.post(delete_url(player), {"reason": "asked by mail on 30 Nov"})
    assert done.status_code == 302
    tombstone = Player.objects.get(pk=player.pk)
    assert tombstone.name == privacy.DELETED_NAME
    assert not Credentials.objects.filter(pk=player.pk).exists()
    assert not DeviceToken.objects.filter(player_id=player.pk).exists()
    (record,) = StaffAction.objects.filter(action="delete_account")
    assert (record.actor, record.target, record.reason) == (
        staff_user,
        f"player:{player.pk}",
        "asked by mail on 30 Nov",
    )
    page = staff_client.get(reverse("admin:games_player_change", args=[player.pk]))
    html = page.content.decode()
    assert "Deleted" in html and "asked by mail on 30 Nov" in html
    assert delete_url(player) not in html and "Annabel" not in html
    again = staff_client.post(delete_url(player), {"reason": "once more"}, follow=True)
    assert "was deleted already" in again.content.decode()
    assert StaffAction.objects.filter(action="delete_account").count() == 1


def test_staff_who_may_only_view_can_neither_export_nor_delete(viewer_client, ann):
    player, _, _ = ann
    for path in (export_url(player), delete_url(player)):
        assert viewer_client.get(path).status_code == 403
        assert viewer_client.post(path, {"reason": "curious"}).status_code == 403
    assert Player.objects.get(pk=player.pk).name == "Annabel Quist"
    assert not StaffAction.objects.exists()


def test_players_and_strangers_reach_neither(ann):
    player, _, _ = ann
    for path in (export_url(player), delete_url(player)):
        answer = Client().post(path, {"reason": "mine now"})
        assert answer.status_code == 302 and "/login/" in answer["Location"]
    assert Player.objects.get(pk=player.pk).name == "Annabel Quist"
