"""An outside OAuth client library against a real server process (issue 40): Authlib, as an
integrator would use it, with no special case for Half Moon.

- The metadata (RFC 8414) passes Authlib's own validation and names every endpoint used below.
- Authorization code + PKCE S256 (Authlib makes the verifier and challenge), the player's
  browser played by a plain HTTP session (sign-in form, consent form): the redirect carries
  ``state`` and an ``iss`` equal to the metadata's issuer (RFC 9207); Authlib exchanges the code,
  calls the API, refreshes and revokes; the revoked token's 401 says ``invalid_token``.
- The device grant (RFC 8628) through Authlib's ``fetch_token`` with the device-code grant:
  pending until the player allows, then a token with the scopes allowed.
"""

from __future__ import annotations

from html.parser import HTMLParser
from urllib.parse import parse_qs, urljoin, urlparse

import pytest
import requests
from authlib.integrations.requests_client import OAuth2Session
from authlib.oauth2.rfc7636 import create_s256_code_challenge
from authlib.oauth2.rfc8414 import AuthorizationServerMetadata
from oauth2_provider.models import Application

from games.accounts import services as accounts
from games.oauth.models import AppPolicy
from games.players import services as players

PASSWORD = "a long passphrase for tests"
DEVICE_GRANT = "urn:ietf:params:oauth:grant-type:device_code"


class _Forms(HTMLParser):
    """Each form's action and its fields' values (hidden inputs and named buttons)."""

    def __init__(self):
        super().__init__()
        self.forms: list[dict] = []

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if tag == "form":
            self.forms.append({"action": attributes.get("action") or "", "fields": {}})
        elif tag in ("input", "button") and self.forms and attributes.get("name"):
            self.forms[-1]["fields"][attributes["name"]] = attributes.get("value") or ""


def forms(html: str) -> list[dict]:
    parser = _Forms()
    parser.feed(html)
    return parser.forms


def submit(browser: requests.Session, page: requests.Response, **values) -> requests.Response:
    """Post the page's first form with ``values`` over its fields, without following a
    redirect."""
    form = forms(page.text)[0]
    return browser.post(
        urljoin(page.url, form["action"] or page.url),
        data={**form["fields"], **values},
        allow_redirects=False,
    )


@pytest.fixture
def server(shared_server):
    return shared_server()


@pytest.fixture
def metadata(server):
    answer = requests.get(f"{server.url}/.well-known/oauth-authorization-server", timeout=10)
    assert answer.status_code == 200
    meta = AuthorizationServerMetadata(answer.json())
    meta.validate()  # Authlib's RFC 8414 checks: https-or-not aside, every field well formed
    assert meta["issuer"] == server.url
    return meta


@pytest.fixture
def player_browser(server, db):
    """A player with credentials, signed in on the site in a plain HTTP session."""
    player, _token = players.create_player("ann")
    accounts.add_credentials(player, "ann_outside", PASSWORD)
    browser = requests.Session()
    page = browser.get(f"{server.url}/oauth/sign-in", timeout=10)
    signed = submit(browser, page, username="ann_outside", password=PASSWORD)
    assert signed.status_code == 302, signed.text
    browser.player = player  # type: ignore[attr-defined]
    return browser


def register(name, grant, redirect_uris="", scopes="read play"):
    app = Application.objects.create(
        name=name,
        client_type=Application.CLIENT_PUBLIC,
        authorization_grant_type=grant,
        redirect_uris=redirect_uris,
    )
    AppPolicy.objects.create(application=app, allowed_scopes=scopes)
    return app


def test_authlib_runs_the_code_flow_refreshes_and_revokes(server, metadata, player_browser):
    redirect = "http://127.0.0.1:9/callback"
    app = register("Moon Tracker", Application.GRANT_AUTHORIZATION_CODE, redirect)
    client = OAuth2Session(
        app.client_id,
        scope="read play",
        redirect_uri=redirect,
        code_challenge_method="S256",
        token_endpoint_auth_method="none",
    )
    verifier = "v" * 64
    url, state = client.create_authorization_url(
        metadata["authorization_endpoint"], code_verifier=verifier
    )
    assert parse_qs(urlparse(url).query)["code_challenge"] == [create_s256_code_challenge(verifier)]
    consent = player_browser.get(url, timeout=10)
    assert consent.status_code == 200 and "Moon Tracker" in consent.text
    allowed = submit(player_browser, consent, allow="Authorize")
    assert allowed.status_code == 302, allowed.text
    back = allowed.headers["Location"]
    query = parse_qs(urlparse(back).query)
    assert query["state"] == [state] and query["iss"] == [metadata["issuer"]]

    token = client.fetch_token(
        metadata["token_endpoint"], authorization_response=back, code_verifier=verifier
    )
    assert set(token["scope"].split()) == {"read", "play"}
    me = client.get(f"{server.url}/api/v1/players/me", timeout=10)
    assert me.status_code == 200 and me.json()["id"] == player_browser.player.pk

    refreshed = client.refresh_token(metadata["token_endpoint"])
    assert refreshed["access_token"] != token["access_token"]
    assert client.get(f"{server.url}/api/v1/players/me", timeout=10).status_code == 200

    revoked = client.revoke_token(metadata["revocation_endpoint"], refreshed["access_token"])
    assert revoked.status_code == 200
    refused = client.get(f"{server.url}/api/v1/players/me", timeout=10)
    assert refused.status_code == 401
    assert 'error="invalid_token"' in refused.headers["WWW-Authenticate"]


def test_a_client_asking_for_plain_pkce_is_refused_before_consent(server, metadata, player_browser):
    """A client configured for ``plain`` PKCE is refused before any consent: the player sees
    no consent page and no grant is made."""
    redirect = "http://127.0.0.1:9/callback"
    app = register("Old Tracker", Application.GRANT_AUTHORIZATION_CODE, redirect)
    client = OAuth2Session(
        app.client_id, scope="read", redirect_uri=redirect, code_challenge_method="plain"
    )
    url, _state = client.create_authorization_url(
        metadata["authorization_endpoint"], code_verifier="p" * 64
    )
    answer = player_browser.get(url, timeout=10, allow_redirects=False)
    assert "Allow" not in answer.text
    if answer.status_code == 302:
        assert "error=invalid_request" in answer.headers["Location"]
    else:
        assert answer.status_code == 400
    from oauth2_provider.models import Grant

    assert not Grant.objects.filter(application=app).exists()


def test_a_malformed_token_request_is_an_oauth_error_a_library_reads(server, metadata):
    """A repeated parameter (RFC 6749 §3.2) at the token endpoint: Authlib gets the JSON error
    it can raise, never a plain-text 400 it cannot parse."""
    from authlib.integrations.base_client.errors import OAuthError

    app = register("Living Room", Application.GRANT_DEVICE_CODE)
    client = OAuth2Session(app.client_id, token_endpoint_auth_method="none")
    with pytest.raises(OAuthError) as refused:
        client.fetch_token(
            metadata["token_endpoint"],
            grant_type=DEVICE_GRANT,
            device_code="x",
            client_id=app.client_id,  # a second one: Authlib sends the client's too
        )
    assert refused.value.error == "invalid_request"


def test_authlib_runs_the_device_grant(server, metadata, player_browser):
    app = register("Living Room", Application.GRANT_DEVICE_CODE)
    client = OAuth2Session(app.client_id, scope="read play", token_endpoint_auth_method="none")
    started = client.post(
        metadata["device_authorization_endpoint"],
        data={"client_id": app.client_id, "scope": "read play"},
        timeout=10,
        withhold_token=True,
    )
    assert started.status_code == 200
    codes = started.json()
    assert codes["verification_uri"] == f"{server.url}/oauth/device/"

    def poll():
        return client.fetch_token(
            metadata["token_endpoint"],
            grant_type=DEVICE_GRANT,
            device_code=codes["device_code"],
        )

    from authlib.integrations.base_client.errors import OAuthError

    with pytest.raises(OAuthError) as pending:
        poll()
    assert pending.value.error == "authorization_pending"

    page = player_browser.get(codes["verification_uri_complete"], timeout=10)
    entered = submit(player_browser, page)
    assert entered.status_code == 302, entered.text
    confirm_page = player_browser.get(urljoin(page.url, entered.headers["Location"]), timeout=10)
    assert "Living Room" in confirm_page.text
    assert submit(player_browser, confirm_page, action="accept").status_code == 302

    token = poll()
    assert set(token["scope"].split()) == {"read", "play"}
    me = client.get(f"{server.url}/api/v1/players/me", timeout=10)
    assert me.json()["id"] == player_browser.player.pk
