"""Enter submits a form's primary action (issue 38): in "Game by code" and in Settings the
first submit button is the primary one, Cancel is a plain button; a phone's "Go" key is the
same implicit submission. Cancel closes without changing anything."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.support.moves import visible_pair
from tests.support.play import DEAL
from tests.support.waiting import wait_until

from .axe import assert_accessible
from .pages import DESKTOP, PHONE, click_move, names, stalling_deal

CODE = "HM1-N-AAAAAAB"


def open_dialog(page, action: str, dialog: str):
    page.locator(f'[data-action="{action}"]').first.click()
    expect(page.locator(dialog)).to_be_visible()


def games_of(http) -> list[dict]:
    return http.get("/api/v1/games").body["results"]


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_enter_in_game_by_code_deals_that_code(open_page, player, viewport):
    http = player()
    first = http.post("/api/v1/games", {"deal_code": DEAL}).body
    page = open_page(http, first["id"], viewport=viewport)
    open_dialog(page, "code", "#code-dialog")
    page.locator('#code-dialog input[name="code"]').fill(CODE)
    page.keyboard.press("Enter")
    expect(page.locator("#code-dialog")).to_be_hidden()
    dealt = wait_until(
        lambda: [g for g in games_of(http) if g["id"] != first["id"]], 10, "no game dealt"
    )
    assert [g["deal_code"] for g in dealt] == [CODE]
    expect(page).to_have_url(re.compile(rf"#/games/{dealt[0]['id']}$"))


def test_cancel_in_game_by_code_deals_nothing(open_page, player):
    http = player()
    first = http.post("/api/v1/games", {"deal_code": DEAL}).body
    page = open_page(http, first["id"])
    open_dialog(page, "code", "#code-dialog")
    page.locator('#code-dialog input[name="code"]').fill(CODE)
    page.locator('#code-dialog button[value="cancel"]').click()
    expect(page.locator("#code-dialog")).to_be_hidden()
    assert [g["id"] for g in games_of(http)] == [first["id"]]


def test_enter_in_settings_saves_the_name_and_close_keeps_it(open_page, player):
    http = player("before")
    first = http.post("/api/v1/games", {"deal_code": DEAL}).body
    page = open_page(http, first["id"])
    open_dialog(page, "settings", "#settings-dialog")
    page.locator('#settings-dialog input[name="name"]').fill("discarded")
    page.locator('#settings-dialog button[value="cancel"]').click()
    expect(page.locator("#settings-dialog")).to_be_hidden()
    assert http.get("/api/v1/players/me").body["name"] == "before"
    open_dialog(page, "settings", "#settings-dialog")
    page.locator('#settings-dialog input[name="name"]').fill("after")
    page.keyboard.press("Enter")
    expect(page.locator("#settings-dialog")).to_be_hidden()
    assert http.get("/api/v1/players/me").body["name"] == "after"


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_resigning_asks_on_the_page_and_cancel_changes_nothing(open_page, player, viewport):
    http = player()
    code, moves = stalling_deal()  # Resign is offered on the stalled table
    game = http.post("/api/v1/games", {"deal_code": code.text}).body
    for move in moves:
        http.post(f"/api/v1/games/{game['id']}/moves", {"positions": names(move)})
    page = open_page(http, game["id"], viewport=viewport)
    expect(page.locator(".stall")).to_be_visible()
    page.on("dialog", lambda dialog: pytest.fail(f"a native dialog: {dialog.message}"))
    sheet = page.locator("#ask-dialog")
    page.locator('[data-action="resign"]').first.click()
    expect(sheet).to_be_visible()
    expect(sheet.locator('[data-answer="no"]')).to_be_focused()  # Enter now: nothing lost
    assert_accessible(page, "the question before resigning")
    sheet.locator('[data-answer="no"]').click()
    expect(sheet).to_be_hidden()
    assert http.get(f"/api/v1/games/{game['id']}").body["status"] == "stalled"
    page.locator('[data-action="resign"]').first.click()
    sheet.locator('[data-answer="yes"]').click()
    wait_until(
        lambda: http.get(f"/api/v1/games/{game['id']}").body["status"] == "resigned",
        10,
        "the game was not resigned",
    )


def test_an_undo_is_announced_to_screen_readers(open_page, player):
    http = player()
    game = http.post("/api/v1/games", {"deal_code": DEAL}).body
    page = open_page(http, game["id"])
    click_move(page, visible_pair(game), moves_after=1)
    expect(page.locator(".announcer")).to_contain_text("Removed")
    page.locator('.actions [data-action="undo"]').click()
    expect(page.locator(".announcer")).to_have_text(
        "Undone: the last removal is back on the table. Score 0."
    )
    assert http.get(f"/api/v1/games/{game['id']}").body["moves"] == 0
