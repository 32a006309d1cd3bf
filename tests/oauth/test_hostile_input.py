"""Issue 37, F4: a hostile-input pass over every endpoint of the authorization server. Each
malformed request — no ``Content-Type``, a wrong one, a body that is not a form, bytes that
are not UTF-8, huge or repeated parameters, a wrong method — gets a 4xx (never a 5xx) and
writes nothing: no application, grant, device grant, token or session user appears."""

from __future__ import annotations

from urllib.parse import urlencode

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from oauth2_provider.models import AccessToken, Application, DeviceGrant, Grant, RefreshToken

from games.models import SpentGrant

from .conftest import signed_in_browser

pytestmark = pytest.mark.django_db

FORM = "application/x-www-form-urlencoded"
HUGE = "x" * 200_000
DEVICE_GRANT = "urn:ietf:params:oauth:grant-type:device_code"


def bodies(app) -> dict[str, dict]:
    """Each POST endpoint with a well-formed body of its own (the hostile variants derive from
    it)."""
    return {
        "/oauth/token/": {"grant_type": "authorization_code", "code": "abc", "client_id": app},
        "/oauth/token/#device": {"grant_type": DEVICE_GRANT, "device_code": "d", "client_id": app},
        "/oauth/token/#refresh": {
            "grant_type": "refresh_token",
            "refresh_token": "r",
            "client_id": app,
        },
        "/oauth/revoke_token/": {"token": "abc", "client_id": app},
        "/oauth/device-authorization/": {"client_id": app, "scope": "read"},
        "/oauth/sign-in": {"username": "ann_player", "password": "x", "next": "/"},
        "/oauth/device/": {"user_code": "ABCD-EFGH"},
        "/oauth/authorize/": {"client_id": app, "response_type": "code", "allow": "Authorize"},
    }


def hostile(body: dict) -> list[tuple[str, bytes | str, str | None]]:
    """(name, raw body, content type) of each malformed variant of ``body``."""
    form = urlencode(body)
    return [
        ("no content type", form, None),
        ("json instead of a form", '{"client_id": "x"}', "application/json"),
        ("text/plain", form, "text/plain"),
        ("multipart without a boundary", form, "multipart/form-data"),
        ("a broken multipart body", "--b\r\nnonsense", "multipart/form-data; boundary=b"),
        ("not utf-8", b"client_id=\xff\xfe&scope=\xc3", FORM),
        ("a charset that does not exist", form, f"{FORM}; charset=no-such-charset"),
        ("empty", "", FORM),
        ("a huge parameter", urlencode({**body, "client_id": HUGE}), FORM),
        ("every parameter huge", urlencode({key: HUGE for key in body}), FORM),
        ("repeated parameters", form + "&" + form, FORM),
        ("a parameter without a value", "client_id&scope&grant_type", FORM),
        ("nul bytes", urlencode({key: "a\x00b" for key in body}), FORM),
        ("many parameters", "&".join(f"p{i}=1" for i in range(5000)), FORM),
    ]


def written() -> tuple:
    return tuple(
        model.objects.count()
        for model in (Application, Grant, DeviceGrant, AccessToken, RefreshToken, SpentGrant)
    ) + (get_user_model().objects.count(),)


@pytest.fixture
def clients(account, register_app):
    """An anonymous browser and a player's signed-in one, with a registered app's client id."""
    owner, app = account(), register_app()
    return Client(), signed_in_browser(owner), app.client_id


def test_no_oauth_endpoint_answers_a_malformed_post_with_a_5xx(clients):
    anonymous, signed_in, client_id = clients
    before = written()
    seen = []
    for endpoint, body in bodies(client_id).items():
        path = endpoint.split("#")[0]
        for browser in (anonymous, signed_in):
            for name, raw, content_type in hostile(body):
                kwargs = {"content_type": content_type} if content_type else {}
                if content_type is None:
                    answer = browser.generic("POST", path, raw)
                else:
                    answer = browser.generic("POST", path, raw, **kwargs)
                seen.append((endpoint, name, answer.status_code))
                assert answer.status_code < 500, (endpoint, name, answer.status_code)
    assert written() == before
    # The token and device endpoints refuse what they cannot read: a 4xx, not a page.
    for endpoint, name, status in seen:
        if endpoint.startswith(("/oauth/token/", "/oauth/device-authorization/")):
            assert 400 <= status < 500, (endpoint, name, status)


@pytest.mark.parametrize(
    "path",
    [
        "/oauth/token/",
        "/oauth/revoke_token/",
        "/oauth/device-authorization/",
        "/oauth/authorize/",
        "/oauth/device/",
        "/oauth/sign-in",
        "/oauth/device-confirm/abc/def",
        "/oauth/device-grant-status/abc/def",
        "/.well-known/oauth-authorization-server",
    ],
)
@pytest.mark.parametrize("method", ["GET", "PUT", "PATCH", "DELETE", "OPTIONS"])
def test_every_oauth_endpoint_answers_any_method_without_a_5xx(clients, path, method):
    anonymous, signed_in, _client_id = clients
    before = written()
    for browser in (anonymous, signed_in):
        answer = browser.generic(method, path, "a=b", content_type=FORM)
        assert answer.status_code < 500, (method, path, answer.status_code)
    assert written() == before


@pytest.mark.parametrize(
    "query",
    [
        {"client_id": HUGE},
        {"client_id": "x", "redirect_uri": HUGE, "response_type": "code"},
        {"client_id": "x\x00", "response_type": "code"},
        {"response_type": "code"},
        {"client_id": "x", "scope": "read " * 10_000, "response_type": "code"},
        {"client_id": "x", "code_challenge": HUGE, "response_type": "code"},
    ],
)
def test_the_authorize_page_refuses_hostile_queries_without_a_5xx(clients, query):
    anonymous, signed_in, client_id = clients
    before = written()
    query = {
        key: value.replace("x", client_id, 1) if value == "x" else value
        for key, value in query.items()
    }
    for browser in (anonymous, signed_in):
        answer = browser.get("/oauth/authorize/?" + urlencode(query))
        assert answer.status_code < 500, (query.keys(), answer.status_code)
    assert written() == before


def test_the_apps_endpoints_take_posts_without_a_csrf_token_and_the_pages_do_not(clients):
    """Apps post to the token, revocation and device authorization endpoints from outside any
    browser session: with Django's CSRF check enforced (as a real server does) they answer
    OAuth, never 403; the site's own forms still need the token."""
    _anonymous, _signed_in, client_id = clients
    strict = Client(enforce_csrf_checks=True)
    for path, body in (
        (
            "/oauth/token/",
            {"grant_type": "authorization_code", "code": "x", "client_id": client_id},
        ),
        ("/oauth/revoke_token/", {"token": "x", "client_id": client_id}),
        ("/oauth/device-authorization/", {"client_id": client_id, "scope": "read"}),
    ):
        answer = strict.post(path, urlencode(body), content_type=FORM)
        assert answer.status_code != 403 and answer.status_code < 500, (path, answer.content)
    form = {"username": "ann_player", "password": "x", "next": "/"}
    assert strict.post("/oauth/sign-in", form).status_code == 403  # CSRF
