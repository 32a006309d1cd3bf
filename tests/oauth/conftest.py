"""Fixtures of the third-party apps' tests: an account, a registered app, and the authorization
code flow with PKCE through the real endpoints (the site's sign-in, DOT's authorize and token
views)."""

from __future__ import annotations

import base64
import hashlib
import secrets
from dataclasses import dataclass
from urllib.parse import parse_qs, urlencode, urlparse

import pytest
from django.test import Client

PASSWORD = "a long passphrase for tests"
REDIRECT_URI = "https://app.example/callback"


@dataclass
class Account:
    player: object
    username: str
    device_token: str


@pytest.fixture
def account(make_player):
    """A player with credentials ("ann_player"), and its device token."""
    from games.accounts import services as accounts

    def make(name="ann"):
        player, token = make_player(name)
        accounts.add_credentials(player, f"{name}_player", PASSWORD)
        return Account(player, f"{name}_player", token)

    return make


@pytest.fixture
def register_app(db):
    """An app registered as staff would: public by default, one exact redirect URI, the
    scopes it may ask for."""
    from oauth2_provider.models import Application

    from games.oauth.models import AppPolicy

    def register(
        name="Moon Tracker",
        scopes="read play races",
        client_type=Application.CLIENT_PUBLIC,
        grant=Application.GRANT_AUTHORIZATION_CODE,
        redirect_uris=REDIRECT_URI,
    ):
        secret = "s3cret-" + secrets.token_hex(8)
        app = Application.objects.create(
            name=name,
            client_type=client_type,
            authorization_grant_type=grant,
            redirect_uris=redirect_uris,
            client_secret=secret,
            hash_client_secret=True,
        )
        app.plain_secret = secret
        AppPolicy.objects.create(application=app, allowed_scopes=scopes)
        return app

    return register


def pkce_pair() -> tuple[str, str]:
    verifier = secrets.token_urlsafe(48)
    digest = hashlib.sha256(verifier.encode("ascii")).digest()
    return verifier, base64.urlsafe_b64encode(digest).rstrip(b"=").decode("ascii")


def authorize_url(app, challenge: str, scope="read play", redirect_uri=REDIRECT_URI, **extra):
    query = {
        "response_type": "code",
        "client_id": app.client_id,
        "redirect_uri": redirect_uri,
        "scope": scope,
        "state": "st4te",
        "code_challenge": challenge,
        "code_challenge_method": "S256",
        **extra,
    }
    return "/oauth/authorize/?" + urlencode(query)


def signed_in_browser(account) -> Client:
    browser = Client()
    response = browser.post(
        "/oauth/sign-in", {"username": account.username, "password": PASSWORD, "next": "/"}
    )
    assert response.status_code == 302, response.content
    return browser


def consent(browser: Client, url: str) -> str:
    """GET the consent page, allow, and return the code the redirect carries."""
    page = browser.get(url)
    assert page.status_code == 200, page.content
    form = page.context["form"]
    data = {name: form[name].value() or "" for name in form.fields}
    data["allow"] = "Authorize"
    answer = browser.post(url, data)
    assert answer.status_code == 302, answer.content
    location = urlparse(answer["Location"])
    query = parse_qs(location.query)
    assert query.get("state") == ["st4te"], answer["Location"]
    return query["code"][0]


def exchange(app, code: str, verifier: str, redirect_uri=REDIRECT_URI, client=None):
    client = client or Client()
    return client.post(
        "/oauth/token/",
        {
            "grant_type": "authorization_code",
            "code": code,
            "redirect_uri": redirect_uri,
            "client_id": app.client_id,
            "code_verifier": verifier,
        },
    )


def refresh(app, refresh_token: str):
    return Client().post(
        "/oauth/token/",
        {"grant_type": "refresh_token", "refresh_token": refresh_token, "client_id": app.client_id},
    )


@pytest.fixture
def app_tokens(account, register_app):
    """The whole flow for a new account and app: (account, app, token response JSON)."""

    def flow(scope="read play", app_scopes="read play races", name="ann"):
        owner = account(name)
        app = register_app(scopes=app_scopes)
        verifier, challenge = pkce_pair()
        code = consent(signed_in_browser(owner), authorize_url(app, challenge, scope=scope))
        answer = exchange(app, code, verifier)
        assert answer.status_code == 200, answer.content
        return owner, app, answer.json()

    return flow
