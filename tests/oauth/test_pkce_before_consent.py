"""OAuth 2.1 / RFC 9700: an authorization request without PKCE, or with the `plain` method, is
refused before the consent page — the player is never asked to approve a request the token
endpoint would refuse — with an error redirect that names the issuer (RFC 9207); nothing is
granted."""

from __future__ import annotations

from urllib.parse import parse_qs, urlparse

import pytest
from oauth2_provider.models import Grant

from .conftest import REDIRECT_URI, authorize_url, pkce_pair, signed_in_browser

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "extra",
    [
        {"code_challenge_method": "plain"},
        {"code_challenge": "", "code_challenge_method": ""},
        {"code_challenge_method": ""},
    ],
    ids=["plain", "no-challenge", "no-method"],
)
def test_a_request_without_s256_is_refused_before_the_consent_page(account, register_app, extra):
    app = register_app()
    browser = signed_in_browser(account())
    _verifier, challenge = pkce_pair()
    answer = browser.get(authorize_url(app, challenge, **extra))
    assert answer.status_code == 302, answer.content  # no page to approve
    location = urlparse(answer["Location"])
    assert f"{location.scheme}://{location.netloc}{location.path}" == REDIRECT_URI
    query = parse_qs(location.query)
    assert query["error"] == ["invalid_request"] and query["state"] == ["st4te"]
    assert query["iss"] == ["http://testserver"]  # RFC 9207: who answers
    assert not Grant.objects.exists()


def test_an_s256_request_still_shows_the_consent_page(account, register_app):
    app = register_app()
    browser = signed_in_browser(account())
    _verifier, challenge = pkce_pair()
    page = browser.get(authorize_url(app, challenge))
    assert page.status_code == 200 and "form" in page.context
