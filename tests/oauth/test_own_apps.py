"""Self-service apps: a player with credentials registers public apps (name, redirect URIs,
origins, scopes), lists and deletes their own; the app works through the real authorization
code flow; deleting it ends every token it holds; staff still see and suspend it. Limits,
ownership and validation refusals change nothing."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from oauth2_provider.models import AccessToken, Application, RefreshToken
from rest_framework.test import APIClient

from games.oauth.models import AppPolicy
from games.oauth.registration import MAX_OWN_APPS

from .conftest import authorize_url, consent, exchange, pkce_pair, signed_in_browser

pytestmark = pytest.mark.django_db

APPS = "/api/v1/account/apps"
CALLBACK = "https://bot.example/callback"


def rest(token: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    return client


def register(owner, **changes):
    body = {
        "name": "Daily bot",
        "redirect_uris": [CALLBACK],
        "allowed_origins": ["https://bot.example", "http://localhost:5173"],
        "scopes": ["read", "play"],
        **changes,
    }
    return rest(owner.device_token).post(APPS, body, format="json")


def test_a_player_registers_an_app_that_players_can_connect(account):
    owner, player = account("ann"), account("bo")
    made = register(owner)
    assert made.status_code == 201, made.content
    body = made.json()
    assert body["name"] == "Daily bot" and body["scopes"] == ["play", "read"]
    assert body["redirect_uris"] == [CALLBACK] and body["suspended"] is False
    assert body["allowed_origins"] == ["https://bot.example", "http://localhost:5173"]
    app = Application.objects.get(pk=body["id"])
    assert app.client_type == Application.CLIENT_PUBLIC
    assert app.authorization_grant_type == Application.GRANT_AUTHORIZATION_CODE
    assert app.client_id == body["client_id"] and "client_secret" not in body
    listed = rest(owner.device_token).get(APPS).json()["results"]
    assert [a["id"] for a in listed] == [app.pk]
    # Another player connects it through the real flow, within its scopes.
    verifier, challenge = pkce_pair()
    url = authorize_url(app, challenge, scope="read", redirect_uri=CALLBACK)
    code = consent(signed_in_browser(player), url)
    tokens = exchange(app, code, verifier, redirect_uri=CALLBACK)
    assert tokens.status_code == 200, tokens.content
    me = rest(tokens.json()["access_token"]).get("/api/v1/players/me")
    assert me.status_code == 200 and me.json()["id"] == player.player.pk


def test_deleting_an_app_revokes_every_token_it_holds(account):
    owner, player = account("ann"), account("bo")
    app = Application.objects.get(pk=register(owner).json()["id"])
    verifier, challenge = pkce_pair()
    code = consent(
        signed_in_browser(player),
        authorize_url(app, challenge, scope="read", redirect_uri=CALLBACK),
    )
    tokens = exchange(app, code, verifier, redirect_uri=CALLBACK).json()
    assert rest(tokens["access_token"]).get("/api/v1/players/me").status_code == 200
    assert rest(owner.device_token).delete(f"{APPS}/{app.pk}").status_code == 204
    assert rest(tokens["access_token"]).get("/api/v1/players/me").status_code == 401
    assert not Application.objects.exists() and not AppPolicy.objects.exists()
    assert not AccessToken.objects.exists() and not RefreshToken.objects.exists()
    assert rest(owner.device_token).get(APPS).json()["results"] == []


def test_another_account_can_neither_see_nor_delete_an_app(account):
    owner, stranger = account("ann"), account("bo")
    app_id = register(owner).json()["id"]
    assert rest(stranger.device_token).get(APPS).json()["results"] == []
    refused = rest(stranger.device_token).delete(f"{APPS}/{app_id}")
    assert refused.status_code == 404 and refused.json()["code"] == "own_app_not_found"
    assert Application.objects.filter(pk=app_id).exists()
    assert AppPolicy.objects.get(application_id=app_id).allowed() == {"read", "play"}


def test_a_staff_registered_app_is_no_players_to_delete(account, register_app):
    owner = account()
    staff_app = register_app()
    register(owner)
    refused = rest(owner.device_token).delete(f"{APPS}/{staff_app.pk}")
    assert refused.status_code == 404
    assert Application.objects.filter(pk=staff_app.pk).exists()
    assert [a["name"] for a in rest(owner.device_token).get(APPS).json()["results"]] == [
        "Daily bot"
    ]


def test_the_limit_is_refused_with_nothing_made(account):
    owner = account()
    for n in range(MAX_OWN_APPS):
        assert register(owner, name=f"bot {n}").status_code == 201
    refused = register(owner, name="one too many")
    assert refused.status_code == 409
    assert refused.json()["code"] == "own_app_limit" and refused.json()["limit"] == MAX_OWN_APPS
    assert Application.objects.count() == MAX_OWN_APPS == AppPolicy.objects.count()


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"redirect_uris": ["http://bot.example/callback"]}, "redirect_uris"),
        ({"redirect_uris": ["http://10.0.0.7:8000/cb"]}, "redirect_uris"),
        ({"redirect_uris": ["https://bot.example/cb#frag"]}, "redirect_uris"),
        ({"redirect_uris": ["javascript://bot.example/x"]}, "redirect_uris"),
        ({"allowed_origins": ["http://bot.example"]}, "allowed_origins"),
        ({"allowed_origins": ["https://bot.example/path"]}, "allowed_origins"),
    ],
)
def test_only_https_or_loopback_http_is_accepted(account, changes, field):
    owner = account()
    refused = register(owner, **changes)
    assert refused.status_code == 400, refused.content
    assert refused.json()["code"] == "app_registration_invalid"
    assert field in refused.json()["fields"]
    assert not Application.objects.exists() and not AppPolicy.objects.exists()


def test_loopback_http_is_accepted_for_development(account):
    owner = account()
    made = register(
        owner,
        redirect_uris=["http://127.0.0.1:8765/callback", "http://[::1]:8765/cb"],
        allowed_origins=["http://127.0.0.1:5173"],
    )
    assert made.status_code == 201, made.content


@pytest.mark.parametrize(
    "changes",
    [{"redirect_uris": []}, {"scopes": []}, {"scopes": ["admin"]}, {"name": ""}, {"secret": "x"}],
)
def test_a_bad_body_is_refused_with_nothing_made(account, changes):
    refused = register(account(), **changes)
    assert refused.status_code == 400, refused.content
    assert not Application.objects.exists()


def test_a_guest_without_credentials_is_refused(player_client):
    client, _player = player_client()
    body = {"name": "x", "redirect_uris": [CALLBACK], "scopes": ["read"]}
    refused = client.post(APPS, body, format="json")
    assert refused.status_code == 404 and refused.json()["code"] == "no_credentials"
    assert not Application.objects.exists() and not get_user_model().objects.exists()


def test_staff_see_and_suspend_a_players_app(account):
    owner = account()
    app_id = register(owner).json()["id"]
    staff = get_user_model().objects.create_superuser("staff", "s@example.com", "pw-42-long-enough")
    admin = Client()
    admin.force_login(staff)
    listing = admin.get("/admin/oauth2_provider/application/")
    assert listing.status_code == 200
    assert "Daily bot" in listing.content.decode()
    assert f"player-{owner.player.pk}" in listing.content.decode()
    data = {
        "action": "suspend_app",
        "_selected_action": [app_id],
        "confirm": "yes",
        "reason": "spam",
    }
    admin.post("/admin/oauth2_provider/application/", data)
    assert AppPolicy.objects.get(application_id=app_id).suspended_at is not None
    assert rest(owner.device_token).get(APPS).json()["results"][0]["suspended"] is True


def test_the_consent_page_says_a_player_registered_the_app(account, register_app):
    owner, player = account("ann"), account("bo")
    own = Application.objects.get(pk=register(owner).json()["id"])
    staffs = register_app()
    browser = signed_in_browser(player)
    _verifier, challenge = pkce_pair()
    page = browser.get(authorize_url(own, challenge, scope="read", redirect_uri=CALLBACK))
    assert page.status_code == 200
    assert "A player registered this app" in page.content.decode()
    page = browser.get(authorize_url(staffs, challenge, scope="read"))
    assert page.status_code == 200
    assert "A player registered this app" not in page.content.decode()
    browser.cookies["django_language"] = "hr"
    page = browser.get(
        authorize_url(own, challenge, scope="read", redirect_uri=CALLBACK),
        HTTP_ACCEPT_LANGUAGE="hr",
    )
    assert "Ovu je aplikaciju registrirao igrač" in page.content.decode()


def test_deleting_the_account_deletes_its_apps_and_their_tokens(account):
    from .conftest import PASSWORD

    owner, player = account("ann"), account("bo")
    app = Application.objects.get(pk=register(owner).json()["id"])
    verifier, challenge = pkce_pair()
    code = consent(
        signed_in_browser(player),
        authorize_url(app, challenge, scope="read", redirect_uri=CALLBACK),
    )
    tokens = exchange(app, code, verifier, redirect_uri=CALLBACK).json()
    gone = rest(owner.device_token).post(
        "/api/v1/account/delete", {"password": PASSWORD}, format="json"
    )
    assert gone.status_code in (200, 204), gone.content
    assert not Application.objects.filter(pk=app.pk).exists()
    assert rest(tokens["access_token"]).get("/api/v1/players/me").status_code == 401
    assert not AccessToken.objects.filter(application_id=app.pk).exists()
