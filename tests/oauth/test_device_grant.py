"""The device authorization grant (RFC 8628) for TVs and consoles: the device asks for a code,
the player types it on the site (signed in) and allows it, the device's polling gets a token
with the scopes allowed; refused codes and denied or pending grants give no token."""

from __future__ import annotations

from urllib.parse import urlencode

import pytest
from django.test import Client
from oauth2_provider.models import AccessToken, Application, DeviceGrant
from rest_framework.test import APIClient

from .conftest import signed_in_browser

pytestmark = pytest.mark.django_db

DEVICE_GRANT = "urn:ietf:params:oauth:grant-type:device_code"
FORM = "application/x-www-form-urlencoded"


def start(app, scope="read play"):
    answer = Client().post(
        "/oauth/device-authorization/",
        urlencode({"client_id": app.client_id, "scope": scope}),
        content_type=FORM,
    )
    assert answer.status_code == 200, answer.content
    return answer.json()


def poll(app, device_code):
    body = {"grant_type": DEVICE_GRANT, "device_code": device_code, "client_id": app.client_id}
    return Client().post("/oauth/token/", urlencode(body), content_type=FORM)


@pytest.fixture
def device_app(register_app):
    return register_app(name="Living Room", grant=Application.GRANT_DEVICE_CODE, redirect_uris="")


def approve(browser, user_code, action="accept"):
    entered = browser.post("/oauth/device/", {"user_code": user_code})
    assert entered.status_code == 302, entered.content
    page = browser.get(entered["Location"])
    assert "Living Room" in page.content.decode()
    assert "Play your games" in page.content.decode()
    return browser.post(entered["Location"], {"action": action})


def test_the_device_flow_gives_a_scoped_token(account, device_app):
    owner = account()
    codes = start(device_app)
    # RFC 8628 §3.2: absolute (a person types it on another device), and a complete one
    # carrying the code that the page fills in
    assert codes["verification_uri"] == "http://testserver/oauth/device/"
    complete = codes["verification_uri_complete"]
    assert complete == f"http://testserver/oauth/device/?user_code={codes['user_code']}"
    page = signed_in_browser(owner).get(complete.removeprefix("http://testserver"))
    assert f'value="{codes["user_code"]}"' in page.content.decode()
    pending = poll(device_app, codes["device_code"])
    assert pending.status_code == 400 and pending.json()["error"] == "authorization_pending"
    assert approve(signed_in_browser(owner), codes["user_code"]).status_code == 302
    answer = poll(device_app, codes["device_code"])
    assert answer.status_code == 200, answer.content
    token = answer.json()
    assert set(token["scope"].split()) == {"read", "play"}
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token['access_token']}")
    assert client.get("/api/v1/players/me").json()["id"] == owner.player.pk
    assert client.get("/api/v1/account").status_code == 403


def test_a_denied_device_gets_no_token(account, device_app):
    owner = account()
    codes = start(device_app)
    approve(signed_in_browser(owner), codes["user_code"], action="deny")
    answer = poll(device_app, codes["device_code"])
    assert answer.status_code == 400 and answer.json()["error"] == "access_denied"
    assert not AccessToken.objects.exists()


def test_a_wrong_user_code_is_refused(account, device_app):
    owner = account()
    start(device_app)
    answer = signed_in_browser(owner).post("/oauth/device/", {"user_code": "WRONG-CODE"})
    assert answer.status_code == 200  # the form again, with its error
    assert not AccessToken.objects.exists()


def test_a_scope_the_device_app_may_not_ask_for_is_refused(register_app):
    app = register_app(scopes="read", grant=Application.GRANT_DEVICE_CODE, redirect_uris="")
    answer = Client().post(
        "/oauth/device-authorization/",
        urlencode({"client_id": app.client_id, "scope": "read account"}),
        content_type=FORM,
    )
    assert answer.status_code == 400
    assert answer.json()["error"] == "invalid_scope"


def test_code_entry_is_throttled_per_player_and_a_right_code_is_refused_too(
    settings, account, device_app
):
    """N wrong codes spend the budget; the next (wrong or right) is refused with 429, the
    form again and its message, and the right code's grant is left pending with no user."""
    settings.HALFMOON_THROTTLE_RATES = {
        **settings.HALFMOON_THROTTLE_RATES,
        "device_code_player": "3/min",
    }
    browser = signed_in_browser(account())
    codes = start(device_app)
    for _ in range(3):
        assert browser.post("/oauth/device/", {"user_code": "WRONG-CODE"}).status_code == 200
    refused = browser.post("/oauth/device/", {"user_code": "WRONG-CODE"})
    assert refused.status_code == 429 and refused.has_header("Retry-After")
    right = browser.post("/oauth/device/", {"user_code": codes["user_code"]})
    assert right.status_code == 429
    assert "Too many tries" in right.content.decode()
    grant = DeviceGrant.objects.get(device_code=codes["device_code"])
    assert grant.user_id is None and grant.status == grant.AUTHORIZATION_PENDING
    pending = poll(device_app, codes["device_code"])
    assert pending.json()["error"] == "authorization_pending"
    assert not AccessToken.objects.exists()


def test_code_entry_is_throttled_per_address_across_players(settings, account, device_app):
    settings.HALFMOON_THROTTLE_RATES = {
        **settings.HALFMOON_THROTTLE_RATES,
        "device_code_address": "2/min",
    }
    codes = start(device_app)
    first, second = signed_in_browser(account("ann")), signed_in_browser(account("bob"))
    assert first.post("/oauth/device/", {"user_code": "WRONG-CODE"}).status_code == 200
    assert second.post("/oauth/device/", {"user_code": "WRONG-CODE"}).status_code == 200
    refused = second.post("/oauth/device/", {"user_code": codes["user_code"]})
    assert refused.status_code == 429
    assert not DeviceGrant.objects.filter(user__isnull=False).exists()
