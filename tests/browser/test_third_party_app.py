"""A third-party app connects in Debian's Chromium (SPEC §13): the example app's page
(clients/oauth_example) sends the player to Half Moon, the player signs in and allows it, the
app exchanges the code (PKCE) and plays over REST and a socket. The sign-in and consent pages
pass axe at phone (both ways) and desktop sizes."""

from __future__ import annotations

import asyncio
import importlib.util
import json
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
import websockets
from django.conf import settings
from oauth2_provider.models import Application

from games.accounts import services as accounts
from games.oauth.models import AppPolicy
from games.players import services as players
from tests.browser.axe import assert_accessible
from tests.support.ports import free_port

PASSWORD = "a long passphrase for tests"
SIZES = {
    "phone": {"width": 390, "height": 844},
    "phone-landscape": {"width": 844, "height": 390},
    "desktop": {"width": 1366, "height": 768},
}


def example_app_module():
    path = Path(settings.BASE_DIR) / "clients" / "oauth_example" / "halfmoon_app.py"
    spec = importlib.util.spec_from_file_location("halfmoon_app", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def connected(daphne_server, browser):
    """The app's whole flow in the browser at one size: returns (app, pages seen)."""

    def run(size):
        module = example_app_module()
        port = free_port()
        redirect = f"http://127.0.0.1:{port}/callback"
        registered = Application.objects.create(
            name="Moon Tracker",
            client_type=Application.CLIENT_PUBLIC,
            authorization_grant_type=Application.GRANT_AUTHORIZATION_CODE,
            redirect_uris=redirect,
        )
        AppPolicy.objects.create(application=registered, allowed_scopes="read play")
        player, _token = players.create_player("ann")
        accounts.add_credentials(player, f"ann_{port}", PASSWORD)
        app = module.HalfMoonApp(daphne_server, registered.client_id, redirect)
        server = module.serve(app, port)
        context = browser.new_context(viewport=SIZES[size])
        page = context.new_page()
        try:
            page.goto(f"http://127.0.0.1:{port}/")
            page.wait_for_url("**/oauth/sign-in**")
            assert_accessible(page, f"sign-in ({size})")
            page.get_by_label("Username").fill(f"ann_{port}")
            page.get_by_label("Password").fill(PASSWORD)
            page.get_by_role("button", name="Sign in").click()
            page.get_by_role("heading", name="Let “Moon Tracker” act for you?").wait_for()
            assert page.get_by_text("Play your games").is_visible()
            assert_accessible(page, f"consent ({size})")
            page.get_by_role("button", name="Allow", exact=True).click()
            page.locator("#result").wait_for()
            assert "Connected" in page.locator("#result").inner_text()
            assert app.done.wait(10)
        finally:
            context.close()
            server.shutdown()
        return app, player

    return run


@pytest.mark.parametrize("size", sorted(SIZES))
def test_an_app_connects_and_plays_over_rest_and_a_socket(connected, daphne_server, size):
    app, player = connected(size)
    assert app.tokens is not None and set(app.tokens["scope"].split()) == {"read", "play"}
    assert app.api("GET", "players/me")["id"] == player.pk
    game = app.api("POST", "games", {})
    tapped = app.api("POST", f"games/{game['id']}/taps", {"position": "P1"})
    assert tapped["game"]["id"] == game["id"]

    async def over_the_socket():
        url = daphne_server.replace("http", "ws", 1) + f"/ws/games/{game['id']}/"
        headers = {"Authorization": f"Bearer {app.tokens['access_token']}"}
        async with websockets.connect(url, additional_headers=headers) as sock:
            first = json.loads(await asyncio.wait_for(sock.recv(), 10))
            assert first["type"] == "game"
            await sock.send(json.dumps({"action": "tap", "position": "P2", "request_id": 1}))
            while True:
                frame = json.loads(await asyncio.wait_for(sock.recv(), 10))
                if frame["type"] in ("result", "error"):
                    return frame

    # Playwright's loop runs in this thread: the socket gets a thread (and a loop) of its own.
    with ThreadPoolExecutor(1) as thread:
        assert thread.submit(asyncio.run, over_the_socket()).result()["type"] == "result"


@pytest.mark.parametrize("size", sorted(SIZES))
def test_typing_device_codes_is_throttled_on_the_page(browser, shared_server, size):
    """The device-code page in each state a player reaches (empty, a wrong code, over the
    budget: even the right code refused, the grant still pending) passes axe."""
    import urllib.parse
    import urllib.request

    from oauth2_provider.models import DeviceGrant

    server = shared_server(HALFMOON_THROTTLE_DEVICE_CODE_PLAYER="2/min")
    registered = Application.objects.create(
        name="Living Room",
        client_type=Application.CLIENT_PUBLIC,
        authorization_grant_type=Application.GRANT_DEVICE_CODE,
        redirect_uris="",
    )
    AppPolicy.objects.create(application=registered, allowed_scopes="read")
    body = urllib.parse.urlencode({"client_id": registered.client_id, "scope": "read"}).encode()
    with urllib.request.urlopen(f"{server.url}/oauth/device-authorization/", body) as answer:
        codes = json.loads(answer.read())
    player, _token = players.create_player("ann")
    accounts.add_credentials(player, "ann_device", PASSWORD)
    context = browser.new_context(viewport=SIZES[size])
    page = context.new_page()
    try:
        page.goto(f"{server.url}/oauth/sign-in?next=/oauth/device/")
        page.get_by_label("Username").fill("ann_device")
        page.get_by_label("Password").fill(PASSWORD)
        page.get_by_role("button", name="Sign in").click()
        page.get_by_role("heading", name="Connect a device").wait_for()
        assert_accessible(page, f"device code ({size})")

        def typed(code: str) -> int:
            page.get_by_label("Code").fill(code)
            with page.expect_response(lambda r: r.request.method == "POST") as answer:
                page.get_by_role("button", name="Continue").click()
            page.wait_for_load_state()
            return answer.value.status

        assert [typed("WRONGCODE"), typed("WRONGCODE")] == [200, 200]
        page.get_by_text("Incorrect user code").wait_for()
        assert_accessible(page, f"device code, wrong ({size})")
        assert typed(codes["user_code"]) == 429
        page.get_by_text("Too many tries").wait_for()
        assert_accessible(page, f"device code, throttled ({size})")
    finally:
        context.close()
    grant = DeviceGrant.objects.get(device_code=codes["device_code"])
    assert grant.user_id is None and grant.status == grant.AUTHORIZATION_PENDING
