"""A player's data in the browser (SPEC §12): the account page downloads the archive as a file
and deletes the account (the password asked again, or a confirmation for an anonymous
player); the device then forgets the player and says so."""

import json

from playwright.sync_api import expect

from tests.support.http import API, Http

from .axe import assert_accessible
from .pages import token_of
from .test_accounts import PASSWORD, fill_form, keep_progress


def test_download_my_data_then_delete_my_account(open_page, daphne_server):
    page = open_page()
    token = token_of(page)
    keep_progress(page, "dana_k")
    expect(page.get_by_role("button", name="Download my data")).to_be_visible()
    assert_accessible(page, "the account page with the player's data")
    with page.expect_download() as download:
        page.get_by_role("button", name="Download my data").click()
    saved = download.value
    assert saved.suggested_filename.startswith("halfmoon-player-")
    with open(saved.path(), encoding="utf-8") as file:
        archive = json.load(file)
    assert archive["format_version"] == 1 and archive["account"]["username"] == "dana_k"
    page.once("dialog", lambda dialog: dialog.accept())
    fill_form(page, "delete", password=PASSWORD)
    expect(page.locator(".notice")).to_contain_text("Your account is deleted")
    assert token_of(page) is None
    assert Http(daphne_server, token).get(f"{API}/players/me").status == 401
    assert_accessible(page, "the sign-in page after a deletion")


def test_an_anonymous_player_deletes_after_confirming(open_page, daphne_server):
    page = open_page()
    token = token_of(page)
    page.locator('.tools [data-action="account"]').click()
    delete = page.get_by_role("button", name="Delete my account")
    page.once("dialog", lambda dialog: dialog.dismiss())
    delete.click()
    assert Http(daphne_server, token).get(f"{API}/players/me").status == 200
    page.once("dialog", lambda dialog: dialog.accept())
    delete.click()
    expect(page.locator(".notice")).to_contain_text("Your account is deleted")
    assert Http(daphne_server, token).get(f"{API}/players/me").status == 401
