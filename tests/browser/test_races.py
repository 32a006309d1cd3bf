"""Races in the browser: two pages race each other to the end (lobby, invite link, ready marks,
the Rated/Casual mark, countdown, each on their own table with the other's progress above it,
standings with rating changes, rematch, the ratings board); quick match pairs two pages and
says which queue; the race fits a phone held either way; the lobby speaks the player's
language. Every state (lobby, quick-match wait, waiting room, countdown, running, the win,
finished, rematch, ratings) has the site's buttons and passes axe at desktop and phone sizes;
standings fit a phone; the others hear of a rematch at once; the win moment is the winner's."""

from __future__ import annotations

import json
import re
import time

import pytest
from playwright.sync_api import expect

from tests.support.http import API, new_player
from tests.support.moves import visible_pair
from tests.support.play import winnable

from .axe import assert_accessible
from .pages import DESKTOP, PHONE, click_move, spot, wait_ready
from .test_layouts import LANDSCAPE, card_boxes, keep_screenshot, overlap

FAST = {"HALFMOON_RACE_COUNTDOWN_MS": "1500"}


@pytest.fixture
def server(shared_server):
    return shared_server(**FAST)


@pytest.fixture
def pages(browser):
    """open(base, http, hash, viewport) → a page of the site at ``#hash`` as that player."""
    contexts, opened = [], []

    def open_(base, http, address, viewport=DESKTOP, **options):
        phone = min(viewport["width"], viewport["height"]) < 500
        context = browser.new_context(
            viewport=viewport,
            device_scale_factor=2 if phone else 1,
            is_mobile=phone,
            has_touch=phone,
            **options,
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


WIDE = {"width": 1366, "height": 768}


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

    # The end: the winner's moment, standings on both pages (casual: no rating change), then a
    # rematch.
    expect(a.locator(".celebration-layer .celebration-title")).to_have_text("You won the race!")
    a.keyboard.press("Escape")  # the cascade gives way to the win and the way to the standings
    expect(a.locator(".race-win")).to_be_visible()
    race_button(a, "win-standings").click()
    expect(a.locator(".race-win")).to_have_count(0)
    expect(b.locator(".race-strip")).to_have_attribute("data-status", "finished")
    expect(b.locator(".race-win, .celebration-layer")).to_have_count(0)  # the winner's moment
    expect(b.locator(".race-end")).to_be_visible()  # the loser's: their place, the way on
    race_button(b, "end-standings").click()
    for page in (a, b):
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


def test_the_lobby_lists_open_public_races_live_and_joins_one_in_a_tap(server, pages):
    """Issue 38: the lobby lists the open public races (host, seats taken of all, time limit,
    deal kind; in the page's language), kept up to date while it is shown — by /ws/races/open/,
    not by asking again (the page reads the list over REST once, for its first paint); "Join" enters one
    in a tap. A private race is never listed. A device that has not queued never asks
    GET /matchmaking (no 404 in the console)."""
    host, joiner = new_player(server.url, "Player 4321"), new_player(server.url, "cem")
    assert joiner.call("PATCH", f"{API}/players/me", {"settings": {"language": "tr"}}).status == 200
    private = new_player(server.url, "pia").post(f"{API}/races", {"seats": 2}).body
    b = pages(server.url, joiner, "/races")
    asked, console = [], []
    b.on("request", lambda r: "/api/v1/matchmaking" in r.url and asked.append(r.url))
    b.on("console", lambda m: m.type == "error" and console.append(m.text))
    listing = b.locator(".open-races")
    expect(listing).to_have_attribute("data-state", "empty")
    expect(listing.locator("h3")).to_have_text("Açık yarışlar")
    assert_accessible(b, "the lobby without open races (tr)")
    # From now on the list is never answered over REST: what comes, comes over the socket.
    b.route(lambda url: "/api/v1/races?status=open" in url, lambda route: route.abort())

    a = pages(server.url, host, "/races")
    expect(a.locator(".open-races")).to_have_attribute("data-state", "empty")
    a.locator('.create-race select[name="seats"]').select_option("3")
    a.locator('.create-race select[name="time_limit_s"]').select_option("600")
    a.locator('.create-race input[name="public"]').check()
    race_button(a, "create").click()
    expect(a).to_have_url(re.compile(r"#/races/\d+$"))
    race_id = int(a.evaluate("location.hash").rsplit("/", 1)[1])
    assert host.get(f"{API}/races/{race_id}").body["public"] is True

    rows = listing.locator(".open-race")  # arrives while the lobby is shown
    expect(rows).to_have_count(1)
    expect(rows).to_have_attribute("data-race-id", str(race_id))
    expect(rows.locator(".open-race-host")).to_have_text("Oyuncu 4321")
    expect(rows.locator(".open-race-facts")).to_have_text(
        re.compile(r"^1/3 oyuncu · .*10.* · rastgele dağıtım$")
    )
    expect(listing.locator(f'[data-race-id="{private["id"]}"]')).to_have_count(0)
    assert_accessible(b, "the lobby with an open race (tr)")

    race_button(b, "join-open").click()
    expect(b).to_have_url(re.compile(rf"#/races/{race_id}$"))
    expect(b.locator(".race-card .racer")).to_have_count(2)
    members = {m["player"]["name"] for m in host.get(f"{API}/races/{race_id}").body["members"]}
    assert members == {"Player 4321", "cem"}
    assert asked == [] and not [text for text in console if "404" in text], (asked, console)


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


# -- the race pages in every state: the site's buttons, AA contrast, phones, the rematch notice,
# -- the race-win moment -----------------------------------------------------------------------
#: The site's button (halfmoon.css, the reading pages' and the table's): never the browser's.
SITE_BUTTONS = """(selector) => [...document.querySelectorAll(selector)]
    .filter((b) => b.offsetParent !== null)
    .map((b) => { const s = getComputedStyle(b);
        return [b.dataset.race || b.textContent, s.borderTopLeftRadius, s.backgroundColor,
                Number(s.fontWeight), parseFloat(s.minHeight) || b.offsetHeight]; })"""
PAPER_BUTTONS = {"rgb(15, 107, 60)", "rgb(242, 238, 228)"}  # primary green, the plain one
FELT_BUTTONS = {"rgb(255, 213, 74)", "rgba(255, 255, 255, 0.1)"}  # the strip: gold, the table's


def assert_site_buttons(page, selector, backgrounds=PAPER_BUTTONS):
    buttons = page.evaluate(SITE_BUTTONS, selector)
    assert buttons, f"no button in {selector}"
    for name, radius, background, weight, height in buttons:
        assert (radius, background in backgrounds) == ("10px", True), (name, radius, background)
        assert weight >= 550 and height >= 30, (name, weight, height)


def until(check, what, timeout=15.0):
    """``check()``'s first truthy answer, asked until ``timeout`` seconds have passed."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        answer = check()
        if answer:
            return answer
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


def member_id(http) -> int:
    return http.get(f"{API}/players/me").body["id"]


def ready_race(crew, **fields) -> dict:
    """A race of ``crew`` (the first hosts) with everyone ready, not started yet."""
    race = crew[0].post(f"{API}/races", {"seats": len(crew), **fields}).body
    for member in crew[1:]:
        assert member.post(f"{API}/races/join", {"invite": race["invite"]}).status == 200
    for member in crew:
        assert member.post(f"{API}/races/{race['id']}/ready", {"ready": True}).status == 200
    return race


def running(http, race_id) -> dict:
    return until(
        lambda: (r := http.get(f"{API}/races/{race_id}").body)["status"] == "running" and r,
        "the race to run",
    )


def end_race(crew, race_id, winner, everyone_moves=False):
    """Everybody resigns; ``winner`` first makes one move more than the others (who make one
    with ``everyone_moves``: a rated race rates only members who moved), so ranks first alone."""
    for member in [m for m in crew if m is not winner] + [winner]:
        race = running(member, race_id)
        me = member_id(member)
        game_id = next(m["game_id"] for m in race["members"] if m["player"]["id"] == me)
        for _ in range(int(everyone_moves) + (member is winner)):
            pair = visible_pair(member.get(f"{API}/games/{game_id}").body)
            assert member.post(f"{API}/games/{game_id}/moves", {"positions": pair}).status == 200
        assert member.post(f"{API}/games/{game_id}/resign").status == 200
    finished = crew[0].get(f"{API}/races/{race_id}").body
    assert finished["status"] == "finished"
    assert finished["standings"][0]["player"]["id"] == member_id(winner)
    assert finished["standings"][1]["rank"] == 2
    return finished


def assert_standings_fit(page, width):
    """No sideways scroll of the table or the page; every rating change inside the screen."""
    fit = page.evaluate("""() => {
        const table = document.querySelector(".standings");
        const cells = [...table.querySelectorAll(".col-rating, .col-rating_change")];
        return [table.scrollWidth, table.clientWidth, document.documentElement.scrollWidth,
                Math.max(...cells.map((c) => c.getBoundingClientRect().right)),
                Math.min(...cells.map((c) => c.getBoundingClientRect().width))];
    }""")
    table_scroll, table_width, page_scroll, rightmost, narrowest = fit
    assert table_scroll <= table_width and page_scroll <= width, fit
    assert rightmost <= width and narrowest >= 24, fit


SLOW_COUNTDOWN = {"HALFMOON_RACE_COUNTDOWN_MS": "6000"}  # long enough to audit the countdown


@pytest.mark.parametrize(
    "viewport", [WIDE, PHONE, LANDSCAPE], ids=["desktop", "portrait", "landscape"]
)
def test_every_race_state_has_the_site_buttons_and_passes_axe(shared_server, pages, viewport):
    server = shared_server(**SLOW_COUNTDOWN)
    names = ("Maximiliana Bergström-Oyelaran", "Konstantinos Papadimitriou")
    host, guest = (new_player(server.url, name) for name in names)
    for http, name in ((host, "maxi_b"), (guest, "kosta_p")):  # with accounts: a rated race
        body = {"username": name, "password": "plum tart 1962"}
        assert http.post(f"{API}/account", body).status == 201

    page = pages(server.url, host, "/races", viewport=viewport)
    expect(page.locator(".races-card")).to_be_visible()
    assert_site_buttons(page, ".races-card button")
    assert_accessible(page, "the race lobby")
    race_button(page, "queue").click()
    expect(page.locator(".quick-match")).to_have_attribute("data-state", "waiting")
    assert_site_buttons(page, ".races-card button")
    assert_accessible(page, "the lobby waiting for a quick match")
    race_button(page, "unqueue").click()
    expect(page.locator(".quick-match")).to_have_attribute("data-state", "idle")

    race = ready_race([host, guest])
    page.goto(f"{server.url}/#/races/{race['id']}")
    expect(page.locator(".race-card")).to_have_attribute("data-status", "open")
    expect(page.locator(".race-card .racer")).to_have_count(2)
    assert_site_buttons(page, ".race-card button")
    assert_accessible(page, "the waiting room")
    race_button(page, "start").click()
    expect(page.locator(".countdown")).to_contain_text(re.compile(r"\d"))
    assert_site_buttons(page, ".race-card button")
    assert_accessible(page, "the countdown")

    own_game(page)  # running: on one's own table, the strip above it
    strip = page.locator(".race-strip")
    expect(strip).to_have_attribute("data-status", "running")
    assert_accessible(page, "the running race's strip", ".race-strip")
    end_race([host, guest], race["id"], winner=host, everyone_moves=True)
    expect(page.locator(".celebration-title")).to_have_text("You won the race!")  # the moment
    assert_accessible(page, "the race-win cascade", ".celebration-layer")
    page.keyboard.press("Escape")
    expect(page.locator(".race-win")).to_be_visible()  # then the win and the way on
    assert_site_buttons(page, ".race-win button")
    assert_accessible(page, "the race-win moment", ".race-win")
    race_button(page, "win-close").click()
    expect(page.locator(".race-win")).to_have_count(0)
    expect(strip).to_have_attribute("data-status", "finished")
    assert_site_buttons(page, ".race-strip button", FELT_BUTTONS)
    assert_accessible(page, "the finished race's strip", ".race-strip")

    race_button(page, "standings").click()
    expect(page.locator(".standings tbody tr")).to_have_count(2)
    expect(page.locator(".standings tbody tr").first.locator(".col-rating")).to_have_text(
        re.compile(r"^[+-]\d+\.\d\d$")  # rated: a rating change in the last column
    )
    assert_standings_fit(page, viewport["width"])
    assert_site_buttons(page, ".race-card button")
    assert_accessible(page, "the finished race's standings")
    assert guest.post(f"{API}/races/{race['id']}/rematch").status == 201
    notice = page.locator(".rematch-notice")
    expect(notice).to_contain_text("Konstantinos Papadimitriou")
    assert_standings_fit(page, viewport["width"])
    assert_site_buttons(page, ".race-card button")
    assert_accessible(page, "the finished race with a rematch notice")
    race_button(page, "rematch-join").click()
    expect(page.locator(".race-card")).to_have_attribute("data-status", "open")
    assert_accessible(page, "the rematch's waiting room")

    page.goto(f"{server.url}/#/ratings")
    expect(page.locator(".ratings-card")).to_be_visible()
    race_button(page, "provisional").click()
    expect(page.locator(".ratings-card table.ratings tbody tr")).to_have_count(2)
    assert_site_buttons(page, ".ratings-card button")
    assert_accessible(page, "the ratings board")
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]


@pytest.mark.parametrize("viewport", [PHONE, LANDSCAPE], ids=["portrait", "landscape"])
def test_standings_of_eight_long_names_fit_a_phone(server, pages, viewport):
    crew = [new_player(server.url, f"Alexandrina-Wilhelmina {n} Longname") for n in range(8)]
    race = ready_race(crew)
    assert crew[0].post(f"{API}/races/{race['id']}/start").status == 200
    end_race(crew, race["id"], winner=crew[5])
    page = pages(server.url, crew[0], f"/races/{race['id']}", viewport=viewport)
    expect(page.locator(".standings tbody tr")).to_have_count(8)
    assert_standings_fit(page, viewport["width"])
    cell = page.locator(".standings tbody tr").first.locator(".col-player")
    expect(cell).to_have_text("Alexandrina-Wilhelmina 5 Longname")  # the full name is read


def test_the_other_member_hears_of_the_rematch_at_once_and_joins_it(server, pages):
    code, _ = winnable()
    starter, other = new_player(server.url, "starter"), new_player(server.url, "other")
    race = ready_race([starter, other], deal_code=code)
    assert starter.post(f"{API}/races/{race['id']}/start").status == 200
    end_race([starter, other], race["id"], winner=other)
    a = pages(server.url, starter, f"/races/{race['id']}")
    b = pages(server.url, other, f"/races/{race['id']}", viewport=PHONE)
    for page in (a, b):
        expect(page.locator(".standings tbody tr")).to_have_count(2)
        expect(page.locator(".rematch-notice")).to_have_count(0)
    b.evaluate("window.notReloaded = true")
    race_button(a, "rematch").click()
    expect(a.locator(".race-card")).to_have_attribute("data-status", "open")
    expect(a.locator(".rematch-notice")).to_have_count(0)  # not told of one's own rematch
    notice = b.locator(".rematch-notice")
    expect(notice).to_have_text(re.compile(r"^starter started a rematch"))
    expect(b.locator(".race-live")).to_have_text("starter started a rematch")
    assert b.evaluate("window.notReloaded") is True  # over the open socket, no reload
    assert_accessible(b, "the rematch notice on a phone")
    race_button(b, "rematch-join").click()
    expect(b.locator(".race-card")).to_have_attribute("data-status", "open")
    expect(b.locator(".race-card .racer")).to_have_count(2)
    expect(a.locator(".race-card .racer")).to_have_count(2)  # the starter sees them join
    assert a.evaluate("location.hash") == b.evaluate("location.hash")


def test_the_race_win_moment_is_the_winners_only_and_keeps_still_if_asked(server, pages):
    winner, loser = new_player(server.url, "winner"), new_player(server.url, "loser")
    race = ready_race([winner, loser])
    a = pages(server.url, winner, f"/races/{race['id']}", reduced_motion="reduce")
    b = pages(server.url, loser, f"/races/{race['id']}")
    assert winner.post(f"{API}/races/{race['id']}/start").status == 200
    own_game(a), own_game(b)
    for page in (a, b):
        expect(page.locator(".race-strip")).to_have_attribute("data-status", "running")
    end_race([winner, loser], race["id"], winner=winner)
    expect(a.locator(".celebration-title")).to_have_text("You won the race!")
    moving = """() => document.getAnimations().filter((a) => a.playState === "running"
        && a.effect?.target?.closest?.(".celebration-layer, .race-win")).length"""
    assert a.evaluate(moving) == 0  # reduced motion: a still picture
    expect(a.locator(".toast")).to_be_hidden()  # a moment, not a toast
    a.keyboard.press("Escape")
    moment = a.locator(".race-win")
    expect(moment).to_be_visible()
    expect(moment.locator("h2")).to_have_text("You won the race!")
    expect(moment.locator(".race-win-text")).to_have_text(re.compile(r"^First of 2: 10 points"))
    assert a.evaluate(moving) == 0
    expect(b.locator(".race-strip")).to_have_attribute("data-status", "finished")
    expect(b.locator(".race-end h2")).to_have_text("Race over: 2nd of 2")  # the loser's end
    expect(b.locator(".race-win, .celebration-layer")).to_have_count(0)
    race_button(b, "end-close").click()
    expect(b.locator(".race-end")).to_have_count(0)
    a.keyboard.press("Escape")
    expect(moment).to_have_count(0)
    a.reload()  # a later visit to the finished race's table: no second moment
    own_game(a)
    expect(a.locator(".race-strip")).to_have_attribute("data-status", "finished")
    expect(a.locator(".race-win")).to_have_count(0)
    # the loser, still at their table: the strip says who started the rematch, and joins it
    assert winner.post(f"{API}/races/{race['id']}/rematch").status == 201
    notice = b.locator(".race-strip .rematch-notice")
    expect(notice).to_contain_text("winner started a rematch")
    assert_site_buttons(b, ".race-strip button", FELT_BUTTONS)
    assert_accessible(b, "the finished race's strip with a rematch notice", ".race-strip")
    race_button(b, "rematch-join").click()
    expect(b.locator(".race-card")).to_have_attribute("data-status", "open")
    expect(b.locator(".race-card .racer")).to_have_count(2)


END_WORDS = {
    "en": {
        "title": "Race over: 2nd of 2",
        "score": "Your score: {score} points.",
        "winner": "{name} won with {score} points.",
        "gap": "{points} points behind the winner.",
        "place": "2nd",
        "rematch": "Rematch",
    },
    "hr": {
        "title": "Utrka je završila: 2. od 2",
        "score": "Tvoji bodovi: {score}.",
        "winner": "Pobjednik: {name}, {score} bodova.",
        "gap": "Zaostatak za pobjednikom: {points} bodova.",
        "place": "2.",
        "rematch": "Revanš",
    },
    "tr": {
        "title": "Yarış bitti: 2 kişi arasında 2.",
        "score": "Puanınız: {score}.",
        "winner": "Kazanan: {name}, {score} puan.",
        "gap": "Kazananın {points} puan gerisinde.",
        "place": "2.",
        "rematch": "Rövanş",
    },
}


@pytest.mark.parametrize(
    ("viewport", "language"),
    [(PHONE, "en"), (WIDE, "en"), (PHONE, "hr"), (WIDE, "tr")],
    ids=["phone-en", "desktop-en", "phone-hr", "desktop-tr"],
)
def test_the_loser_sees_their_place_the_winner_the_gap_and_a_rematch(
    server, pages, viewport, language, tmp_path
):
    words = END_WORDS[language]
    code, line = winnable()
    winner, loser = new_player(server.url, "winner"), new_player(server.url, "loser")
    assert (
        loser.call("PATCH", f"{API}/players/me", {"settings": {"language": language}}).status == 200
    )
    race = ready_race([winner, loser], deal_code=code)
    a = pages(server.url, winner, f"/races/{race['id']}", viewport=viewport)
    b = pages(server.url, loser, f"/races/{race['id']}", viewport=viewport)
    assert winner.post(f"{API}/races/{race['id']}/start").status == 200
    a_game, b_game = own_game(a), own_game(b)
    expect(b.locator(".race-strip")).to_have_attribute("data-status", "running")

    pair = visible_pair(loser.get(f"{API}/games/{b_game}").body)  # the loser scores a little
    assert loser.post(f"{API}/games/{b_game}/moves", {"positions": pair}).status == 200
    for positions in line:  # the winner clears the table: the race ends, the loser still in play
        move = winner.post(f"{API}/games/{a_game}/moves", {"positions": list(positions)})
        assert move.status == 200
    finished = winner.get(f"{API}/races/{race['id']}").body
    assert finished["status"] == "finished"
    first, second = finished["standings"]
    assert first["player"]["name"] == "winner" and second["player"]["name"] == "loser"
    assert second["rank"] == 2 and second["score"] < first["score"]

    card = b.locator(".race-end")
    expect(card).to_be_visible()
    expect(card.locator("h2")).to_have_text(words["title"])
    expect(card.locator(".race-end-score")).to_have_text(
        words["score"].format(score=second["score"])
    )
    expect(card.locator(".race-end-winner")).to_have_text(
        words["winner"].format(name="winner", score=first["score"])
    )
    expect(card.locator(".race-end-gap")).to_have_text(
        words["gap"].format(points=first["score"] - second["score"])
    )
    rows = card.locator(".race-end-standings li")
    expect(rows).to_have_count(2)
    expect(rows.nth(0).locator(".race-end-name")).to_have_text("winner")
    expect(rows.nth(1)).to_have_class(re.compile(r"\bis-me\b"))
    expect(rows.nth(1).locator(".race-end-points")).to_have_text(str(second["score"]))
    expect(race_button(b, "end-rematch")).to_have_text(words["rematch"])
    expect(race_button(b, "end-rematch")).to_be_focused()
    # their own row in the strip says where they stand, not "in play"
    own_row = b.locator(".race-strip .racer.is-me")
    expect(own_row).to_have_attribute("data-rank", "2")
    expect(own_row.locator(".racer-figures")).to_have_text(f"{second['score']} · {words['place']}")
    box = card.locator(".race-win-card").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"], box
    assert box["y"] >= 0 and box["y"] + box["height"] <= viewport["height"], box
    assert_site_buttons(b, ".race-end button")
    assert_accessible(b, "the loser's end of the race", ".race-end")
    if viewport == PHONE and language == "en":
        keep_screenshot(b, tmp_path / "screenshot-race-loser.png")
    # the winner has their own moment, not this card
    expect(a.locator(".celebration-layer, .race-win")).not_to_have_count(0)
    expect(a.locator(".race-end")).to_have_count(0)

    race_button(b, "end-rematch").click()  # the loser starts the rematch from the card
    expect(card).to_have_count(0)
    expect(b.locator(".race-card")).to_have_attribute("data-status", "open")
    rematch = winner.get(f"{API}/races/{race['id']}").body["rematch"]
    assert rematch and rematch["host"]["name"] == "loser"
