"""CORS per registered app: an app's listed origin may call the API from a browser."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.utils import timezone
from rest_framework.test import APIClient

from api.http import cors
from api.http.cors import CACHE_KEY
from tests.support.waiting import wait_until

ORIGIN = "https://moon-tracker.example"
HEADERS = "authorization, content-type, idempotency-key, if-match, if-none-match, accept-language"


@pytest.fixture(autouse=True)
def _fresh_cache():
    """The cached list of app origins only (never cache.clear(): on Redis that would empty the
    other workers' keys too)."""
    cache.delete(CACHE_KEY)
    yield
    cache.delete(CACHE_KEY)


def preflight(origin: str):
    return APIClient().options(
        "/api/v1/games/",
        HTTP_ORIGIN=origin,
        HTTP_ACCESS_CONTROL_REQUEST_METHOD="POST",
        HTTP_ACCESS_CONTROL_REQUEST_HEADERS=HEADERS,
    )


def with_origins(app, origins: str):
    app.allowed_origins = origins
    app.save(update_fields=["allowed_origins"])
    return app


@pytest.mark.django_db
def test_an_apps_origin_is_allowed_with_the_headers_browsers_need(register_app):
    with_origins(register_app(), ORIGIN)
    response = preflight(ORIGIN)
    assert response["Access-Control-Allow-Origin"] == ORIGIN
    allowed = {h.strip() for h in response["Access-Control-Allow-Headers"].split(",")}
    assert set(HEADERS.split(", ")) <= allowed
    exposed = {
        h.strip()
        for h in APIClient()
        .get("/api/v1/", HTTP_ORIGIN=ORIGIN)["Access-Control-Expose-Headers"]
        .split(",")
    }
    assert {
        "etag",
        "link",
        "location",
        "ratelimit",
        "ratelimit-policy",
        "retry-after",
        "deprecation",
        "sunset",
    } <= exposed


@pytest.mark.django_db
def test_an_unknown_origin_is_refused(register_app):
    with_origins(register_app(), ORIGIN)
    assert "Access-Control-Allow-Origin" not in preflight("https://elsewhere.example")


@pytest.mark.django_db
def test_loopback_http_is_accepted_other_http_refused(register_app):
    with_origins(register_app(), "http://127.0.0.1:5173 http://localhost:8080 http://evil.example")
    assert preflight("http://127.0.0.1:5173")["Access-Control-Allow-Origin"]
    assert preflight("http://localhost:8080")["Access-Control-Allow-Origin"]
    assert "Access-Control-Allow-Origin" not in preflight("http://evil.example")


@pytest.mark.django_db
def test_a_suspended_apps_origin_is_refused(register_app):
    app = with_origins(register_app(), ORIGIN)
    app.policy.suspended_at = timezone.now()
    app.policy.save(update_fields=["suspended_at"])
    assert "Access-Control-Allow-Origin" not in preflight(ORIGIN)


@pytest.mark.django_db
def test_the_cache_expires(register_app, settings):
    """On whichever cache the run uses (locmem embedded, Redis in CI): a short TTL, then a wait
    on the condition with a deadline (no backend's clock patched)."""
    settings.HALFMOON_APP_ORIGINS_TTL_S = 2
    app = with_origins(register_app(), ORIGIN)
    assert preflight(ORIGIN)["Access-Control-Allow-Origin"] == ORIGIN
    with_origins(app, "")
    # Still cached: the list is read once per TTL (the key is there, holding the old list).
    assert cache.get(CACHE_KEY) == frozenset({ORIGIN})
    wait_until(
        lambda: "Access-Control-Allow-Origin" not in preflight(ORIGIN),
        timeout=12,
        message="the app's removed origin still allowed long after the cache's TTL",
    )


@pytest.mark.django_db
def test_the_server_wide_setting_is_still_honoured(settings):
    settings.CORS_ALLOWED_ORIGINS = ["https://frontend.example"]
    assert preflight("https://frontend.example")["Access-Control-Allow-Origin"]


def test_the_sites_own_pages_cost_no_lookup(db, monkeypatch):
    """A same-origin POST from the site's pages carries Origin too: it is not looked up."""

    def looked_up():
        raise AssertionError("the app origins were looked up for the site's own page")

    monkeypatch.setattr(cors, "registered_origins", looked_up)
    answer = APIClient().post(
        "/api/v1/players", {"name": "Own"}, format="json", HTTP_ORIGIN="http://testserver"
    )
    assert answer.status_code == 201, answer.content


@pytest.mark.django_db
def test_a_browser_app_may_exchange_its_code_and_read_the_metadata_but_not_the_pages(
    register_app,
):
    """The token and revocation endpoints and RFC 8414's metadata answer an app's origin; the
    sign-in, authorize and device pages are navigations and never do."""
    with_origins(register_app(), ORIGIN)
    client = APIClient()
    for path in ("/oauth/token/", "/oauth/revoke_token/"):
        answer = client.options(path, HTTP_ORIGIN=ORIGIN, HTTP_ACCESS_CONTROL_REQUEST_METHOD="POST")
        assert answer["Access-Control-Allow-Origin"] == ORIGIN, path
    metadata = client.get("/.well-known/oauth-authorization-server", HTTP_ORIGIN=ORIGIN)
    assert metadata["Access-Control-Allow-Origin"] == ORIGIN
    for path in ("/oauth/authorize/", "/oauth/sign-in", "/oauth/device/"):
        answer = client.options(path, HTTP_ORIGIN=ORIGIN, HTTP_ACCESS_CONTROL_REQUEST_METHOD="POST")
        assert "Access-Control-Allow-Origin" not in answer, path
    assert "Access-Control-Allow-Origin" not in client.options(
        "/oauth/token/",
        HTTP_ORIGIN="https://elsewhere.example",
        HTTP_ACCESS_CONTROL_REQUEST_METHOD="POST",
    )
