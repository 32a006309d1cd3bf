"""Connected apps beside the devices on the account page (SPEC §13): each app's name, what it
may do and its last use; disconnecting one stops its token at once. axe at phone (both ways)
and desktop sizes, with an app and with none."""

from __future__ import annotations

import datetime as dt
import secrets

import pytest
from django.utils import timezone
from oauth2_provider.models import AccessToken, Application
from playwright.sync_api import expect

from games.oauth.services import site_user
from games.players.models import Player
from tests.support.http import API, Http

from .axe import assert_accessible
from .pages import token_of
from .test_accounts import go, keep_progress, me_of

SIZES = {
    "phone": {"width": 390, "height": 844},
    "phone-landscape": {"width": 844, "height": 390},
    "desktop": {"width": 1366, "height": 768},
}


def connect_app(player_id: int) -> str:
    app = Application.objects.create(
        name="Moon Tracker",
        client_type=Application.CLIENT_PUBLIC,
        authorization_grant_type=Application.GRANT_AUTHORIZATION_CODE,
        redirect_uris="https://app.example/cb",
    )
    token = secrets.token_urlsafe(30)
    AccessToken.objects.create(
        user=site_user(Player.objects.get(pk=player_id)),
        application=app,
        token=token,
        expires=timezone.now() + dt.timedelta(hours=1),
        scope="read play",
    )
    return token


@pytest.mark.parametrize("size", sorted(SIZES))
def test_connected_apps_are_listed_and_disconnected(open_page, daphne_server, size):
    page = open_page(viewport=SIZES[size])
    me = me_of(daphne_server, page)
    keep_progress(page, f"ana_{size.replace('-', '_')}")
    token = connect_app(me["id"])
    go(page, "#/stats")
    go(page, "#/account")
    apps = page.locator('[aria-labelledby="apps_title-heading"]')
    entry = apps.locator("[data-app]")
    expect(entry).to_have_count(1)
    expect(entry.locator("strong")).to_have_text("Moon Tracker")
    expect(entry).to_contain_text("may: play your games, see your profile and boards")
    assert_accessible(page, f"connected apps ({size})")
    entry.get_by_role("button", name="Disconnect: Moon Tracker").click()
    expect(apps.locator("[data-app]")).to_have_count(0)
    expect(apps).to_contain_text("No app may act for you")
    assert_accessible(page, f"no connected app ({size})")
    assert Http(daphne_server, token).get(f"{API}/players/me").status == 401
    assert Http(daphne_server, token_of(page)).get(f"{API}/players/me").status == 200
