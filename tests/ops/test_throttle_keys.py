"""Issue 37, L6: what a budget is counted per — a username, a client address, an e-mail
address — is kept in the counters only as a keyed hash (HMAC-SHA256 under ``SECRET_KEY``), in
Redis and in a process's own counters alike: no key names anyone, so none outlives a deletion
or keeps a full address (SPEC §9)."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from games.core import rates
from tests.support.api import post, url

pytestmark = pytest.mark.django_db

USERNAME, ADDRESS, EMAIL = "zelda_unique_37", "203.0.113.237", "zelda37@example.com"


def spend_every_kind_of_budget() -> None:
    client = APIClient(REMOTE_ADDR=ADDRESS)
    post(client, url("account", "sign-in"), {"username": USERNAME, "password": "wrong pass"})
    post(client, url("account", "password-reset"), {"email": EMAIL})


def test_a_budget_key_is_a_keyed_hash_of_what_it_counts():
    key = rates.budget_key("sign_in_username", USERNAME)
    assert USERNAME not in key and key.startswith("throttle_sign_in_username_")
    assert key == rates.budget_key("sign_in_username", USERNAME)  # the same counter each time
    assert key != rates.budget_key("sign_in_username", USERNAME + "x")


def test_the_process_counters_name_no_username_or_address(settings):
    settings.REDIS_URL = None
    spend_every_kind_of_budget()
    keys = list(rates.local_counter.windows)
    assert keys, "the sign-in spent budgets"
    for secret in (USERNAME, ADDRESS, EMAIL):
        assert not any(secret in key for key in keys), (secret, keys)


@pytest.mark.redis
def test_redis_holds_no_key_naming_a_username_or_address():
    from games.core.redis import client

    spend_every_kind_of_budget()
    redis = client()
    keys = [k.decode() for k in redis.scan_iter("*throttle_*", count=1000)]
    assert any(rates.keyed_hash(ADDRESS) in key for key in keys), "spent in Redis"
    for secret in (USERNAME, ADDRESS, EMAIL):
        assert not any(secret in key for key in keys), secret
