"""The "winnable deals only" setting in the web client (SPEC §10): saved on the server, new
games come from the pool of proven-winnable deals, and an empty pool is said plainly."""

import pytest
from playwright.sync_api import expect

from games.deals import services as deals
from tests.deals.tables import WINNABLE, store

from .pages import stat

pytestmark = pytest.mark.browser

LABELS = {
    "en": "Winnable deals only",
    "hr": "Samo rješive partije",
    "tr": "Yalnızca kazanılabilir oyunlar",
}


def test_with_the_setting_on_a_new_game_is_a_proven_winnable_deal(open_page, player):
    http = player()
    game = http.post("/api/v1/games", {}).body
    page = open_page(http, game["id"])
    page.get_by_role("button", name="Settings").click()
    page.get_by_label(LABELS["en"]).check()
    page.get_by_role("button", name="Save").click()
    expect(page.locator("#settings-dialog")).to_be_hidden()
    assert http.get("/api/v1/players/me").body["settings"]["winnable_deals"] is True

    pooled = store("HM1-N-WEBPOOL", WINNABLE)
    deals.add_to_pool(pooled)
    page.get_by_role("button", name="New game").click()
    expect(stat(page, "deal_code")).to_have_text(pooled.code)

    page.get_by_role("button", name="New game").click()  # the pool is empty now
    expect(page.locator(".toast")).to_have_text(
        "No proven-winnable deal is ready right now: try again in a few seconds, or start any deal."
    )
    expect(stat(page, "deal_code")).to_have_text(pooled.code)  # still the game it was on

    page.get_by_role("button", name="Settings").click()
    expect(page.get_by_label(LABELS["en"])).to_be_checked()


@pytest.mark.parametrize("language", ["hr", "tr"])
def test_the_setting_is_named_in_the_player_s_language(open_page, player, language):
    http = player()
    assert http.call("PATCH", "/api/v1/players/me", {"settings": {"language": language}}).status
    page = open_page(http)
    page.locator('.tools [data-action="settings"]').click()
    dialog = page.locator("#settings-dialog")
    expect(dialog.locator('[data-i18n="winnable_deals"]')).to_have_text(LABELS[language])
