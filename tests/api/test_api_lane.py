"""The API lane (``halfmoon_service.lanes``), through the real middleware stack: a token call to
``/api/`` skips the site-only middleware; a call signed in by the browser session keeps it,
CSRF included; a token is never treated as a session, nor a session as a token."""

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import Client
from rest_framework.test import APIClient

from games.models import Game, Player
from games.players import services as players
from halfmoon_service import checks as service_checks
from halfmoon_service.lanes import token_api_call

CSRF = "a" * 32


@pytest.fixture
def session_player(db):
    user = get_user_model().objects.create_user("sam", password="pw-for-tests-only-42")
    player, token = players.create_player("Sam")
    Player.objects.filter(pk=player.pk).update(user=user)  # test setup: link the accounts
    client = APIClient(enforce_csrf_checks=True)
    client.force_login(user)
    return client, Player.objects.get(pk=player.pk), token


def test_a_session_post_without_csrf_is_refused_and_changes_nothing(session_player):
    client, player, _ = session_player
    refused = client.post("/api/v1/games", {}, format="json")
    assert refused.status_code == 403
    assert not Game.objects.filter(owner=player).exists()
    client.cookies["csrftoken"] = CSRF
    created = client.post("/api/v1/games", {}, format="json", HTTP_X_CSRFTOKEN=CSRF)
    assert created.status_code == 201 and created.json()["owner"]["id"] == player.pk
    assert created["X-Frame-Options"] == "DENY"  # the full stack


def test_a_token_call_is_never_the_session(session_player):
    """With the session cookie of one player and the token of another, the token decides; a
    wrong token with a good session is refused (never falls back to the session)."""
    client, session_owner, _ = session_player
    other, other_token = players.create_player("Ota")
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {other_token}")
    created = client.post("/api/v1/games", {}, format="json")  # no CSRF: a token call
    assert created.status_code == 201 and created.json()["owner"]["id"] == other.pk
    assert not Game.objects.filter(owner=session_owner).exists()
    client.credentials(HTTP_AUTHORIZATION="Bearer not-a-token")
    refused = client.post("/api/v1/games", {}, format="json")
    assert refused.status_code == 401 and refused.json()["code"] == "invalid_token"
    assert Game.objects.filter(owner=session_owner).count() == 0
    assert Game.objects.filter(owner=other).count() == 1


def test_a_token_call_takes_the_lean_path(db):
    player, token = players.create_player("Lea")
    client = APIClient(enforce_csrf_checks=True)
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    created = client.post("/api/v1/games", {}, format="json")
    assert created.status_code == 201 and created.json()["owner"]["id"] == player.pk
    assert "X-Frame-Options" not in created  # the site-only middleware stepped aside
    assert "sessionid" not in created.cookies and "csrftoken" not in created.cookies
    assert created.wsgi_request.api_lane is True
    assert not hasattr(created.wsgi_request, "session")


def test_the_site_and_an_anonymous_api_call_keep_the_full_stack(db):
    client = Client()
    page = client.get("/")
    assert page["X-Frame-Options"] == "DENY" and page.wsgi_request.api_lane is False
    anonymous = client.get("/api/v1/players/me")
    assert anonymous.status_code == 401 and anonymous["X-Frame-Options"] == "DENY"
    assert hasattr(anonymous.wsgi_request, "session")


@pytest.mark.parametrize(
    ("path", "authorization", "lean"),
    [
        ("/api/v1/games", "Bearer abc", True),
        ("/api/v1/games", "token abc", True),
        ("/api/v1/games", "Basic abc", False),
        ("/api/v1/games", "", False),
        ("/admin/", "Bearer abc", False),
        ("/", "Bearer abc", False),
    ],
)
def test_which_calls_are_token_api_calls(rf, path, authorization, lean):
    request = rf.get(path, HTTP_AUTHORIZATION=authorization) if authorization else rf.get(path)
    assert token_api_call(request) is lean


def test_the_deploy_checks_see_the_lane_middleware(settings):
    settings.CSRF_COOKIE_SECURE = True  # as in production
    assert service_checks.check_lane_middleware() == []
    settings.MIDDLEWARE = [
        m
        for m in settings.MIDDLEWARE
        if not m.endswith(("CsrfViewMiddleware", "XFrameOptionsMiddleware"))
    ]
    ids = {problem.id for problem in service_checks.check_lane_middleware()}
    assert ids == {"halfmoon.W005", "halfmoon.W006"}


def test_the_deploy_check_of_the_csrf_cookie_still_runs(settings):
    settings.CSRF_COOKIE_SECURE = False
    assert "halfmoon.W008" in {p.id for p in service_checks.check_lane_middleware()}
    settings.CSRF_COOKIE_SECURE = True
    call_command("check", "--deploy", "--tag", "security", "--fail-level", "ERROR")
