"""Issue 37, L3: the admin's sign-in under django-axes. Wrong passwords are counted per
(username, address) together: past the limit that pair is refused — 429 with Retry-After,
even with the right password, nobody signed in — while the owner signing in from their own
address is not locked out by a stranger's guesses, and the counters are kept under keyed
hashes only."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

pytestmark = pytest.mark.django_db

PASSWORD = "the admin's own passphrase 42"
OWNER_ADDRESS, STRANGER_ADDRESS = "198.51.100.20", "203.0.113.66"


@pytest.fixture
def owner(db):
    return get_user_model().objects.create_superuser("chief", "chief@example.com", PASSWORD)


def sign_in(address: str, password: str, username: str = "chief") -> tuple[Client, object]:
    browser = Client(REMOTE_ADDR=address)
    answer = browser.post(
        "/admin/login/?next=/admin/", {"username": username, "password": password}
    )
    return browser, answer


def signed_in(browser: Client) -> bool:
    return browser.get("/admin/").status_code == 200


def test_wrong_passwords_lock_that_username_from_that_address_out(settings, owner):
    limit = settings.AXES_FAILURE_LIMIT
    for _ in range(limit - 1):
        _browser, answer = sign_in(STRANGER_ADDRESS, "wrong guess")
        assert answer.status_code == 200  # the form again
    _browser, locked = sign_in(STRANGER_ADDRESS, "wrong guess")
    assert locked.status_code == 429
    assert int(locked["Retry-After"]) == int(settings.AXES_COOLOFF_TIME.total_seconds())
    # Even the right password, from there: refused, nobody signed in.
    browser, refused = sign_in(STRANGER_ADDRESS, PASSWORD)
    assert refused.status_code == 429 and not signed_in(browser)
    owner.refresh_from_db()
    assert owner.last_login is None


def test_a_stranger_cannot_lock_the_owner_out(settings, owner):
    for _ in range(settings.AXES_FAILURE_LIMIT + 3):
        sign_in(STRANGER_ADDRESS, "wrong guess")
    browser, answer = sign_in(OWNER_ADDRESS, PASSWORD)
    assert answer.status_code == 302 and signed_in(browser)


def test_the_red_teams_twelve_wrong_passwords_do_not_all_get_the_form(owner):
    answers = [sign_in(STRANGER_ADDRESS, f"guess {i}")[1].status_code for i in range(12)]
    assert answers.count(429) >= 12 - 5 and 200 in answers


def test_the_lockout_counters_are_keyed_hashes_of_username_and_address(owner, settings):
    """Issue 37, L6: axes's own key is an unkeyed SHA-256 of username and address (anyone can
    try every IPv4 address against it); here it is made of keyed hashes only."""
    import hashlib

    from django.core.cache import cache

    from games.core.rates import keyed_hash

    sign_in(STRANGER_ADDRESS, "wrong guess")
    if settings.CACHES["default"]["BACKEND"].endswith("RedisCache"):
        keys = [k.decode() for k in cache._cache.get_client().keys("*axes-*")]
    else:
        keys = [k for k in cache._cache if "axes-" in k]
    plain = "axes-" + hashlib.sha256(f"chief{STRANGER_ADDRESS}".encode()).hexdigest()
    keyed = f"user:{keyed_hash('chief')}address:{keyed_hash(STRANGER_ADDRESS)}"
    expected = "axes-" + hashlib.sha256(keyed.encode()).hexdigest()
    assert any(key.endswith(expected) for key in keys), keys
    assert not any(key.endswith(plain) for key in keys)
