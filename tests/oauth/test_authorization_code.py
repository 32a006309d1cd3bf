"""The authorization code grant with PKCE (SPEC §13): the flow, and each refusal changing
nothing (no token is made)."""

from __future__ import annotations

import pytest
from django.test import Client
from oauth2_provider.models import AccessToken, Grant
from rest_framework.test import APIClient

from .conftest import (
    REDIRECT_URI,
    authorize_url,
    consent,
    exchange,
    pkce_pair,
    signed_in_browser,
)

pytestmark = pytest.mark.django_db


def test_the_flow_gives_a_token_acting_for_the_player_with_the_scopes_granted(app_tokens):
    owner, app, tokens = app_tokens(scope="read play")
    assert set(tokens["scope"].split()) == {"read", "play"}
    assert tokens["refresh_token"]
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {tokens['access_token']}")
    me = client.get("/api/v1/players/me")
    assert me.status_code == 200, me.content
    assert me.json()["id"] == owner.player.pk
    game = client.post("/api/v1/games", {}, format="json")
    assert game.status_code == 201, game.content


def test_one_identity_the_site_user_is_the_players(app_tokens):
    owner, _app, tokens = app_tokens()
    owner.player.refresh_from_db()
    token = AccessToken.objects.get(token_checksum__isnull=False)
    assert token.user_id == owner.player.user_id
    assert not token.user.has_usable_password()
    assert not token.user.is_staff


def test_the_consent_page_names_the_app_and_each_scope_in_plain_words(account, register_app):
    owner, app = account(), register_app(name="Moon Tracker")
    _verifier, challenge = pkce_pair()
    page = signed_in_browser(owner).get(authorize_url(app, challenge, scope="read races"))
    text = page.content.decode()
    assert "Moon Tracker" in text
    assert "See your profile, statistics, boards and ratings." in text
    assert "Enter races and matchmaking for you" in text
    assert "Play your games" not in text


def test_the_consent_page_speaks_croatian_and_turkish(account, register_app):
    owner, app = account(), register_app()
    _verifier, challenge = pkce_pair()
    browser = signed_in_browser(owner)
    for language in ("hr", "tr"):
        page = browser.get(authorize_url(app, challenge), HTTP_ACCEPT_LANGUAGE=language)
        text = page.content.decode()
        assert f'lang="{language}"' in text
        assert "See your profile" not in text
        assert {"hr": "Vidjeti tvoj profil", "tr": "Profilini"}[language] in text


def test_the_authorize_step_asks_to_sign_in_first(register_app, db):
    app = register_app()
    _verifier, challenge = pkce_pair()
    answer = Client().get(authorize_url(app, challenge))
    assert answer.status_code == 302
    assert answer["Location"].startswith("/oauth/sign-in?next=")
    page = Client().get(answer["Location"])
    assert "keep your progress" in page.content.decode()


def test_an_anonymous_player_cannot_sign_in_and_nothing_changes(make_player):
    player, _token = make_player("anon")
    answer = Client().post("/oauth/sign-in", {"username": "anon", "password": "whatever it is"})
    assert answer.status_code == 400
    player.refresh_from_db()
    assert player.user_id is None


def test_a_wrong_password_is_refused_and_no_session_is_made(account):
    owner = account()
    browser = Client()
    answer = browser.post("/oauth/sign-in", {"username": owner.username, "password": "nope"})
    assert answer.status_code == 400
    assert "_auth_user_id" not in browser.session
    owner.player.refresh_from_db()
    assert owner.player.user_id is None


def _code_for(account, register_app, **app_kwargs):
    owner, app = account(), register_app(**app_kwargs)
    verifier, challenge = pkce_pair()
    code = consent(signed_in_browser(owner), authorize_url(app, challenge))
    return app, code, verifier


def test_a_wrong_verifier_is_refused_and_no_token_is_made(account, register_app):
    app, code, _verifier = _code_for(account, register_app)
    answer = exchange(app, code, pkce_pair()[0])
    assert answer.status_code == 400
    assert answer.json()["error"] == "invalid_grant"
    assert not AccessToken.objects.exists()


def test_a_missing_verifier_is_refused(account, register_app):
    app, code, _verifier = _code_for(account, register_app)
    answer = Client().post(
        "/oauth/token/",
        {
            "grant_type": "authorization_code",
            "code": code,
            "redirect_uri": REDIRECT_URI,
            "client_id": app.client_id,
        },
    )
    assert answer.status_code == 400
    assert not AccessToken.objects.exists()


def test_a_code_works_once(account, register_app):
    """The second exchange is refused, and (RFC 6749 §4.1.2) the first one's tokens go:
    tests/oauth/test_replays.py has the rest."""
    app, code, verifier = _code_for(account, register_app)
    assert exchange(app, code, verifier).status_code == 200
    again = exchange(app, code, verifier)
    assert again.status_code == 400
    assert again.json()["error"] == "invalid_grant"
    assert AccessToken.objects.count() == 0


def test_a_wrong_code_is_refused(account, register_app):
    app, _code, verifier = _code_for(account, register_app)
    answer = exchange(app, "not-the-code", verifier)
    assert answer.status_code == 400
    assert answer.json()["error"] == "invalid_grant"
    assert not AccessToken.objects.exists()


def test_a_redirect_uri_one_character_off_is_refused_at_authorize(account, register_app):
    owner, app = account(), register_app()
    _verifier, challenge = pkce_pair()
    page = signed_in_browser(owner).get(
        authorize_url(app, challenge, redirect_uri=REDIRECT_URI + "x")
    )
    assert page.status_code == 400
    assert "invalid_request" in page.content.decode() or "mismatch" in page.content.decode()
    assert not Grant.objects.exists()


def test_a_redirect_uri_one_character_off_is_refused_at_the_token_endpoint(account, register_app):
    app, code, verifier = _code_for(account, register_app)
    answer = exchange(app, code, verifier, redirect_uri=REDIRECT_URI[:-1])
    assert answer.status_code == 400
    assert not AccessToken.objects.exists()


def test_authorize_without_pkce_or_with_plain_is_refused(account, register_app):
    owner, app = account(), register_app()
    browser = signed_in_browser(owner)
    bare = authorize_url(app, "x").replace("&code_challenge=x&code_challenge_method=S256", "")
    answer = browser.get(bare)
    assert answer.status_code == 302 and "error=invalid_request" in answer["Location"]
    assert "iss=" in answer["Location"]  # RFC 9207 on error redirects too
    plain = authorize_url(app, "a" * 43, code_challenge_method="plain")
    refused = browser.get(plain)  # refused before the consent page (OAuth 2.1)
    assert refused.status_code == 302 and "error=invalid_request" in refused["Location"]
    # a consent posted by hand for a plain request is refused as well
    page = browser.get(authorize_url(app, "a" * 43))
    data = {name: page.context["form"][name].value() or "" for name in page.context["form"].fields}
    data["code_challenge_method"] = "plain"
    answer = browser.post(plain, {**data, "allow": "Authorize"})
    assert answer.status_code == 302 and "error=invalid_request" in answer["Location"]
    assert "code=" not in answer["Location"]
    assert not Grant.objects.exists()


def test_an_unknown_app_is_refused(account):
    owner = account()
    page = signed_in_browser(owner).get(
        "/oauth/authorize/?response_type=code&client_id=nope&redirect_uri=x&scope=read"
        "&code_challenge=abc&code_challenge_method=S256"
    )
    assert page.status_code == 400
    assert "Invalid client_id" in page.content.decode()


def test_a_scope_the_app_may_not_ask_for_is_refused(account, register_app):
    owner, app = account(), register_app(scopes="read")
    _verifier, challenge = pkce_pair()
    answer = signed_in_browser(owner).get(authorize_url(app, challenge, scope="read account"))
    assert answer.status_code == 302
    assert "error=invalid_scope" in answer["Location"]
    assert not Grant.objects.exists()


def test_the_implicit_grant_does_not_exist(account, register_app):
    owner, app = account(), register_app()
    _verifier, challenge = pkce_pair()
    url = authorize_url(app, challenge).replace("response_type=code", "response_type=token")
    answer = signed_in_browser(owner).get(url)
    assert answer.status_code in (302, 400)
    assert "access_token" not in answer.get("Location", "")
    assert not AccessToken.objects.exists()


def test_the_password_grant_does_not_exist(account, register_app):
    owner, app = account(), register_app()
    answer = Client().post(
        "/oauth/token/",
        {
            "grant_type": "password",
            "username": owner.username,
            "password": "a long passphrase for tests",
            "client_id": app.client_id,
        },
    )
    assert answer.status_code == 400
    assert not AccessToken.objects.exists()


def test_the_server_metadata(db):
    meta = Client().get("/.well-known/oauth-authorization-server").json()
    assert meta["authorization_endpoint"].endswith("/oauth/authorize/")
    assert meta["token_endpoint"].endswith("/oauth/token/")
    assert meta["revocation_endpoint"].endswith("/oauth/revoke_token/")
    assert meta["code_challenge_methods_supported"] == ["S256"]
    assert set(meta["scopes_supported"]) == {"read", "play", "races", "account"}
    assert "implicit" not in meta["grant_types_supported"]
    assert "password" not in meta["grant_types_supported"]
    assert meta["response_types_supported"] == ["code"]
    # RFC 8628 §4: the device grant is discoverable; public apps authenticate with nothing
    # but PKCE or the device code (OAuth 2.1 §2.4).
    assert meta["device_authorization_endpoint"] == "http://testserver/oauth/device-authorization/"
    assert meta["device_authorization_endpoint"].startswith(meta["issuer"])
    assert "none" in meta["token_endpoint_auth_methods_supported"]
    assert "none" in meta["revocation_endpoint_auth_methods_supported"]
    assert meta["authorization_response_iss_parameter_supported"] is True


def test_an_app_row_marked_skip_authorization_still_gets_the_consent_page(account, register_app):
    """skip_authorization set in the database (not offered in the admin) is never honoured:
    the GET shows the consent page and makes no grant; only the player's allow does."""
    from oauth2_provider.models import Application

    app = register_app()
    Application.objects.filter(pk=app.pk).update(skip_authorization=True)
    browser = signed_in_browser(account())
    _verifier, challenge = pkce_pair()
    page = browser.get(authorize_url(app, challenge))
    assert page.status_code == 200 and "form" in page.context
    assert "Moon Tracker" in page.content.decode()
    assert not Grant.objects.exists()


def test_approval_prompt_auto_still_gets_the_consent_page(app_tokens):
    """An earlier token with the same scopes does not skip the page (approval_prompt=auto)."""
    owner, app, _token = app_tokens()
    _verifier, challenge = pkce_pair()
    browser = signed_in_browser(owner)
    page = browser.get(authorize_url(app, challenge, approval_prompt="auto"))
    assert page.status_code == 200 and "form" in page.context
    assert not Grant.objects.filter(code_challenge=challenge).exists()
