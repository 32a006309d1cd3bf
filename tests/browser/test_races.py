"""Races in the browser: two pages race each other to the end (lobby, invite link, ready marks,
the Rated/Casual mark, countdown, each on their own table with the other's progress above it,
standings with rating changes, rematch, the ratings board); quick match pairs two pages and
says which queue; the race fits a phone held either way; the lobby speaks the player's
language."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from tests.support.http import API, new_player
from tests.support.moves import visible_pair
from tests.support.play import winnable

from .pages import DESKTOP, PHONE, click_move, spot, wait_ready
from .test_layouts import LANDSCAPE, card_boxes, overlap

FAST = {"HALFMOON_RACE_COUNTDOWN_MS": "1500"}


@pytest.fixture
def server(start_server):
    return start_server(**FAST)


@pytest.fixture
def pages(browser):
    """open(base, http, hash, viewport) → a page of the site at ``#hash`` as that player."""
    contexts, opened = [], []

    def open_(base, http, address, viewport=DESKTOP):
        phone = min(viewport["width"], viewport["height"]) < 500
        context = browser.new_context(
            viewport=viewport,
            device_scale_factor=2 if phone else 1,
            is_mobile=phone,
            has_touch=phone,
        )
        context.add_init_script(
            f"localStorage.setItem('halfmoon.token', {json.dumps(http.token)});"
        )
        contexts.append(context)
        page = context.new_page()
        page.errors = []
        page.on("pageerror", lambda error: page.errors.append(str(error)))
        page.goto(f"{base}/#{address}")
        opened.append(page)
        return page

    yield open_
    errors = [error for page in opened for error in page.errors]
    for context in contexts:
        context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


def race_button(page, name):
    return page.locator(f'button[data-race="{name}"]')


def racer(page, player_id):
    return page.locator(f'.race-strip .racer[data-player="{player_id}"]')


def own_game(page):
    wait_ready(page)
    return int(re.fullmatch(r"#/games/(\d+)", page.evaluate("location.hash")).group(1))


def test_two_pages_race_each_other_to_the_end(server, pages):
    code, line = winnable()
    host, guest = new_player(server.url, "hostess"), new_player(server.url, "guest")
    guest_id = guest.get(f"{API}/players/me").body["id"]
    a = pages(server.url, host, "/races")
    expect(a.locator(".races-card")).to_be_visible()
    a.locator('.create-race input[name="deal_code"]').fill(code)
    race_button(a, "create").click()
    expect(a.locator(".race-card")).to_have_attribute("data-status", "open")
    # A chosen deal code: a casual race, marked so in the lobby.
    expect(a.locator(".race-card .race-kind")).to_have_attribute("data-rated", "no")
    expect(a.locator(".race-card .race-kind")).to_have_text("Casual")
    invite = a.locator(".invite-code").inner_text()
    link = a.locator(".invite").get_attribute("data-link")
    assert link.endswith(f"#/race/{invite}")

    b = pages(server.url, guest, f"/race/{invite}")  # the shareable link joins
    expect(b.locator(".race-card .racer")).to_have_count(2)
    expect(a.locator(".race-card .racer")).to_have_count(2)
    expect(race_button(a, "start")).to_be_disabled()
    race_button(a, "ready").click()
    race_button(b, "ready").click()
    expect(a.locator(f'.race-card .racer[data-player="{guest_id}"]')).to_have_attribute(
        "data-ready", "yes"
    )
    expect(race_button(a, "start")).to_be_enabled()
    race_button(a, "start").click()
    expect(a.locator(".countdown")).to_be_visible()

    # The start: each page is on its own table, the other's progress above it.
    a_game, b_game = own_game(a), own_game(b)
    assert a_game != b_game
    expect(a.locator(".race-strip .racer")).to_have_count(2)
    game_b = guest.get(f"{API}/games/{b_game}").body
    click_move(b, visible_pair(game_b), 1)
    expect(racer(a, guest_id)).to_have_attribute("data-moves", "1")
    for index, positions in enumerate(line, start=1):
        click_move(a, list(positions), index)

    # The end: standings on both pages (casual: no rating change), then a rematch.
    for page in (a, b):
        expect(page.locator(".race-strip")).to_have_attribute("data-status", "finished")
        race_button(page, "standings").click()
        expect(page.locator(".standings tbody tr")).to_have_count(2)
        expect(page.locator(".standings")).to_have_attribute("data-rated", "no")
        expect(page.locator(".race-card .race-kind")).to_have_text("Casual")
    first = a.locator(".standings tbody tr").first
    expect(first.locator(".col-player")).to_have_text("hostess")
    expect(first.locator(".col-rating")).to_have_text("–")
    race_button(b, "rematch").click()
    expect(b.locator(".race-card")).to_have_attribute("data-status", "open")
    race_button(a, "rematch").click()  # the same new race, joined
    expect(a.locator(".race-card .racer")).to_have_count(2)
    assert a.evaluate("location.hash") == b.evaluate("location.hash")

    a.goto(f"{server.url}/#/ratings")
    expect(a.locator(".ratings-card .empty-board")).to_be_visible()  # a casual race rates nobody
    race_button(a, "provisional").click()
    expect(a.locator(".ratings-card")).to_have_attribute("data-list", "provisional")
    expect(a.locator(".ratings-card .empty-board")).to_be_visible()


def test_the_lobby_marks_a_race_rated_or_casual_in_the_players_language(server, pages):
    host, guest = new_player(server.url, "rita"), new_player(server.url, "tomo")
    for http, name in ((host, "rita_k"), (guest, "tomo_k")):
        body = {"username": name, "password": "plum tart 1962"}
        assert http.post(f"{API}/account", body).status == 201
    assert guest.call("PATCH", f"{API}/players/me", {"settings": {"language": "hr"}}).status == 200
    race = host.post(f"{API}/races", {"seats": 3}).body  # the server deals: rated
    a = pages(server.url, host, f"/races/{race['id']}")
    mark = a.locator(".race-card .race-kind")
    expect(mark).to_have_attribute("data-rated", "yes")
    expect(mark).to_have_text("Rated")
    assert guest.post(f"{API}/races/join", {"invite": race["invite"]}).status == 200
    b = pages(server.url, guest, f"/races/{race['id']}")
    expect(b.locator(".race-card .race-kind")).to_have_text("Za rejting")
    anonymous = new_player(server.url, "anon")
    assert anonymous.post(f"{API}/races/join", {"invite": race["invite"]}).status == 200
    for page, text in ((a, "Casual"), (b, "Bez rejtinga")):  # it follows the members
        expect(page.locator(".race-card .race-kind")).to_have_attribute("data-rated", "no")
        expect(page.locator(".race-card .race-kind")).to_have_text(text)


def test_quick_match_pairs_two_pages(server, pages):
    ann, bob = new_player(server.url, "annie"), new_player(server.url, "bobby")
    assert bob.call("PATCH", f"{API}/players/me", {"settings": {"language": "hr"}}).status == 200
    a = pages(server.url, ann, "/races")
    b = pages(server.url, bob, "/races")
    expect(b.locator(".races-card h2")).to_have_text("Utrke")
    race_button(a, "queue").click()
    expect(a.locator(".quick-match")).to_have_attribute("data-state", "waiting")
    expect(a.locator(".quick-match .queue-kind")).to_have_attribute("data-rated", "no")
    race_button(a, "unqueue").click()  # leaving is immediate
    expect(a.locator(".quick-match")).to_have_attribute("data-state", "idle")
    assert ann.get(f"{API}/matchmaking").status == 404
    race_button(a, "queue").click()
    expect(a.locator(".quick-match")).to_have_attribute("data-state", "waiting")
    race_button(b, "queue").click()
    for page in (a, b):
        expect(page).to_have_url(re.compile(r"#/(races|games)/\d+$"))
    a_game, b_game = own_game(a), own_game(b)  # matched races start by themselves
    assert a_game != b_game
    expect(b.locator(".race-strip .racer")).to_have_count(2)


@pytest.mark.parametrize("viewport", [PHONE, LANDSCAPE], ids=["portrait", "landscape"])
def test_a_race_fits_a_phone_held_either_way(server, pages, viewport):
    crew = [new_player(server.url, name) for name in ("pia", "quinn", "rudy", "sam")]
    race = crew[0].post(f"{API}/races", {"seats": 4}).body
    for member in crew[1:]:
        assert member.post(f"{API}/races/join", {"invite": race["invite"]}).status == 200
    page = pages(server.url, crew[0], f"/races/{race['id']}", viewport=viewport)
    expect(page.locator(".race-card .racer")).to_have_count(4)
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    for member in crew:
        assert member.post(f"{API}/races/{race['id']}/ready", {"ready": True}).status == 200
    assert crew[0].post(f"{API}/races/{race['id']}/start").status == 200
    own_game(page)
    strip = page.locator(".race-strip")
    expect(strip.locator(".racer")).to_have_count(4)
    box = strip.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"]
    for position, card in card_boxes(page).items():
        assert not overlap(card, box), position
        assert card["y"] + card["height"] <= viewport["height"], position
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    spot(page, "P1").click()  # the table still takes taps


def test_a_private_game_of_another_player_is_refused_with_a_message(server, pages):
    owner, other = new_player(server.url, "keeper"), new_player(server.url, "peeker")
    game = owner.post(f"{API}/games", {}).body
    page = pages(server.url, other, f"/games/{game['id']}")
    expect(page.locator(".toast")).to_contain_text("private")
    shown = own_game(page)  # the peeker gets a table of their own instead
    assert shown != game["id"]
    assert other.get(f"{API}/games/{shown}").body["owner"]["name"] == "peeker"
