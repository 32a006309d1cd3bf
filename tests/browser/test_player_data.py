"""A player's data in the browser (SPEC §12): the account page downloads the archive as a file
and deletes the account (the password asked again, or a confirmation for an anonymous
player); the device then forgets the player and says so."""

import json

import pytest
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
    fill_form(page, "delete", password=PASSWORD)
    sheet = page.locator("#ask-dialog")  # the page's own question, never the browser's
    expect(sheet).to_be_visible()
    assert_accessible(page, "the question before a deletion")
    sheet.get_by_role("button", name="Delete my account").click()
    expect(page.locator(".notice")).to_contain_text("Your account is deleted")
    assert token_of(page) is None
    assert Http(daphne_server, token).get(f"{API}/players/me").status == 401
    assert_accessible(page, "the sign-in page after a deletion")


def test_an_anonymous_player_deletes_after_confirming(open_page, daphne_server):
    page = open_page()
    token = token_of(page)
    page.locator('.tools [data-action="account"]').click()
    page.on("dialog", lambda dialog: pytest.fail(f"a native dialog: {dialog.message}"))
    delete = page.get_by_role("button", name="Delete my account")
    sheet = page.locator("#ask-dialog")
    delete.click()
    expect(sheet).to_be_visible()
    sheet.get_by_role("button", name="Cancel").click()  # Cancel: nothing happens
    expect(sheet).to_be_hidden()
    assert Http(daphne_server, token).get(f"{API}/players/me").status == 200
    delete.click()
    page.keyboard.press("Escape")  # Escape: no as well
    expect(sheet).to_be_hidden()
    assert Http(daphne_server, token).get(f"{API}/players/me").status == 200
    delete.click()
    sheet.get_by_role("button", name="Delete my account").click()
    expect(page.locator(".notice")).to_contain_text("Your account is deleted")
    assert Http(daphne_server, token).get(f"{API}/players/me").status == 401
