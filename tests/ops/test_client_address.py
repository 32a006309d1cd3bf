"""Player creation is throttled per client address, and X-Forwarded-For is believed only from
the proxies this deployment trusts (HALFMOON_TRUSTED_PROXIES)."""

import pytest
from rest_framework.test import APIClient

from api.http.client_address import client_address
from games.models import Player

pytestmark = pytest.mark.django_db


@pytest.fixture
def creation_limit(settings):
    settings.HALFMOON_THROTTLE_RATES = {
        **settings.HALFMOON_THROTTLE_RATES,
        "player_create": "5/min",
    }
    return 5


def create(remote, forwarded=None):
    extra = {"REMOTE_ADDR": remote}
    if forwarded is not None:
        extra["HTTP_X_FORWARDED_FOR"] = forwarded
    return APIClient().post("/api/v1/players", {"name": "p"}, format="json", **extra)


def test_a_client_varying_x_forwarded_for_gets_one_budget(creation_limit):
    statuses = [create("203.0.113.9", f"198.51.100.{i}").status_code for i in range(12)]
    assert statuses == [201] * creation_limit + [429] * (12 - creation_limit)
    assert Player.objects.count() == creation_limit


def test_behind_a_trusted_proxy_each_client_has_its_own_budget(creation_limit, settings):
    settings.HALFMOON_TRUSTED_PROXIES = ["10.0.0.0/8"]
    for client in ("198.51.100.1", "198.51.100.2"):
        statuses = [create("10.0.0.5", client).status_code for _ in range(creation_limit + 1)]
        assert statuses == [201] * creation_limit + [429]
    # A client's own made-up hops in front of the proxy's do not buy it a new budget.
    spoofed = [create("10.0.0.5", f"192.0.2.{i}, 198.51.100.1").status_code for i in range(3)]
    assert spoofed == [429, 429, 429]


def test_the_client_is_the_first_untrusted_hop_from_the_nearest(settings):
    settings.HALFMOON_TRUSTED_PROXIES = ["10.0.0.0/8", "2001:db8::/32"]
    assert client_address("203.0.113.9", "1.2.3.4") == "203.0.113.9"
    assert client_address("10.1.1.1", "1.2.3.4, 5.6.7.8, 10.2.2.2") == "5.6.7.8"
    assert client_address("2001:db8::1", "198.51.100.7") == "198.51.100.7"
    assert client_address("10.1.1.1", "") == "10.1.1.1"
    assert client_address("10.1.1.1", "10.3.3.3") == "10.3.3.3"
    assert client_address("10.1.1.1", "junk, 10.3.3.3") == "junk"
