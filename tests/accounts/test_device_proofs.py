"""Device proofs (OWASP's device cookies): knowing a username is not enough to lock its owner
out of sign-in. A device that signed in with the password shows its proof and is counted under
the proof's own budget; strangers (and the owner on a new device) share the username's budget
for unknown devices, which they can spend. Every refusal leaves the account as it was."""

import datetime as dt
import re

import pytest
from rest_framework.test import APIClient

from games.accounts import device_proofs
from games.core import clock
from games.players.models import DeviceToken
from tests.support.api import assert_error, post, url
from tests.support.clock import FakeClock

from .conftest import PASSWORD, client_with, sign_in

pytestmark = pytest.mark.django_db

NOON = dt.datetime(2026, 11, 30, 12, 0, tzinfo=dt.UTC)
ITEM = re.compile(r'^"(?P<scope>[a-z_]+)";r=(?P<r>\d+);t=(?P<t>\d+)$')


@pytest.fixture
def budgets(settings):
    """``budgets(username=..., device=...)``: the per-username and per-proof sign-in budgets
    per minute (every other budget stays generous)."""

    def set_budgets(username: int, device: int) -> None:
        settings.HALFMOON_THROTTLE_RATES = {
            **settings.HALFMOON_THROTTLE_RATES,
            "sign_in_username": f"{username}/min",
            "sign_in_device": f"{device}/min",
        }

    return set_budgets


@pytest.fixture
def fake_clock(monkeypatch):
    fake = FakeClock(NOON)
    monkeypatch.setattr(clock, "now", fake)
    return fake


_addresses = iter(range(1, 250))


def stranger() -> APIClient:
    """A new client from a new address: only the username's (or a proof's) budget counts."""
    return APIClient(REMOTE_ADDR=f"10.7.0.{next(_addresses)}")


def tokens_of(player_id: int) -> list[tuple]:
    """What sign-in changes: the player's device tokens."""
    return list(
        DeviceToken.objects.filter(player_id=player_id)
        .order_by("pk")
        .values_list("pk", "token_hash", "device", "issued")
    )


def spent(response) -> dict[str, int]:
    """The budgets a response spent, with what is left of each (its ``RateLimit`` header)."""
    items = [ITEM.match(item.strip()) for item in response["RateLimit"].split(",")]
    assert all(items), response["RateLimit"]
    return {m["scope"]: int(m["r"]) for m in items if m}


def with_proof(client, username, proof, password=PASSWORD, device="known device"):
    """A sign-in showing ``proof`` in the body (as other clients than the web one do)."""
    body = {"username": username, "password": password, "device": device, "device_proof": proof}
    return post(client, url("account", "sign-in"), body)


def test_a_strangers_guesses_do_not_lock_the_owners_device_out(account, budgets):
    budgets(username=3, device=3)
    owner, _ = account("ana_k")
    phone = stranger()
    first = sign_in(phone, "ana_k", device="phone")  # spends 1 of the username's 3
    assert first.status_code == 200, first.content
    proof = first.json()["device_proof"]
    before = tokens_of(owner.player_id)

    # A stranger who knows only the username: wrong guesses until its budget is spent.
    guesses = [sign_in(stranger(), "ana_k", password=f"guess {i}") for i in range(3)]
    assert [g.status_code for g in guesses] == [400, 400, 429]
    assert_error(guesses[-1], 429, "throttled")
    assert int(guesses[-1]["Retry-After"]) >= 1
    assert tokens_of(owner.player_id) == before

    # The owner on a new device, without a proof, is refused: that budget is spent.
    refused = sign_in(stranger(), "ana_k", device="new laptop")
    assert_error(refused, 429, "throttled")
    assert int(refused["Retry-After"]) >= 1
    assert "sign_in_username" in spent(refused)
    assert tokens_of(owner.player_id) == before

    # The owner's device with its proof signs in: counted under the proof's own budget.
    again = with_proof(stranger(), "ana_k", proof)
    assert again.status_code == 200, again.content
    assert set(spent(again)) == {"sign_in_address", "sign_in_device"}
    assert spent(again)["sign_in_device"] == 2
    assert again.json()["id"] == owner.player_id
    assert len(tokens_of(owner.player_id)) == len(before) + 1
    assert client_with(again.json()["token"]).get(url("players", "me")).status_code == 200

    # The web client needs no body field: its cookie from the first sign-in is read.
    by_cookie = sign_in(phone, "ana_k", device="phone")
    assert by_cookie.status_code == 200, by_cookie.content
    assert spent(by_cookie)["sign_in_device"] == 1


def test_the_proof_is_answered_and_kept_in_an_httponly_cookie_per_account(account, api):
    account("ana_k")
    account("bob_k", name="bob")
    ana, bob = sign_in(api, "ana_k"), sign_in(api, "bob_k")
    assert ana.status_code == bob.status_code == 200
    names = []
    for response in (ana, bob):
        [(name, cookie)] = [(n, c) for n, c in response.cookies.items()]
        assert re.fullmatch(r"hm_device_[0-9a-f]{16}", name)  # never the username
        assert cookie.value == response.json()["device_proof"]
        assert cookie["httponly"] and cookie["samesite"] == "Strict"
        assert cookie["path"] == "/api/v1/account/sign-in"
        assert int(cookie["max-age"]) == device_proofs.LIFETIME.total_seconds()
        names.append(name)
    assert names[0] != names[1]  # one cookie per account: a shared browser keeps both
    assert ana.json()["device_proof"] != bob.json()["device_proof"]


@pytest.mark.parametrize("kind", ["forged", "garbage", "another account's", "expired"])
def test_a_proof_that_is_not_valid_counts_as_none(account, budgets, fake_clock, kind):
    budgets(username=2, device=5)
    owner, _ = account("ana_k")
    account("bob_k", name="bob")
    proof = sign_in(stranger(), "ana_k").json()["device_proof"]  # 1 of the username's 2
    presented = {
        "forged": proof[:-3] + ("AAA" if not proof.endswith("AAA") else "BBB"),
        "garbage": "not-a-proof:at all",
        "another account's": sign_in(stranger(), "bob_k").json()["device_proof"],
        "expired": proof,
    }[kind]
    if kind == "expired":
        fake_clock.advance(days=device_proofs.LIFETIME.days, seconds=1)
    # Counted like an unknown device: under the username's budget (the last one of it) ...
    wrong = with_proof(stranger(), "ana_k", presented, password="guess")
    assert_error(wrong, 400, "sign_in_failed")
    assert "sign_in_device" not in spent(wrong) and spent(wrong)["sign_in_username"] == 0
    before = tokens_of(owner.player_id)
    # ... which is now spent: even the right password with that proof is refused.
    refused = with_proof(stranger(), "ana_k", presented)
    assert_error(refused, 429, "throttled")
    assert int(refused["Retry-After"]) >= 1
    assert tokens_of(owner.player_id) == before


def test_a_proof_counts_until_its_lifetime_ends(account, budgets, fake_clock):
    budgets(username=1, device=5)
    account("ana_k")
    proof = sign_in(stranger(), "ana_k").json()["device_proof"]  # the username's only one
    fake_clock.advance(days=device_proofs.LIFETIME.days, seconds=-1)
    still = with_proof(stranger(), "ana_k", proof)
    assert still.status_code == 200, still.content
    assert "sign_in_device" in spent(still)


def test_wrong_passwords_under_a_proof_spend_only_that_proofs_budget(account, budgets):
    budgets(username=3, device=3)
    owner, _ = account("ana_k")
    phone = sign_in(stranger(), "ana_k", device="phone").json()["device_proof"]  # username 1/3
    tablet = sign_in(stranger(), "ana_k", device="tablet").json()["device_proof"]  # 2/3
    before = tokens_of(owner.player_id)

    wrong = [with_proof(stranger(), "ana_k", phone, password=f"typo {i}") for i in range(3)]
    assert [w.status_code for w in wrong] == [400, 400, 400]
    assert [spent(w)["sign_in_device"] for w in wrong] == [2, 1, 0]
    # Past its budget the phone's proof is refused, the right password too (OWASP's lockout
    # of one device cookie, for the rest of the window) ...
    locked = with_proof(stranger(), "ana_k", phone)
    assert_error(locked, 429, "throttled")
    assert int(locked["Retry-After"]) >= 1
    assert tokens_of(owner.player_id) == before
    # ... while the tablet's proof has its own budget ...
    assert with_proof(stranger(), "ana_k", tablet).status_code == 200
    # ... and the username's for unknown devices was not touched: one of its 3 is left.
    unknown = sign_in(stranger(), "ana_k", device="new laptop")
    assert unknown.status_code == 200, unknown.content
    assert spent(unknown)["sign_in_username"] == 0


def test_a_renewed_proof_keeps_its_devices_budget_and_counts_from_its_renewal(
    account, budgets, fake_clock
):
    budgets(username=5, device=3)
    account("ana_k")
    first = sign_in(stranger(), "ana_k").json()["device_proof"]
    fake_clock.advance(days=30)
    renewed = with_proof(stranger(), "ana_k", first)
    assert renewed.status_code == 200 and spent(renewed)["sign_in_device"] == 2
    second = renewed.json()["device_proof"]
    assert second != first
    fake_clock.advance(days=device_proofs.LIFETIME.days - 30, seconds=1)
    # The first has expired (an unknown device's attempt now); the renewed one counts on ...
    late = with_proof(stranger(), "ana_k", first)
    assert late.status_code == 200 and "sign_in_device" not in spent(late)
    # ... under the same device's budget as the first: 1 of 3 left, then none.
    assert spent(with_proof(stranger(), "ana_k", second))["sign_in_device"] == 1
    assert spent(with_proof(stranger(), "ana_k", second))["sign_in_device"] == 0
    assert_error(with_proof(stranger(), "ana_k", second), 429, "throttled")


def test_a_new_password_voids_every_earlier_proof(account, budgets, api):
    budgets(username=2, device=5)
    owner, _ = account("ana_k")
    proof = sign_in(stranger(), "ana_k").json()["device_proof"]  # username 1/2
    new = PASSWORD + " and more"
    changed = post(
        owner, url("account", "password"), {"current_password": PASSWORD, "new_password": new}
    )  # spends the username's budget too (a password check): 2/2
    assert changed.status_code == 200, changed.content
    before = tokens_of(owner.player_id)
    stale = with_proof(stranger(), "ana_k", proof, password=new)
    assert_error(stale, 429, "throttled")  # no proof any more: the unknown devices' budget
    assert "sign_in_device" not in spent(stale)
    assert tokens_of(owner.player_id) == before


def test_a_recovery_voids_every_earlier_proof(account, budgets):
    budgets(username=2, device=5)
    owner, created = account("ana_k")
    proof = sign_in(stranger(), "ana_k").json()["device_proof"]  # username 1/2
    new = PASSWORD + " recovered"
    recovered = post(
        stranger(),
        url("account", "recover"),
        {"username": "ana_k", "recovery_code": created["recovery_codes"][0], "new_password": new},
    )  # username 2/2
    assert recovered.status_code == 200, recovered.content
    before = tokens_of(owner.player_id)
    assert_error(with_proof(stranger(), "ana_k", proof, password=new), 429, "throttled")
    assert tokens_of(owner.player_id) == before


def test_a_proof_lets_no_one_in_without_the_password(account, budgets):
    budgets(username=5, device=5)
    owner, _ = account("ana_k")
    proof = sign_in(stranger(), "ana_k").json()["device_proof"]
    before = tokens_of(owner.player_id)
    assert_error(with_proof(stranger(), "ana_k", proof, password="guess"), 400, "sign_in_failed")
    assert tokens_of(owner.player_id) == before
