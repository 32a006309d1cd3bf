"""Link codes (sign a device in from a signed-in one) and recovery codes (a new password without
e-mail): single use even when two devices send one code at once, expiry, guessing throttled."""

import datetime as dt

import pytest
from rest_framework.test import APIClient

from games.core import clock
from games.models import LinkCode
from games.moderation import services as moderation
from tests.support.api import assert_error, post, url

from .conftest import PASSWORD, at_once, client_with, sign_in

NEW_PASSWORD = "lemon curd 2077"


def link_code(client) -> str:
    response = post(client, url("players", "me", "link-codes"))
    assert response.status_code == 201, response.content
    return response.json()["code"]


def redeem(code, device="TV", client=None):
    return post(client or APIClient(), url("players", "link"), {"code": code, "device": device})


# -- link codes ------------------------------------------------------------------------------
@pytest.mark.django_db
def test_a_link_code_signs_another_device_in_as_the_same_player(new_player):
    phone = new_player("Ana")  # anonymous players can link devices too
    response = post(phone, url("players", "me", "link-codes"))
    body = response.json()
    assert len(body["code"]) == 9 and body["code"][4] == "-"
    expires = dt.datetime.fromisoformat(body["expires_at"].replace("Z", "+00:00"))
    assert dt.timedelta(minutes=9) < expires - clock.now() <= dt.timedelta(minutes=10)
    tv = redeem(body["code"].lower().replace("-", " "))  # typed loosely
    assert tv.status_code == 200, tv.content
    assert tv.json()["id"] == phone.player_id
    devices = client_with(tv.json()["token"]).get(url("players", "me", "tokens")).json()
    assert [(d["device"], d["issued"]) for d in devices["results"]][-1] == ("TV", "link_code")
    assert_error(redeem(body["code"]), 400, "link_code_invalid")  # used


@pytest.mark.django_db
def test_a_new_link_code_replaces_the_unused_one(new_player):
    phone = new_player()
    first, second = link_code(phone), link_code(phone)
    assert_error(redeem(first), 400, "link_code_invalid")
    assert redeem(second).status_code == 200


@pytest.mark.django_db
def test_a_link_code_expires_after_ten_minutes(new_player, monkeypatch):
    code = link_code(new_player())
    later = clock.now() + dt.timedelta(minutes=10, seconds=1)
    monkeypatch.setattr(clock, "now", lambda: later)
    assert_error(redeem(code), 400, "link_code_invalid")
    assert LinkCode.objects.get().used_at is None


@pytest.mark.django_db(transaction=True)
def test_two_devices_redeeming_one_link_code_at_once_one_succeeds(new_player):
    phone = new_player()
    for _ in range(3):  # a few rounds: the race must resolve the same way every time
        code = link_code(phone)
        answers = at_once(*(lambda d=d: redeem(code, f"device {d}") for d in range(2)))
        assert sorted(r.status_code for r in answers) == [200, 400]
        assert LinkCode.objects.filter(used_at__isnull=False).count() >= 1


@pytest.mark.django_db
def test_guessing_link_codes_is_throttled_per_address(new_player, settings):
    settings.HALFMOON_THROTTLE_RATES["link_code"] = "5/min"
    real = link_code(new_player())
    guesser = APIClient(REMOTE_ADDR="10.7.0.1")
    codes = [redeem(f"AAAA-{i:04d}", client=guesser).status_code for i in range(5)]
    assert codes == [400] * 5
    throttled = redeem(real, client=guesser)  # even the right code, once the budget is spent
    assert_error(throttled, 429, "throttled")
    assert int(throttled["Retry-After"]) >= 1
    assert redeem(real, client=APIClient(REMOTE_ADDR="10.7.0.2")).status_code == 200


@pytest.mark.django_db
def test_unknown_malformed_used_and_expired_codes_answer_alike(new_player):
    answers = {
        redeem(code).json()["message"] for code in ("ZZZZ-ZZZZ", "!", "1234567", "ILO0-UUUU")
    }
    assert len(answers) == 1


@pytest.mark.django_db
def test_staff_give_a_lost_anonymous_player_a_link_code(new_player):
    lost = new_player("Lost")
    game = post(lost, url("games"), {}).json()
    lost.delete(url("players", "me", "token"))  # its only token: lost for good, before
    code, _ = moderation.issue_link_code(None, lost.player_id, "asked by e-mail, id checked")
    again = client_with(redeem(code).json()["token"])
    assert again.get(url("games")).json()["results"][0]["id"] == game["id"]


@pytest.mark.django_db
def test_a_locked_account_cannot_be_linked(account):
    client, _ = account("ana_k")
    code = link_code(client)
    moderation.lock_account(None, client.player_id, "taken over")
    assert_error(redeem(code), 403, "account_locked")
    moderation.unlock_account(None, client.player_id, "sorted")
    assert redeem(code).status_code == 200  # the refusal did not use the code up


# -- recovery codes --------------------------------------------------------------------------
def recover(username, code, new_password=NEW_PASSWORD, client=None):
    body = {"username": username, "recovery_code": code, "new_password": new_password}
    return post(client or APIClient(), url("account", "recover"), body)


@pytest.mark.django_db
def test_a_recovery_code_sets_a_new_password_once(account, api):
    first, created = account("ana_k")
    codes = created["recovery_codes"]
    response = recover("ana_k", codes[3])
    assert response.status_code == 200, response.content
    assert response.json()["id"] == first.player_id
    assert response.json()["recovery_codes_left"] == 9
    assert_error(first.get(url("players", "me")), 401, "invalid_token")  # signed out
    assert sign_in(api, "ana_k", password=PASSWORD).status_code == 400
    assert sign_in(api, "ana_k", password=NEW_PASSWORD).status_code == 200
    assert_error(recover("ana_k", codes[3], "another pass 11"), 400, "recovery_failed")
    assert recover("ana_k", codes[4].lower(), "another pass 11").status_code == 200


@pytest.mark.django_db
def test_a_wrong_code_answers_like_an_unknown_username(account):
    account("ana_k")
    wrong = recover("ana_k", "00000-00000")
    unknown = recover("nobody_k", "00000-00000")
    assert wrong.status_code == unknown.status_code == 400
    assert wrong.json() == unknown.json()
    assert wrong.json()["code"] == "recovery_failed"


@pytest.mark.django_db(transaction=True)
def test_two_devices_using_one_recovery_code_at_once_one_succeeds(account):
    _, created = account("ana_k")
    code = created["recovery_codes"][0]
    answers = at_once(
        lambda: recover("ana_k", code, "first new pass 71"),
        lambda: recover("ana_k", code, "second new pass 72"),
    )
    assert sorted(r.status_code for r in answers) == [200, 400]


@pytest.mark.django_db
def test_recovery_is_throttled_like_sign_in(account, settings):
    settings.HALFMOON_THROTTLE_RATES["sign_in_username"] = "2/min"
    _, created = account("ana_k")
    for _ in range(2):
        assert recover("ana_k", "00000-00000").status_code == 400
    assert_error(recover("ana_k", created["recovery_codes"][0]), 429, "throttled")


@pytest.mark.django_db
def test_new_recovery_codes_need_the_password_and_replace_the_old(account):
    client, created = account("ana_k")
    assert_error(
        post(client, url("account", "recovery-codes"), {"password": "nope"}), 400, "wrong_password"
    )
    fresh = post(client, url("account", "recovery-codes"), {"password": PASSWORD})
    assert fresh.status_code == 201
    new_codes = fresh.json()["recovery_codes"]
    assert len(new_codes) == 10 and not set(new_codes) & set(created["recovery_codes"])
    assert_error(recover("ana_k", created["recovery_codes"][0]), 400, "recovery_failed")
    assert recover("ana_k", new_codes[0]).status_code == 200
