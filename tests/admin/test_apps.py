"""Third-party apps in the admin: staff register an app with its allowed scopes, suspend and
unsuspend it with a reason; each change is recorded (StaffAction), and a suspended app is
refused everywhere."""

from __future__ import annotations

import pytest
from oauth2_provider.models import Application

from games.moderation.models import StaffAction
from games.oauth.models import AppPolicy
from tests.oauth.conftest import account, authorize_url, pkce_pair, signed_in_browser  # noqa: F401

pytestmark = pytest.mark.django_db

ADD = "/admin/oauth2_provider/application/add/"
LIST = "/admin/oauth2_provider/application/"


def register(staff_client, **changes):
    form = {
        "name": "Moon Tracker",
        "client_id": "moon-tracker",
        "client_secret": "",
        "client_type": "public",
        "authorization_grant_type": "authorization-code",
        "redirect_uris": "https://app.example/callback",
        "post_logout_redirect_uri": "",
        "allowed_origins": "",
        "algorithm": "",
        "allowed_scopes": ["read", "play"],
        **changes,
    }
    return staff_client.post(ADD, form)


def test_staff_register_an_app_with_its_scopes_audited(staff_client):
    answer = register(staff_client)
    assert answer.status_code == 302, answer.content.decode()[:3000]
    app = Application.objects.get(client_id="moon-tracker")
    assert AppPolicy.objects.get(application=app).allowed() == {"read", "play"}
    action = StaffAction.objects.get(action="app_scopes")
    assert action.target == f"app:{app.pk}" and action.actor.username == "staff"


def test_the_implicit_and_password_grants_cannot_be_registered(staff_client):
    for grant in ("implicit", "password", "client-credentials"):
        answer = register(staff_client, authorization_grant_type=grant)
        assert answer.status_code == 200
    assert not Application.objects.exists()
    assert not StaffAction.objects.exists()


def test_plain_http_redirects_only_to_a_loopback_callback(staff_client):
    for uri in ("http://app.example/callback", "http://10.0.0.7/callback"):
        answer = register(staff_client, redirect_uris=uri)
        assert answer.status_code == 200 and "loopback" in answer.content.decode()
    assert not Application.objects.exists() and not StaffAction.objects.exists()
    assert register(staff_client, redirect_uris="http://127.0.0.1:8765/callback").status_code == 302
    assert Application.objects.get().redirect_uris == "http://127.0.0.1:8765/callback"


def test_staff_suspend_an_app_with_a_reason_and_it_is_refused(staff_client, account):  # noqa: F811
    register(staff_client)
    app = Application.objects.get(client_id="moon-tracker")
    data = {"action": "suspend_app", "_selected_action": [app.pk], "confirm": "yes"}
    no_reason = staff_client.post(LIST, {**data, "reason": ""})
    assert no_reason.status_code == 200
    assert AppPolicy.objects.get(application=app).suspended_at is None
    staff_client.post(LIST, {**data, "reason": "phishing"})
    assert AppPolicy.objects.get(application=app).suspended_at is not None
    assert StaffAction.objects.filter(action="suspend_app", reason="phishing").exists()
    _verifier, challenge = pkce_pair()
    page = signed_in_browser(account()).get(authorize_url(app, challenge))
    assert page.status_code == 400
    unsuspend = {**data, "action": "unsuspend_app", "reason": "cleared"}
    staff_client.post(LIST, unsuspend)
    assert AppPolicy.objects.get(application=app).suspended_at is None
    assert signed_in_browser(account("bo")).get(authorize_url(app, challenge)).status_code == 200


def test_staff_cannot_let_an_app_skip_the_consent_page(staff_client):
    """DOT's skip_authorization is not on the form, and posting it sets nothing."""
    page = staff_client.get(ADD)
    assert page.status_code == 200
    assert "skip_authorization" not in page.content.decode()
    assert register(staff_client, skip_authorization="on").status_code == 302
    app = Application.objects.get(client_id="moon-tracker")
    assert app.skip_authorization is False
    change = staff_client.get(f"{LIST}{app.pk}/change/")
    assert "skip_authorization" not in change.content.decode()


def test_the_form_offers_only_the_supported_grants_types_and_no_oidc(staff_client):
    page = staff_client.get(ADD).content.decode()
    assert 'value="authorization-code"' in page
    assert 'value="urn:ietf:params:oauth:grant-type:device_code"' in page
    for absent in (
        'value="password"',
        'value="implicit"',
        'value="client-credentials"',
        'value="openid-hybrid"',
        'name="algorithm"',
        "post_logout_redirect_uris",
    ):
        assert absent not in page, absent
    assert 'value="public"' in page and 'value="confidential"' in page
    assert register(staff_client, client_type="web").status_code == 200
    assert not Application.objects.exists()


def test_the_form_refuses_a_password_grant_with_nothing_saved(staff_client):
    answer = register(staff_client, authorization_grant_type="password")
    assert answer.status_code == 200
    assert "password is not one of the available choices" in answer.content.decode()
    assert not Application.objects.exists() and not AppPolicy.objects.exists()


def test_loopback_http_origins_are_accepted_for_development(staff_client):
    origins = "http://127.0.0.1:5173\nhttp://localhost:3000\nhttps://app.example"
    answer = register(
        staff_client, allowed_origins=origins, redirect_uris="http://localhost:3000/callback"
    )
    assert answer.status_code == 302, answer.content.decode()[:3000]
    app = Application.objects.get()
    assert app.allowed_origins.split() == origins.split()
    assert app.redirect_uris == "http://localhost:3000/callback"


@pytest.mark.parametrize(
    "origin",
    ["http://app.example", "http://10.0.0.7:8080", "ftp://127.0.0.1", "https://a.example/path"],
)
def test_other_origins_are_refused_with_nothing_saved(staff_client, origin):
    answer = register(staff_client, allowed_origins=origin)
    assert answer.status_code == 200
    assert origin in answer.content.decode()
    assert not Application.objects.exists() and not StaffAction.objects.exists()
