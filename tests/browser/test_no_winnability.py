"""Nothing in the web client tells whether a deal can be won (SPEC §3, §10): in each language,
neither the settings nor the dialog that starts a deal by its code offers or mentions winnable
deals, and saving the settings leaves the player's settings without any such thing."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.axe import assert_accessible

from .pages import DESKTOP, PHONE

pytestmark = pytest.mark.browser

#: What a mention of winnability would contain, in any of the client's languages.
WINNABILITY = re.compile(
    r"winnab|can be won|solvab|rješiv|riješi|kazanılabilir|çözülebilir", re.IGNORECASE
)


def shown_text(page, selector: str) -> str:
    """The dialog's visible text and every label, hint and option it holds."""
    dialog = page.locator(selector)
    expect(dialog).to_be_visible()
    return dialog.inner_text() + " " + (dialog.text_content() or "")


@pytest.mark.parametrize(
    ("language", "viewport"), [("en", DESKTOP), ("hr", PHONE), ("tr", DESKTOP)]
)
def test_no_dialog_mentions_winnable_deals(open_page, player, language, viewport):
    http = player()
    assert http.call("PATCH", "/api/v1/players/me", {"settings": {"language": language}}).status
    page = open_page(http, viewport=viewport)

    page.locator('.tools [data-action="settings"]').click()
    settings = shown_text(page, "#settings-dialog")
    assert not WINNABILITY.search(settings), settings
    expect(page.locator('#settings-dialog [name="winnable_deals"]')).to_have_count(0)
    assert_accessible(page, f"the settings ({language})", "#settings-dialog")
    page.locator('#settings-dialog input[name="move_errors"]').check()
    page.locator('#settings-dialog button[value="save"]').click()
    expect(page.locator("#settings-dialog")).to_be_hidden()
    saved = http.get("/api/v1/players/me").body["settings"]
    assert saved == {"move_errors": True, "placement_aid": False, "language": language}

    page.locator('[data-action="code"]').first.click()
    by_code = shown_text(page, "#code-dialog")
    assert not WINNABILITY.search(by_code), by_code
    assert_accessible(page, f"the deal-code dialog ({language})", "#code-dialog")
    assert not WINNABILITY.search(page.locator("body").inner_text())
