"""Live play: pages on one game stay in step over the WebSocket, and a page recovers by itself
after the server restarts."""

import re

import pytest
from playwright.sync_api import expect

from tests.support.http import Http, new_player
from tests.support.moves import visible_pair
from tests.support.play import DEAL
from tests.support.ports import free_port
from tests.support.servers import run_daphne

from .pages import click_move, expect_table, open_in, shown_game_id, slot, spot, stat, token_of

pytestmark = pytest.mark.browser

SELECTED = re.compile(r"\bis-selected\b")


def test_two_pages_on_one_game_stay_in_step(open_page, player):
    http = player()
    game = http.post("/api/v1/games", {"deal_code": DEAL}).body
    assert http.call("PATCH", f"/api/v1/games/{game['id']}", {"watchable": True}).status == 200
    game["watchable"] = True
    first = open_page(http, game["id"])
    second = open_page(context=first.context, game_id=game["id"])  # a second tab
    watcher = open_page(game_id=game["id"])  # another browser: a different player, watching
    a, b = visible_pair(game)

    spot(first, a).click()
    expect(slot(second, a)).to_have_class(SELECTED)
    expect(slot(watcher, a)).to_have_class(SELECTED)
    spot(first, b).click()
    expect(stat(second, "moves")).to_have_text("1")
    after = http.get(f"/api/v1/games/{game['id']}").body
    expect_table(second, after)
    expect_table(watcher, after)

    second.locator('.actions [data-action="undo"]').click()
    expect(stat(first, "moves")).to_have_text("0")
    expect_table(first, game)

    assert http.post(f"/api/v1/games/{game['id']}/moves", {"positions": [a, b]}).status == 200
    for page in (first, second, watcher):
        expect(stat(page, "moves")).to_have_text("1")

    expect(watcher.locator(".watching")).to_be_visible()
    expect(watcher.locator('.actions [data-action="undo"]')).to_be_disabled()
    expect(first.locator(".watching")).to_be_hidden()


def test_the_page_recovers_after_the_server_restarts(browser, transactional_db):
    port = free_port()
    with run_daphne(port=port) as base:
        http = new_player(base, "restart")
        game = http.post("/api/v1/games", {"deal_code": DEAL}).body
        pair = visible_pair(game)
        page = open_in(browser, base, http, game["id"])
        assert http.post(f"/api/v1/games/{game['id']}/moves", {"positions": pair}).status == 200
        expect(stat(page, "moves")).to_have_text("1")  # the page follows over its socket
    try:
        banner = page.locator(".connection")
        expect(banner).to_be_visible()
        with run_daphne(port=port) as base:
            expect(banner).to_be_hidden()
            assert Http(base, http.token).post(f"/api/v1/games/{game['id']}/undo").status == 200
            expect(stat(page, "moves")).to_have_text("0")
            expect_table(page, game)
            click_move(page, pair, moves_after=1)
        assert not page.errors
    finally:
        page.context.close()


def test_a_first_visit_creates_a_player_kept_for_the_next_visits(open_page, daphne_server):
    page = open_page()
    token = token_of(page)
    me = Http(daphne_server, token).get("/api/v1/players/me")
    assert me.status == 200
    game_id = shown_game_id(page)
    game = Http(daphne_server, token).get(f"/api/v1/games/{game_id}").body
    assert game["owner"]["id"] == me.body["id"]

    page.goto(daphne_server + "/")  # a later visit: same player, back to the same game
    expect(page.locator("#table")).to_have_attribute("data-version", str(game["version"]))
    assert token_of(page) == token
    assert shown_game_id(page) == game_id
