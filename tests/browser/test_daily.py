"""The daily deal page: today's leaderboard with my rank, kept live, and the way into today's
ranked game."""

import re

import pytest
from playwright.sync_api import expect

from tests.support.http import new_player
from tests.support.moves import visible_pair

from .pages import click_move, shown_game_id, stat

pytestmark = pytest.mark.browser


def enter_board(base, name):
    """A player who plays today's ranked attempt and resigns it: one more board entry."""
    http = new_player(base, name)
    game = http.post("/api/v1/games", {"daily": True}).body
    assert game["ranked"] is True
    assert http.post(f"/api/v1/games/{game['id']}/resign").status == 200
    return http


def test_the_daily_page_shows_the_board_live_and_leads_to_the_ranked_game(
    open_page, player, daphne_server
):
    enter_board(daphne_server, "Ana")
    enter_board(daphne_server, "Bora")
    http = player("Cem")
    page = open_page(http)
    page.locator('.actions [data-action="daily"]').click()
    rows = page.locator(".board tbody tr")
    expect(rows).to_have_count(2)
    assert sorted(page.locator(".board tbody .col-player").all_inner_texts()) == ["Ana", "Bora"]
    expect(page.locator(".daily-card .mine")).to_have_text("You have no ranked game today.")

    enter_board(daphne_server, "Dana")  # arrives over /ws/daily/{date}/
    expect(rows).to_have_count(3)

    page.get_by_role("button", name="Play today's deal").click()
    expect(page.locator('[data-stat="daily"]')).to_have_text(
        re.compile(r"^Daily \d{4}-\d\d-\d\d · ranked$")
    )
    game_id = shown_game_id(page)
    game = http.get(f"/api/v1/games/{game_id}").body
    assert game["ranked"] is True and game["daily_date"]
    click_move(page, visible_pair(game), moves_after=1)

    page.locator('.actions [data-action="daily"]').click()
    expect(page.locator(".daily-card .mine")).to_have_text(
        "Your ranked game enters the board when it ends."
    )
    page.get_by_role("button", name="Continue your ranked game").click()
    expect(stat(page, "moves")).to_have_text("1")
    assert shown_game_id(page) == game_id

    assert http.post(f"/api/v1/games/{game_id}/resign").status == 200
    expect(page.locator("#ended-dialog")).to_be_visible()
    page.locator('#ended-dialog [data-action="close"]').click()
    page.locator('.actions [data-action="daily"]').click()
    expect(rows).to_have_count(4)
    me = page.locator(".board tr.is-me")
    expect(me.locator(".col-player")).to_have_text("Cem")
    rank = me.locator(".col-rank").inner_text()
    expect(page.locator(".daily-card .mine")).to_have_text(f"Your rank: {rank} of 4")
    expect(page.get_by_role("button", name="Practise today's deal")).to_be_visible()


def finish_with_a_pair(base, name):
    """A player whose ranked attempt removes one pair (10 points) and is resigned."""
    http = new_player(base, name)
    game = http.post("/api/v1/games", {"daily": True}).body
    assert (
        http.post(f"/api/v1/games/{game['id']}/moves", {"positions": visible_pair(game)}).status
        == 200
    )
    assert http.post(f"/api/v1/games/{game['id']}/resign").status == 200
    return http


def shown(rows) -> list[tuple[int, str]]:
    return [
        (int(r), n)
        for r, n in zip(
            rows.locator(".col-rank").all_inner_texts(),
            rows.locator(".col-player").all_inner_texts(),
            strict=True,
        )
    ]


def on_the_board(http) -> list[tuple[int, str]]:
    """Today's board as the REST API gives it (read by the test, not by the page)."""
    board = http.get(f"/api/v1/daily/{http.get('/api/v1/daily').body['date']}/leaderboard").body
    return [(e["rank"], e["player"]["name"]) for e in board["results"]]


def test_pushed_entries_are_put_in_place_without_reading_the_board_again(
    open_page, player, daphne_server
):
    enter_board(daphne_server, "Ana")
    enter_board(daphne_server, "Bora")
    http = player("Cem")
    page = open_page(http)
    page.locator('.actions [data-action="daily"]').click()
    rows = page.locator(".board tbody tr")
    expect(rows).to_have_count(2)
    reads = []
    page.on(
        "request",
        lambda request: (
            reads.append(request.url)
            if re.search(r"/api/v1/daily(/[\d-]+/leaderboard)?(\?|$)", request.url)
            else None
        ),
    )

    finish_with_a_pair(daphne_server, "Dana")  # 10 points: above the two resigned at 0
    expect(rows).to_have_count(3)
    expect(rows.nth(0).locator(".col-player")).to_have_text("Dana")
    assert rows.locator(".col-rank").all_inner_texts() == ["1", "2", "3"]
    assert shown(rows) == on_the_board(http)

    game = http.post("/api/v1/games", {"daily": True}).body  # my own entry arrives as a push too
    http.post(f"/api/v1/games/{game['id']}/resign")
    expect(rows).to_have_count(4)
    board = http.get(f"/api/v1/daily/{game['daily_date']}/leaderboard").body
    assert shown(rows) == on_the_board(http)
    expect(page.locator(".daily-card .mine")).to_have_text(f"Your rank: {board['me']['rank']} of 4")
    expect(page.locator(".board tr.is-me .col-player")).to_have_text("Cem")
    expect(page.locator(".board tr.is-me .col-rank")).to_have_text(str(board["me"]["rank"]))
    assert reads == [], reads  # every change came as a push, put in place by the page
