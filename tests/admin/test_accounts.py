"""A player's account in the admin: credentials state and devices are shown (never a password
or a token); staff sign devices out, lock and unlock accounts and give a lost player a link
code, each audited."""

import pytest
from django.urls import NoReverseMatch, reverse
from rest_framework.test import APIClient

from games.accounts import services as accounts
from games.models import Credentials, DeviceToken, StaffAction
from tests.support.api import assert_error, post, url

pytestmark = pytest.mark.django_db
PASSWORD = "plum tart 1962"


def page_of(client, player) -> str:
    response = client.get(reverse("admin:games_player_change", args=[player.pk]))
    assert response.status_code == 200
    return response.content.decode()


@pytest.fixture
def member(make_player):
    """A player with credentials and two devices: (player, [token, token])."""
    player, token = make_player("Ana")
    accounts.add_credentials(player, "ana_k", PASSWORD, "ana@example.com")
    _, second = accounts.sign_in("ana_k", PASSWORD, "Ana's tablet")
    return player, [token, second]


def test_the_page_shows_the_account_and_devices_but_no_secret(staff_client, member):
    player, tokens = member
    page = page_of(staff_client, player)
    assert "Username: ana_k" in page and "ana@example.com (not verified)" in page
    assert "Recovery codes left: 10 of 10" in page
    assert "Ana&#x27;s tablet" in page and "Signed in with the password" in page
    stored = Credentials.objects.get(pk=player.pk)
    for secret in (*tokens, PASSWORD, stored.password, stored.password.split("$")[-1]):
        assert secret not in page
    hashes = DeviceToken.objects.filter(player=player).values_list("token_hash", flat=True)
    assert not any(h in page for h in hashes)


def test_an_anonymous_player_is_shown_as_such(staff_client, make_player):
    player, _ = make_player("anon")
    assert "Anonymous: no username or password" in page_of(staff_client, player)


def test_staff_cannot_see_or_set_a_password_anywhere(staff_client, member):
    player, _ = member
    # No admin for credentials, no change form for a player: nothing takes a password.
    for name in ("admin:games_credentials_changelist", "admin:games_devicetoken_changelist"):
        with pytest.raises(NoReverseMatch):  # not registered at all
            reverse(name)
    change = staff_client.post(
        reverse("admin:games_player_change", args=[player.pk]), {"password": "x"}
    )
    assert change.status_code == 403
    assert accounts.sign_in("ana_k", PASSWORD, "check")[0].pk == player.pk


def test_signing_a_player_out_of_one_device_is_audited(staff_client, staff_user, member):
    player, (phone, tablet) = member
    device = DeviceToken.objects.get(player=player, device="Ana's tablet")
    address = reverse("admin:games_player_revoke_device", args=[player.pk, device.pk])
    assert b'name="reason"' in staff_client.get(address).content
    done = staff_client.post(address, {"reason": "lost tablet, reported by mail"})
    assert done.status_code == 302
    refused = APIClient()
    refused.credentials(HTTP_AUTHORIZATION=f"Bearer {tablet}")
    assert_error(refused.get(url("players", "me")), 401, "invalid_token")
    kept = APIClient()
    kept.credentials(HTTP_AUTHORIZATION=f"Bearer {phone}")
    assert kept.get(url("players", "me")).status_code == 200
    action = StaffAction.objects.get()
    assert (action.actor, action.action, action.target) == (
        staff_user,
        "revoke_device",
        f"player:{player.pk}",
    )
    assert "lost tablet" in action.reason and "Ana's tablet" in action.reason


def test_locking_signs_out_everywhere_and_refuses_sign_in_until_unlocked(staff_client, member, api):
    player, tokens = member
    lock = reverse("admin:games_player_lock_account", args=[player.pk])
    assert staff_client.post(lock, {"reason": "password leaked"}).status_code == 302
    assert not DeviceToken.objects.filter(player=player).exists()
    body = {"username": "ana_k", "password": PASSWORD}
    assert_error(post(api, url("account", "sign-in"), body), 403, "account_locked")
    assert "Locked" in page_of(staff_client, player) and "Unlock account…" in page_of(
        staff_client, player
    )
    unlock = reverse("admin:games_player_unlock_account", args=[player.pk])
    assert staff_client.post(unlock, {"reason": "owner confirmed"}).status_code == 302
    assert post(api, url("account", "sign-in"), body).status_code == 200
    assert list(StaffAction.objects.order_by("id").values_list("action", flat=True)) == [
        "lock_account",
        "unlock_account",
    ]


def test_a_lost_anonymous_player_gets_a_link_code_shown_once(staff_client, staff_user, make_player):
    player, token = make_player("lost")
    DeviceToken.objects.filter(player=player).delete()  # every device lost
    address = reverse("admin:games_player_issue_link_code", args=[player.pk])
    answer = staff_client.post(address, {"reason": "support ticket 41, checked their games"})
    assert answer.status_code == 200 and "no-store" in answer["Cache-Control"]
    code = answer.context["code"]
    assert code in answer.content.decode()
    assert code not in page_of(staff_client, player)  # shown on that answer only
    linked = post(APIClient(), url("players", "link"), {"code": code, "device": "new phone"})
    assert linked.status_code == 200 and linked.json()["id"] == player.pk
    action = StaffAction.objects.get()
    assert (action.actor, action.action, action.target) == (
        staff_user,
        "issue_link_code",
        f"player:{player.pk}",
    )
    assert code not in action.reason


def test_signing_out_every_device_from_the_changelist(staff_client, member, make_player):
    player, _ = member
    other, _ = make_player("other")
    changelist = reverse("admin:games_player_changelist")
    done = staff_client.post(
        changelist,
        {
            "action": "revoke_devices",
            "confirm": "yes",
            "_selected_action": [player.pk, other.pk],
            "reason": "breach clean-up",
        },
    )
    assert done.status_code == 302
    assert not DeviceToken.objects.filter(player__in=[player, other]).exists()
    assert StaffAction.objects.filter(action="revoke_devices").count() == 2


def test_staff_who_may_only_view_cannot_moderate_accounts(viewer_client, member):
    player, _ = member
    page = page_of(viewer_client, player)
    assert "Sign out…" not in page and "Link code…" not in page
    for name in ("lock_account", "issue_link_code", "revoke_devices"):
        address = reverse(f"admin:games_player_{name}", args=[player.pk])
        assert viewer_client.post(address, {"reason": "x"}).status_code == 403
    assert DeviceToken.objects.filter(player=player).count() == 2
