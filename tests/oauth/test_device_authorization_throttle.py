"""Issue 37, L1: a device asking for a device code (RFC 8628 §3.1) is throttled per address
and per app before anything is read or written: the red team's 60 grants in 0.9 s from one
address stop at the budget, 429 ``slow_down`` with ``Retry-After``, no grant made."""

from __future__ import annotations

from urllib.parse import urlencode

import pytest
from django.test import Client
from oauth2_provider.models import Application, DeviceGrant

pytestmark = pytest.mark.django_db

FORM = "application/x-www-form-urlencoded"


def ask(app, address="203.0.113.5"):
    return Client(REMOTE_ADDR=address).post(
        "/oauth/device-authorization/",
        urlencode({"client_id": app.client_id, "scope": "read"}),
        content_type=FORM,
    )


@pytest.fixture
def device_app(register_app):
    def make(name="Living Room"):
        return register_app(name=name, grant=Application.GRANT_DEVICE_CODE, redirect_uris="")

    return make


def refused(answer) -> None:
    assert answer.status_code == 429, answer.content
    assert answer.json()["error"] == "slow_down"
    assert int(answer["Retry-After"]) >= 1


def test_device_codes_are_throttled_per_address(settings, device_app):
    settings.HALFMOON_THROTTLE_RATES = {
        **settings.HALFMOON_THROTTLE_RATES,
        "device_authorization_address": "3/min",
    }
    first, second = device_app(), device_app("Other TV")
    for app in (first, second, first):  # one address's budget, whichever app
        assert ask(app).status_code == 200
    refused(ask(second))
    assert DeviceGrant.objects.count() == 3
    assert ask(first, address="198.51.100.9").status_code == 200  # another address


def test_device_codes_are_throttled_per_app_across_addresses(settings, device_app):
    settings.HALFMOON_THROTTLE_RATES = {
        **settings.HALFMOON_THROTTLE_RATES,
        "device_authorization_client": "2/min",
    }
    app, other = device_app(), device_app("Other TV")
    assert ask(app, "203.0.113.1").status_code == 200
    assert ask(app, "203.0.113.2").status_code == 200
    refused(ask(app, "203.0.113.3"))
    assert DeviceGrant.objects.filter(client_id=app.client_id).count() == 2
    assert ask(other, "203.0.113.3").status_code == 200  # another app's own budget


@pytest.mark.slow
def test_the_red_teams_burst_stops_at_the_default_budget(settings, device_app):
    """The defaults (not the suite's generous ones): 60 asks from one address at once."""
    from halfmoon_service.settings import HALFMOON_THROTTLE_DEFAULTS

    settings.HALFMOON_THROTTLE_RATES = {
        **settings.HALFMOON_THROTTLE_RATES,
        "device_authorization_address": HALFMOON_THROTTLE_DEFAULTS["device_authorization_address"],
    }
    app = device_app()
    answers = [ask(app).status_code for _ in range(60)]
    limit = int(HALFMOON_THROTTLE_DEFAULTS["device_authorization_address"].split("/")[0])
    assert answers.count(200) == limit and answers.count(429) == 60 - limit
    assert DeviceGrant.objects.count() == limit
