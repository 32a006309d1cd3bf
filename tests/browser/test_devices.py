"""Devices a person can tell apart, and signed out means signed out (SPEC §9).

A device is signed in under a name the person chooses (prefilled from the browser), and can be
renamed later; the device list marks this device and shows each one's last use to the minute
and the network it was signed in from. A device revoked from another one shows, live, only signing in or playing as a
new player — nothing of the old player: no table, no name, no "Back to the game", no New game —
and stays so after a reload, until the person chooses.
"""

import re

from playwright.sync_api import expect

from tests.support.http import API, Http

from .axe import assert_accessible
from .pages import PHONE, token_of, wait_ready
from .test_accounts import PASSWORD, go, keep_progress, me_of, submit_and_restart

LANDSCAPE = {"width": 844, "height": 390}
DESKTOP = {"width": 1366, "height": 768}


def test_devices_are_named_marked_and_a_revoked_one_is_signed_out(open_page, daphne_server):
    first = open_page(viewport=DESKTOP)
    old = me_of(daphne_server, first)
    game = Http(daphne_server, token_of(first)).post(f"{API}/games", {}).body
    keep_progress(first, "ana_dev")
    go(first, f"#/games/{game['id']}")
    wait_ready(first)

    # The second device chooses its name at sign-in; the browser's is prefilled.
    second = open_page(viewport=PHONE)
    go(second, "#/sign-in")
    name = second.locator('.sign-in-view input[name="device"]')
    expect(name).to_have_value(re.compile(r"^\S+ on Linux$"))
    assert_accessible(second, "the sign-in page (phone)")
    name.fill("Ana's phone")
    submit_and_restart(second, "sign-in", username="ana_dev", password=PASSWORD)
    assert me_of(daphne_server, second)["id"] == old["id"]

    go(second, "#/account")
    listed = second.locator('[aria-labelledby="devices_title-heading"]')  # not connected apps
    devices = listed.locator(".device")
    expect(devices).to_have_count(2)
    here = listed.locator(".device.current")
    expect(here.locator("strong")).to_have_text("Ana's phone")
    expect(here).to_contain_text("this device")
    expect(here.locator(".device-created")).to_contain_text("from network 127.0.0.0/24")
    # Last use and sign-in to the minute: a date and an hh:mm time.
    expect(here).to_contain_text(re.compile(r"last used .*\d{1,2}:\d{2}"))
    expect(listed.locator(".device:not(.current) strong")).to_have_text(re.compile(r" on Linux$"))
    assert_accessible(second, "the device list (phone)")

    # The other device is renamed from here, so the two read differently.
    other = listed.locator(".device:not(.current)")
    other.get_by_role("button", name="Rename").click()
    assert_accessible(second, "the rename form (phone)")
    other.locator('input[name="device"]').fill("Ana's desktop")
    other.get_by_role("button", name="Save the name").click()
    expect(listed.locator(".device:not(.current) strong")).to_have_text("Ana's desktop")

    # The phone signs the first device out; the first page, on its table, hears it at once.
    listed.locator(".device:not(.current)").get_by_role("button", name="Sign out").click()
    expect(devices).to_have_count(1)
    expect(first.locator(".sign-in-view .notice")).to_be_visible()
    expect_only_sign_in_or_new_player(first, old["name"])
    assert first.evaluate("localStorage.getItem('halfmoon.token')") is None
    for viewport, what in (
        (DESKTOP, "desktop"),
        (PHONE, "phone"),
        (LANDSCAPE, "phone held sideways"),
    ):
        first.set_viewport_size(viewport)
        assert_accessible(first, f"the signed-out page ({what})")

    # A reload is still signed out: no new player was made behind the person's back.
    first.reload()
    expect(first.locator(".sign-in-view .notice")).to_be_visible()
    expect_only_sign_in_or_new_player(first, old["name"])

    # Playing as a new player is a choice, and makes a new player.
    with first.expect_navigation():
        first.get_by_role("button", name="Start over as a new player").click()
    wait_ready(first)
    assert me_of(daphne_server, first)["id"] != old["id"]


def expect_only_sign_in_or_new_player(page, old_name: str) -> None:
    """The page offers signing in and a new player, and shows nothing of the old player."""
    expect(page.locator(".sign-in-view")).to_be_visible()
    expect(page.get_by_role("button", name="Sign in", exact=True)).to_be_visible()
    expect(page.get_by_role("button", name="Start over as a new player")).to_be_visible()
    expect(page.locator("#table")).to_be_hidden()
    expect(page.get_by_role("button", name="Back to the game")).to_have_count(0)
    expect(page.get_by_role("button", name="New game")).to_have_count(0)
    for hidden in (".bar .actions", ".bar .tools", ".bar .stats", ".bar .deal"):
        expect(page.locator(hidden)).to_be_hidden()
    assert old_name not in page.locator("body").inner_text()
