"""Sign-in by username and password on another device: the same player everywhere; answers and
timings that never tell whether a username exists; throttled per username and per address."""

import statistics
import time

import pytest
from rest_framework.test import APIClient

from games.moderation import services as moderation
from games.players import services as players
from tests.support.api import assert_error, post, url

from .conftest import PASSWORD, client_with, sign_in

pytestmark = pytest.mark.django_db


def test_signing_in_elsewhere_is_the_same_player_with_the_same_statistics(account, api):
    first, _ = account("ana_k", name="Ana")
    game = post(first, url("games"), {}).json()
    post(first, url("games", game["id"], "resign"), {})
    response = sign_in(api, "ANA_K", device="phone")  # any case
    assert response.status_code == 200, response.content
    body = response.json()
    assert set(body) == {"id", "name", "settings", "token", "device_proof"}
    assert (body["id"], body["name"]) == (first.player_id, "Ana")
    second = client_with(body["token"])
    stats = url("players", first.player_id, "stats")
    assert second.get(stats).json() == first.get(stats).json()
    assert second.get(url("games")).json()["results"][0]["id"] == game["id"]


@pytest.mark.parametrize("username", ["ana_k", "nobody_here", "x" * 30])
def test_unknown_username_and_wrong_password_answer_alike(account, api, username):
    account("ana_k")
    wrong = sign_in(api, "ana_k", password="not the password")
    other = sign_in(api, username, password="not the password either")
    assert wrong.status_code == other.status_code == 400
    assert (
        wrong.json()
        == other.json()
        == {
            "code": "sign_in_failed",
            "message": "The username or the password is not right.",
        }
    )


def test_unknown_usernames_take_as_long_as_wrong_passwords(account, api):
    """Measured, not asserted tightly: each answer checks one Argon2 hash (a stand-in one for
    an unknown username), so the medians are within noise of each other. Without the stand-in
    an unknown username would answer a hundred times faster, which the bound below catches."""
    account("ana_k")
    times = {"wrong password": [], "unknown username": []}
    for _ in range(7):
        for case, username in (("wrong password", "ana_k"), ("unknown username", "nobody_k")):
            start = time.perf_counter()
            assert sign_in(api, username, password="not the password").status_code == 400
            times[case].append(time.perf_counter() - start)
    medians = {case: statistics.median(values) for case, values in times.items()}
    print(
        f"\nsign-in refusal medians (ms): { {k: round(v * 1000, 1) for k, v in medians.items()} }"
    )
    ratio = medians["unknown username"] / medians["wrong password"]
    assert 0.5 < ratio < 2, medians


def test_sign_in_is_throttled_per_username_with_retry_after(account, settings):
    settings.HALFMOON_THROTTLE_RATES["sign_in_username"] = "3/min"
    account("ana_k")
    answers = []
    for index in range(5):  # a new address each time: only the username's budget counts
        client = APIClient(REMOTE_ADDR=f"10.9.0.{index + 1}")
        answers.append(sign_in(client, "ana_k", password="guess"))
    assert [r.status_code for r in answers] == [400, 400, 400, 429, 429]
    throttled = answers[-1]
    assert_error(throttled, 429, "throttled")
    assert int(throttled["Retry-After"]) >= 1
    assert throttled.json()["retry_after"] == int(throttled["Retry-After"])
    # Even the right password waits: the budget is spent, whoever is guessing.
    assert sign_in(APIClient(REMOTE_ADDR="10.9.0.99"), "ana_k").status_code == 429


def test_an_unknown_username_is_throttled_like_a_known_one(settings, api):
    settings.HALFMOON_THROTTLE_RATES["sign_in_username"] = "2/min"
    for _ in range(2):
        assert sign_in(api, "nobody_k", password="guess").status_code == 400
    assert_error(sign_in(api, "nobody_k", password="guess"), 429, "throttled")


def test_sign_in_is_throttled_per_address(account, settings):
    settings.HALFMOON_THROTTLE_RATES["sign_in_address"] = "4/min"
    account("ana_k")
    client = APIClient(REMOTE_ADDR="10.9.1.1")
    codes = [sign_in(client, f"user_{i}", password="guess").status_code for i in range(6)]
    assert codes == [400] * 4 + [429] * 2
    assert sign_in(APIClient(REMOTE_ADDR="10.9.1.2"), "ana_k").status_code == 200


def test_a_locked_account_signs_in_nowhere_and_its_devices_are_out(account, api):
    client, _ = account("ana_k")
    moderation.lock_account(None, client.player_id, "taken over")
    assert_error(client.get(url("players", "me")), 401, "invalid_token")
    assert_error(sign_in(api, "ana_k"), 403, "account_locked")
    # A wrong password does not learn that the account is locked.
    assert_error(sign_in(api, "ana_k", password="nope"), 400, "sign_in_failed")
    moderation.unlock_account(None, client.player_id, "owner proved who they are")
    assert sign_in(api, "ana_k").status_code == 200


def test_a_suspended_player_gets_no_new_token(account, api):
    client, _ = account("ana_k")
    moderation.suspend(None, client.player_id, "spam")
    assert_error(sign_in(api, "ana_k"), 403, "token_suspended")


def test_the_password_is_never_echoed(api):
    secret = "my-secret-pass-8812"
    response = sign_in(api, "nobody_k", password=secret)
    assert secret not in response.content.decode()
    response = post(api, url("account", "sign-in"), {"username": "x", "password": 5})
    assert_error(response, 400, "invalid_request")


def test_changing_the_password_signs_every_other_device_out(account, api):
    first, _ = account("ana_k")
    second = client_with(sign_in(api, "ana_k").json()["token"])
    new = PASSWORD + " and more"
    refused = post(
        first, url("account", "password"), {"current_password": "x", "new_password": new}
    )
    assert_error(refused, 400, "wrong_password")
    assert second.get(url("players", "me")).status_code == 200
    changed = post(
        first, url("account", "password"), {"current_password": PASSWORD, "new_password": new}
    )
    assert changed.json() == {"revoked": 1}
    assert_error(second.get(url("players", "me")), 401, "invalid_token")
    assert first.get(url("players", "me")).status_code == 200
    assert sign_in(api, "ana_k", password=PASSWORD).status_code == 400
    assert sign_in(api, "ana_k", password=new).status_code == 200


def test_a_player_whose_every_token_is_gone_signs_in_again(account, api):
    client, _ = account("ana_k")
    players.revoke_all_tokens(client.player_id)
    assert_error(client.get(url("players", "me")), 401, "invalid_token")
    again = client_with(sign_in(api, "ana_k").json()["token"])
    assert again.get(url("players", "me")).json()["id"] == client.player_id
