"""Accounts in the browser: credentials added on one page, the same player signed in on a
second browser context (the same statistics), the first device revoked from the second and
signed out live; link codes; the e-mail pages (verification, password reset) followed from real
mail; nothing of the token in a socket URL."""

import re

import pytest
from playwright.sync_api import expect

from tests.support.http import API, Http
from tests.support.mail import SmtpServer
from tests.support.moves import visible_pair
from tests.support.play import DEAL

from .axe import assert_accessible
from .pages import token_of, wait_ready

PASSWORD = "moonlit garden 1987"


def go(page, hash_):
    page.evaluate(f"location.hash = '{hash_}'")


def fill_form(page, form: str, **values):
    scope = page.locator(f'form[data-form="{form}"]')
    for name, value in values.items():
        scope.locator(f'input[name="{name}"]').fill(value)
    scope.locator('button[type="submit"]').click()


def submit_and_restart(page, form: str, **values):
    """Submit a sign-in form: the page starts again as the signed-in player."""
    with page.expect_navigation():
        fill_form(page, form, **values)
    wait_ready(page)


def me_of(base: str, page) -> dict:
    return Http(base, token_of(page)).get(f"{API}/players/me").body


def stats_tiles(page) -> dict:
    go(page, "#/stats")
    tiles = page.locator(".stats-view .tiles [data-stat]")
    expect(tiles.first).to_be_visible()
    return {
        tile.get_attribute("data-stat"): tile.locator("dd").inner_text() for tile in tiles.all()
    }


def keep_progress(page, username: str, **extra) -> list[str]:
    """Open the account page and add credentials; returns the recovery codes it shows."""
    page.locator('.tools [data-action="account"]').click()
    expect(page.locator('form[data-form="keep"]')).to_be_visible()
    fill_form(page, "keep", username=username, password=PASSWORD, **extra)
    codes = page.locator(".codes li")
    expect(codes).to_have_count(10)
    assert_accessible(page, "the recovery codes")
    found = codes.all_inner_texts()
    with page.expect_download() as download:  # the codes as a text file
        page.get_by_role("button", name="Download (.txt)").click()
    with open(download.value.path(), encoding="utf-8") as file:
        assert file.read().split() == found
    page.get_by_role("button", name="I have saved them").click()
    expect(page.locator(".account-summary")).to_contain_text(username)
    return found


def test_keep_progress_sign_in_elsewhere_and_be_signed_out_live(open_page, daphne_server):
    first = open_page()
    sockets = []
    first.on("websocket", lambda ws: sockets.append(ws.url))
    player = me_of(daphne_server, first)
    http = Http(daphne_server, token_of(first))
    game = http.post(f"{API}/games", {"deal_code": DEAL}).body
    http.post(f"{API}/games/{game['id']}/moves", {"positions": visible_pair(game)})
    http.post(f"{API}/games/{game['id']}/resign")
    codes = keep_progress(first, "ana_k")
    assert all(re.fullmatch(r"[0-9A-Z]{5}-[0-9A-Z]{5}", code) for code in codes)

    # A second browser context: its own anonymous player first, then signed in as Ana.
    second = open_page()
    anonymous = me_of(daphne_server, second)
    assert anonymous["id"] != player["id"]
    go(second, "#/sign-in")
    submit_and_restart(second, "sign-in", username="ana_k", password=PASSWORD)
    assert me_of(daphne_server, second)["id"] == player["id"]
    assert stats_tiles(second) == stats_tiles(first)
    # The anonymous player is kept on the device, to switch back to: nothing was merged.
    go(second, "#/sign-in")
    expect(second.get_by_role("button", name=f"Switch to {anonymous['name']}")).to_be_visible()

    # The second device signs the first out; the first page, on its table, hears it at once.
    go(first, f"#/games/{game['id']}")
    wait_ready(first)
    go(second, "#/account")
    devices = second.locator(".devices .device")
    expect(devices).to_have_count(2)
    expect(second.locator(".devices .device.current")).to_have_count(1)
    other = second.locator(".devices .device:not(.current)")
    other.get_by_role("button", name="Sign out").click()
    expect(devices).to_have_count(1)
    expect(first.locator(".sign-in-view .notice")).to_have_text(
        "This device was signed out. Sign in again, or start over as a new player."
    )
    assert_accessible(first, "the signed-out page")
    assert first.evaluate("document.body.dataset.signedOut") == "signed_out"
    # The token never rode in a socket URL.
    assert sockets and not any("token" in url for url in sockets)
    # The signed-out page signs in again.
    submit_and_restart(first, "sign-in", username="ana_k", password=PASSWORD)
    assert me_of(daphne_server, first)["id"] == player["id"]


def test_a_link_code_signs_a_second_context_in(open_page, daphne_server):
    first = open_page()
    player = me_of(daphne_server, first)
    first.locator('.tools [data-action="account"]').click()
    first.get_by_role("button", name="Show a code").click()
    code = first.locator(".link-code").inner_text()
    assert re.fullmatch(r"[0-9A-Z]{4}-[0-9A-Z]{4}", code)
    second = open_page()
    go(second, "#/sign-in")
    submit_and_restart(second, "link", code=code.lower())
    assert me_of(daphne_server, second)["id"] == player["id"]


@pytest.mark.parametrize("language", ["hr", "tr"])
def test_the_account_pages_speak_the_players_language(open_page, player, language):
    http = player()
    http.call("PATCH", f"{API}/players/me", {"settings": {"language": language}})
    page = open_page(http)
    go(page, "#/account")
    expect(page.locator('form[data-form="keep"]')).to_be_visible()
    heading = page.locator(".account-view h2").inner_text()
    assert (
        heading not in ("Your account", "")
        and page.evaluate("document.documentElement.lang") == language
    )
    go(page, "#/sign-in")
    assert page.locator(".sign-in-view h2").inner_text() != "Sign in"


def test_the_email_pages_verify_an_address_and_reset_the_password(browser, start_server):
    smtp = SmtpServer().start()
    try:
        server = start_server(**smtp.env())
        created = Http(server.url).post(f"{API}/players", {"name": "Mia"}).body
        http = Http(server.url, created["token"])
        http.post(
            f"{API}/account",
            {"username": "mia_k", "password": PASSWORD, "email": "mia@example.com"},
        )
        context = browser.new_context()
        try:
            page = context.new_page()
            page.goto(smtp.wait_for("mia@example.com").link())
            expect(page.locator(".email-view [role=status]")).to_have_text(
                "mia@example.com is confirmed: it can reset your password."
            )
            assert "key" not in page.url  # the key left the address bar
            page.goto(server.url + "/#/sign-in")  # a first visit: an anonymous player of its own
            expect(page.locator('form[data-form="reset"]')).to_be_visible()
            fill_form(page, "reset", email="mia@example.com")
            expect(page.locator('form[data-form="reset"] .form-note')).to_be_visible()
            page.goto(smtp.wait_for("mia@example.com", count=2).link())
            submit_and_restart(page, "new-password", new_password="a brand new password 5")
            assert me_of(server.url, page)["id"] == created["id"]
            assert http.get(f"{API}/players/me").status == 401  # every other device signed out
        finally:
            context.close()
    finally:
        smtp.stop()


def test_an_anonymous_player_is_kept_on_the_device_and_switched_back_to(open_page, daphne_server):
    """Signing in to another account never merges or loses the device's anonymous player: its
    token stays on the device, one click from the sign-in page."""
    other = open_page()
    other.locator('.tools [data-action="account"]').click()
    other.get_by_role("button", name="Show a code").click()
    code = other.locator(".link-code").inner_text()
    page = open_page()
    anonymous = me_of(daphne_server, page)
    go(page, "#/sign-in")
    submit_and_restart(page, "link", code=code)
    assert me_of(daphne_server, page)["id"] == me_of(daphne_server, other)["id"]
    go(page, "#/sign-in")
    with page.expect_navigation():
        page.get_by_role("button", name=f"Switch to {anonymous['name']}").click()
    wait_ready(page)
    assert me_of(daphne_server, page)["id"] == anonymous["id"]


def test_the_recovery_codes_copy_to_the_clipboard(open_page):
    page = open_page()
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.locator('.tools [data-action="account"]').click()
    fill_form(page, "keep", username="cody_k", password=PASSWORD)
    codes = page.locator(".codes li")
    expect(codes).to_have_count(10)
    page.get_by_role("button", name="Copy").click()
    expect(page.locator(".codes-panel [role=status]")).to_have_text("Copied.")
    assert page.evaluate("navigator.clipboard.readText()").split() == codes.all_inner_texts()
