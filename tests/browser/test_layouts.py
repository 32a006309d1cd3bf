"""The table on every screen: fully inside the viewport, with the info bar, the actions, the
stall banner and the message toast all beside it and never over a card; a portrait phone's
table uses the height, a landscape phone's the whole height. The space (issue 26): a desktop's
header in one row, the arc as large as the screen allows, a card size no banner changes,
messages clear of every control and gone once stale; the first visit's hint and guide. Also
takes the README's pictures.
"""

import os
import re
import shutil
import time
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.support.http import API, new_player
from tests.support.moves import mismatched_pair, visible_cards, visible_moves, visible_pair
from tests.support.play import DEAL

from .axe import assert_accessible
from .pages import (
    DESKTOP,
    PHONE,
    PILES,
    RESERVE,
    expect_version,
    names,
    open_in,
    slot,
    spot,
    stalling_deal,
    wait_for_animations,
    wait_ready,
)

LANDSCAPE = {"width": 844, "height": 390}
SMALL_PHONE = {"width": 360, "height": 640}
SMALL_LANDSCAPE = {"width": 667, "height": 375}
TABLET = {"width": 820, "height": 1180}
WIDE = {"width": 1366, "height": 768}
SCREENS = {
    "wide": WIDE,
    "phone-portrait": PHONE,
    "phone-landscape": LANDSCAPE,
    "desktop": DESKTOP,
    "small-phone": SMALL_PHONE,
    "small-landscape": SMALL_LANDSCAPE,
    "tablet": TABLET,
}
#: Everything drawn around the table that must never cover a card.
AROUND = {
    "info bar": ".bar",
    "actions": ".actions",
    "tools": ".tools",
    "stall banner": ".stall",
    "toast": ".toast",
    "watching": ".watching",
    "connection": ".connection",
}
#: Set to a folder (e.g. ``docs``) to keep the pictures this module takes.
SCREENSHOT_DIR = os.environ.get("HALFMOON_SCREENSHOT_DIR")


def keep_screenshot(page, shot: Path) -> None:
    """A picture of the page (it must show something), kept in ``HALFMOON_SCREENSHOT_DIR``
    when that is set."""
    page.screenshot(path=str(shot))
    assert shot.stat().st_size > 10_000
    if SCREENSHOT_DIR:
        shutil.copy(shot, Path(SCREENSHOT_DIR) / shot.name)


def card_boxes(page) -> dict:
    return {p: spot(page, p).bounding_box() for p in PILES + RESERVE}


def overlap(a, b) -> bool:
    return (
        a["x"] < b["x"] + b["width"]
        and b["x"] < a["x"] + a["width"]
        and a["y"] < b["y"] + b["height"]
        and b["y"] < a["y"] + a["height"]
    )


def shown_boxes(page) -> dict:
    """Boxes of the things around the table that are on screen now (several for a selector)."""
    found = {}
    for name, selector in AROUND.items():
        for index, element in enumerate(page.locator(selector).all()):
            if element.is_visible():
                found[f"{name} {index}"] = element.bounding_box()
    return found


def assert_table_clear_and_inside(page, viewport):
    cards = card_boxes(page)
    for position, box in cards.items():
        assert box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"], (position, box)
        assert box["y"] >= 0 and box["y"] + box["height"] <= viewport["height"], (position, box)
    for name, other in shown_boxes(page).items():
        covered = [p for p, box in cards.items() if overlap(box, other)]
        assert not covered, f"{name} {other} covers {covered}"
        labels = [
            p for p in cards if overlap(slot(page, p).locator(".label").bounding_box(), other)
        ]
        assert not labels, f"{name} covers the labels of {labels}"


@pytest.mark.parametrize("screen", list(SCREENS))
def test_a_stalled_table_with_a_message_fits_and_nothing_covers_it(open_page, player, screen):
    viewport = SCREENS[screen]
    code, moves = stalling_deal()
    http = player()
    assert (
        http.call("PATCH", "/api/v1/players/me", {"settings": {"move_errors": True}}).status == 200
    )
    game = http.post("/api/v1/games", {"deal_code": code.text}).body
    for move in moves:
        http.post(f"/api/v1/games/{game['id']}/moves", {"positions": names(move)})
    game = http.get(f"/api/v1/games/{game['id']}").body
    page = open_page(http, game["id"], viewport=viewport)
    expect(page.locator(".stall")).to_be_visible()
    assert_table_clear_and_inside(page, viewport)

    numbers = [p for p, card in visible_cards(game) if card[:-1] not in ("J", "Q", "K")]
    faces = [p for p, card in visible_cards(game) if card[:-1] in ("J", "Q", "K")]
    first, second = (numbers + faces)[:2]  # stalled: no two of them combine
    spot(page, first).click()
    spot(page, second).click()
    expect(page.locator(".toast")).to_be_visible()
    assert_table_clear_and_inside(page, viewport)
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    assert page.evaluate("document.documentElement.scrollHeight") <= viewport["height"]


def arc_height(page) -> float:
    top, bottom = spot(page, "P4").bounding_box(), slot(page, "P1").bounding_box()
    return bottom["y"] + bottom["height"] - top["y"]


@pytest.mark.parametrize("screen", ["phone-portrait", "small-phone", "tablet"])
def test_an_upright_table_uses_the_height(open_page, player, screen):
    """Between the info bar and the toolbar, the arc fills most of the height and leaves no
    large empty band above it."""
    viewport = SCREENS[screen]
    page = open_page(player(), viewport=viewport)
    bar = page.locator(".bar").bounding_box()
    toolbar = page.locator(".actions").bounding_box()
    room_top = bar["y"] + bar["height"]
    room_bottom = toolbar["y"] if toolbar["y"] > room_top else viewport["height"]
    room = room_bottom - room_top
    assert arc_height(page) >= 0.7 * room, (arc_height(page), room)
    band_above = spot(page, "P4").bounding_box()["y"] - room_top
    assert band_above <= 0.15 * room, (band_above, room)


@pytest.mark.parametrize("screen", ["phone-landscape", "small-landscape"])
def test_a_landscape_table_takes_the_whole_height(open_page, player, screen):
    viewport = SCREENS[screen]
    page = open_page(player(), viewport=viewport)
    assert arc_height(page) >= 0.85 * viewport["height"]
    assert spot(page, "P1").bounding_box()["width"] >= 0.12 * viewport["height"]


#: The README's three sizes (its desktop picture is the tester's 1366 × 768).
PICTURES = {"phone-portrait": PHONE, "phone-landscape": LANDSCAPE, "desktop": WIDE}


@pytest.mark.parametrize("screen", list(PICTURES))
def test_screenshots(open_page, player, screen, tmp_path):
    """The README's pictures: a game a few moves in, with a selection."""
    viewport = PICTURES[screen]
    code, moves = stalling_deal()
    http = player("Mira")
    game = http.post("/api/v1/games", {"deal_code": code.text}).body
    for move in moves[:5]:
        http.post(f"/api/v1/games/{game['id']}/moves", {"positions": names(move)})
    page = open_page(http, game["id"], viewport=viewport)
    page.emulate_media(reduced_motion="reduce")  # the selected card is lifted at once
    game = http.get(f"/api/v1/games/{game['id']}").body
    spot(page, visible_cards(game)[0][0]).click()
    expect_version(page, game["version"] + 1)
    expect(slot(page, visible_cards(game)[0][0])).to_have_class(re.compile(r"\bis-selected\b"))
    wait_for_animations(page)
    keep_screenshot(page, tmp_path / f"screenshot-{screen}.png")


@pytest.mark.parametrize("screen", ["phone-portrait", "small-phone", "phone-landscape"])
def test_the_reading_pages_fit_the_width(open_page, player, screen):
    """Rules, examples, statistics (with a game in its tables) and the daily board never make
    the page scroll sideways."""
    viewport = SCREENS[screen]
    http = player()
    game = http.post("/api/v1/games", {"daily": True}).body
    http.post(f"/api/v1/games/{game['id']}/resign")
    page = open_page(http, game["id"], viewport=viewport)
    for view, ready in (
        ("rules", ".diagram"),
        ("examples", ".stepper .diagram"),
        ("stats", ".games-daily tbody tr"),
        ("daily", ".board tbody tr"),
    ):
        page.evaluate(f"location.hash = '#/{view}'")
        expect(page.locator(f".{view}-view {ready}").first).to_be_visible()
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= viewport["width"], (view, width)


# -- the space (issue 26) -------------------------------------------------------------------
#: The tester's three sizes.
THREE = {"wide": WIDE, "phone-portrait": PHONE, "phone-landscape": LANDSCAPE}
#: The arc's share of its frame, at least, in both directions.
ARC_SHARE = 0.85


def box(page, selector) -> dict:
    return page.locator(selector).bounding_box()


def arc_box(page) -> dict:
    """The smallest box around every card and label of the arc."""
    boxes = [
        b
        for p in PILES + RESERVE
        for b in (spot(page, p).bounding_box(), slot(page, p).locator(".label").bounding_box())
    ]
    left, top = min(b["x"] for b in boxes), min(b["y"] for b in boxes)
    right = max(b["x"] + b["width"] for b in boxes)
    bottom = max(b["y"] + b["height"] for b in boxes)
    return {"x": left, "y": top, "width": right - left, "height": bottom - top}


def card_width(page) -> float:
    return spot(page, "P4").bounding_box()["width"]


def assert_no_scrolling(page, viewport):
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    assert page.evaluate("document.documentElement.scrollHeight") <= viewport["height"]


def visible_buttons(page) -> list[tuple[str, dict]]:
    return [
        (
            button.evaluate("b => b.dataset.action || b.dataset.position || b.textContent"),
            button.bounding_box(),
        )
        for button in page.locator("button").all()
        if button.is_visible()
    ]


def assert_toast_clear_of_buttons(page):
    toast = box(page, ".toast")
    covered = [name for name, other in visible_buttons(page) if overlap(toast, other)]
    assert not covered, f"the message {toast} covers {covered}"


def stalled_but_one(http) -> tuple[dict, list[str]]:
    """A game of the stalling deal one removal short of its stall, and that removal."""
    code, moves = stalling_deal()
    game = http.post(f"{API}/games", {"deal_code": code.text}).body
    for move in moves[:-1]:
        assert (
            http.post(f"{API}/games/{game['id']}/moves", {"positions": names(move)}).status == 200
        )
    return http.get(f"{API}/games/{game['id']}").body, names(moves[-1])


@pytest.mark.parametrize("language", ["en", "hr", "tr"])
@pytest.mark.parametrize("viewport", [WIDE, {"width": 1920, "height": 1080}], ids=["1366", "1920"])
def test_a_desktop_header_is_one_row(open_page, player, viewport, language):
    """In every language (Croatian's longer words wrapped the brand and the deal code at 1366)."""
    http = player()
    if language != "en":
        assert (
            http.call("PATCH", f"{API}/players/me", {"settings": {"language": language}}).status
            == 200
        )
    page = open_page(http, viewport=viewport)
    bar = box(page, ".bar")
    items = [e.bounding_box() for e in page.locator(".bar > *").all() if e.is_visible()]
    assert len(items) == 5, items  # brand, figures, deal, actions, tools
    middle = bar["y"] + bar["height"] / 2
    for item in items:  # every item on the bar's one line (centred within a few pixels)
        assert abs(item["y"] + item["height"] / 2 - middle) <= 6, (item, bar)
    assert bar["height"] <= 72, bar
    assert_accessible(page, f"the table at {viewport} in {language}")


@pytest.mark.parametrize("screen", list(THREE))
def test_the_arc_fills_its_frame_without_scrolling(open_page, player, screen):
    """The cards are as large as fit: the arc spans >= 85 % of the frame's width and height
    (the frame being all the room the bars leave), and nothing scrolls."""
    viewport = THREE[screen]
    page = open_page(player(), viewport=viewport)
    frame, arc = box(page, ".table-frame"), arc_box(page)
    assert arc["width"] >= ARC_SHARE * frame["width"], (arc, frame)
    assert arc["height"] >= ARC_SHARE * frame["height"], (arc, frame)
    bars = sum(
        b["width"] if screen == "phone-landscape" else b["height"]
        for b in (box(page, ".bar"), box(page, ".actions"))
    )
    room = viewport["width"] if screen == "phone-landscape" else viewport["height"]
    assert bars <= 0.3 * room, (bars, room)  # the bars leave the table >= 70 % of the screen
    if screen == "phone-landscape":
        assert box(page, ".bar")["width"] <= 0.15 * viewport["width"]  # a narrow left rail
    assert_no_scrolling(page, viewport)


@pytest.mark.parametrize("screen", list(THREE))
def test_the_stall_banner_never_changes_the_card_size(open_page, player, screen):
    viewport = THREE[screen]
    http = player()
    game, last = stalled_but_one(http)
    page = open_page(http, game["id"], viewport=viewport)
    before = card_width(page)
    for position in last:
        spot(page, position).click()
    expect(page.locator(".stall")).to_be_visible()
    assert card_width(page) == before
    assert_table_clear_and_inside(page, viewport)
    assert_no_scrolling(page, viewport)
    assert_accessible(page, f"a stalled table at {screen}")


@pytest.mark.parametrize("screen", list(THREE))
def test_a_message_covers_no_control_and_goes_once_stale(open_page, player, screen):
    """A refused pair's message (Move errors on) lies clear of every button; the next good tap
    takes it away, and so does going to the rules page."""
    viewport = THREE[screen]
    http = player()
    assert (
        http.call("PATCH", f"{API}/players/me", {"settings": {"move_errors": True}}).status == 200
    )
    game = http.post(f"{API}/games", {}).body
    page = open_page(http, game["id"], viewport=viewport)
    toast = page.locator(".toast")
    for position in mismatched_pair(game):
        spot(page, position).click()
    expect(toast).to_have_text("The sum must equal 11")
    assert_toast_clear_of_buttons(page)
    assert_table_clear_and_inside(page, viewport)
    assert_accessible(page, f"a table with a message at {screen}")

    pair = visible_pair(game)
    spot(page, pair[0]).click()  # a good tap: the selection; the old message goes at once
    expect(slot(page, pair[0])).to_have_class(re.compile(r"\bis-selected\b"))
    expect(toast).to_be_hidden()
    spot(page, pair[1]).click()
    expect(slot(page, pair[0])).to_have_attribute("data-count", re.compile(r"^[0-7]$"))

    game = http.get(f"{API}/games/{game['id']}").body
    for position in mismatched_pair(game):
        spot(page, position).click()
    expect(toast).to_be_visible()
    page.locator('.actions [data-action="rules"]').click()
    expect(page.locator(".rules-view .diagram")).to_be_visible()
    expect(toast).to_be_hidden()


def test_a_message_goes_when_an_undo_succeeds(open_page, player):
    http = player()
    assert (
        http.call("PATCH", f"{API}/players/me", {"settings": {"move_errors": True}}).status == 200
    )
    game = http.post(f"{API}/games", {"deal_code": DEAL}).body
    http.post(f"{API}/games/{game['id']}/moves", {"positions": visible_pair(game)})
    game = http.get(f"{API}/games/{game['id']}").body
    page = open_page(http, game["id"], viewport=WIDE)
    for position in mismatched_pair(game):
        spot(page, position).click()
    expect(page.locator(".toast")).to_be_visible()
    page.locator('.actions [data-action="undo"]').click()
    expect(page.locator('[data-stat="moves"]')).to_have_text("0")
    expect(page.locator(".toast")).to_be_hidden()


# -- the first visit ------------------------------------------------------------------------
def guide(page):
    return page.locator("#guide-dialog")


def stored(page, key):
    return page.evaluate(f"localStorage.getItem('halfmoon.{key}')")


@pytest.mark.parametrize("screen", list(THREE))
def test_a_first_visit_gets_the_guide_once_and_can_skip_it(open_page, screen):
    viewport = THREE[screen]
    page = open_page(viewport=viewport, first_visit=True)
    expect(guide(page)).to_be_visible()
    expect(guide(page).locator(".diagram .slot.is-target")).to_have_attribute("data-position", "P1")
    assert_accessible(page, f"the guide at {screen}")
    guide(page).locator('[data-guide="next"]').click()
    expect(guide(page)).to_have_attribute("data-step", "2")
    guide(page).locator('[data-guide="skip"]').click()
    expect(guide(page)).to_be_hidden()
    hint = page.locator(".table-hint")
    expect(hint).to_have_text(
        re.compile("Tap two cards that make 11, or a jack, a queen and a king")
    )
    assert_table_clear_and_inside(page, viewport)
    hint_box = hint.bounding_box()
    for position in PILES + RESERVE:
        assert not overlap(hint_box, slot(page, position).bounding_box()), position
    assert_accessible(page, f"the first table with its hint at {screen}")

    page.reload()
    expect(page.locator("#table")).to_have_attribute("data-version", re.compile(r"^\d+$"))
    expect(hint).to_be_visible()  # the hint stays until it is dismissed…
    expect(guide(page)).to_be_hidden()  # …the guide was shown once
    page.locator('.table-hint [data-action="hint-done"]').click()
    expect(hint).to_be_hidden()
    page.reload()
    expect(page.locator("#table")).to_have_attribute("data-version", re.compile(r"^\d+$"))
    expect(hint).to_be_hidden()
    expect(guide(page)).to_be_hidden()
    assert (stored(page, "guide"), stored(page, "hint")) == ("done", "done")


def test_the_guide_walks_through_the_worked_example_to_its_end(open_page):
    page = open_page(viewport=PHONE, first_visit=True)
    targets = []
    for step in range(1, 6):
        expect(guide(page)).to_have_attribute("data-step", str(step))
        target = guide(page).locator(".diagram .slot.is-target")
        targets.append(target.get_attribute("data-position"))
        target.click()  # the card to tap, tapped in the picture
    assert targets == ["P1", "P8", "P3", "P8", "P5"]  # 5♠ + 6♦, then K♥, J♣, Q♥
    expect(guide(page).locator(".guide-text")).to_contain_text("25 points after 2 moves")
    # pile 1 shows 7♥ and pile 8 is down to 6 cards: the example's two removals were made
    expect(guide(page).locator('.diagram .slot[data-position="P1"]')).to_have_attribute(
        "data-card", "7H"
    )
    expect(guide(page).locator('.diagram .slot[data-position="P8"]')).to_have_attribute(
        "data-count", "6"
    )
    guide(page).locator('[data-guide="next"]').click()  # "Play"
    expect(guide(page)).to_be_hidden()
    expect(page.locator(".table-hint")).to_be_hidden()  # the guide taught what the hint says
    page.reload()
    expect(page.locator("#table")).to_have_attribute("data-version", re.compile(r"^\d+$"))
    expect(guide(page)).to_be_hidden()


def test_a_first_removal_retires_the_hint(open_page):
    page = open_page(viewport=WIDE, first_visit=True)
    guide(page).locator('[data-guide="skip"]').click()
    expect(page.locator(".table-hint")).to_be_visible()
    game = page.evaluate(
        "fetch('/api/v1/games/' + location.hash.split('/')[2], {headers: "
        "{Authorization: 'Token ' + localStorage.getItem('halfmoon.token')}})"
        ".then(r => r.json())"
    )
    for position in visible_pair(game):
        spot(page, position).click()
    expect(page.locator('[data-stat="moves"]')).to_have_text("1")
    expect(page.locator(".table-hint")).to_be_hidden()


@pytest.mark.parametrize(
    ("language", "court"), [("en", "K♥"), ("hr", "R♥"), ("tr", "R♥")], ids=["en", "hr", "tr"]
)
def test_the_rules_page_opens_the_guide_again(open_page, player, language, court):
    http = player()
    assert (
        http.call("PATCH", f"{API}/players/me", {"settings": {"language": language}}).status == 200
    )
    page = open_page(http, viewport=WIDE)
    expect(guide(page)).to_be_hidden()  # not a first visit: no guide of its own
    page.evaluate("location.hash = '#/rules'")
    page.locator(".rules-view .guide-again").click()
    expect(guide(page)).to_be_visible()
    for _ in range(2):
        guide(page).locator('[data-guide="next"]').click()
    expect(guide(page).locator(".guide-text")).to_contain_text(court)
    assert_accessible(page, f"the guide from the rules page in {language}")
    guide(page).locator('[data-guide="skip"]').click()
    expect(guide(page)).to_be_hidden()
    expect(page.locator(".rules-view")).to_be_visible()  # skipped: still on the rules page


# -- a race, for the README ----------------------------------------------------------------
def running_race(http, race_id, timeout=15.0) -> dict:
    """The race once its countdown is over; raises after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while (race := http.get(f"{API}/races/{race_id}").body)["status"] != "running":
        if time.monotonic() > deadline:
            raise AssertionError(f"the race did not start: {race}")
        time.sleep(0.05)  # a poll of the condition, not a wait for a time
    return race


def test_screenshot_of_a_race_in_progress(browser, shared_server, tmp_path):
    """Two players racing, a few moves each: one's table with the other's progress above it."""
    server = shared_server(HALFMOON_RACE_COUNTDOWN_MS="300")
    host, guest = new_player(server.url, "Mira"), new_player(server.url, "Tomo")
    race = host.post(f"{API}/races", {"seats": 2}).body
    assert guest.post(f"{API}/races/join", {"invite": race["invite"]}).status == 200
    for member in (host, guest):
        assert member.post(f"{API}/races/{race['id']}/ready", {"ready": True}).status == 200
    assert host.post(f"{API}/races/{race['id']}/start").status == 200
    games = {}
    for member, moves in ((host, 3), (guest, 2)):
        me = member.get(f"{API}/players/me").body["id"]
        body = running_race(member, race["id"])
        game_id = next(m["game_id"] for m in body["members"] if m["player"]["id"] == me)
        for _ in range(moves):
            # any removal in view (a random race deal may show no pair, or stall early)
            found = visible_moves(member.get(f"{API}/games/{game_id}").body)
            if not found:
                break
            move = member.post(f"{API}/games/{game_id}/moves", {"positions": found[0]})
            assert move.status == 200
        games[member] = game_id
    page = open_in(browser, server.url, host, games[host], viewport=WIDE)
    try:
        page.emulate_media(reduced_motion="reduce")
        expect(page.locator(".race-strip .racer")).to_have_count(2)
        expect(page.locator(".race-strip")).to_contain_text("Tomo")
        assert_table_clear_and_inside(page, WIDE)
        wait_for_animations(page)
        keep_screenshot(page, tmp_path / "screenshot-race.png")
    finally:
        page.context.close()


@pytest.mark.parametrize("locale", ["en-GB", "hr-HR", "tr-TR"])
@pytest.mark.parametrize("screen", list(THREE))
def test_the_first_hints_buttons_never_overlap(browser, daphne_server, screen, locale):
    """The first table's hint (its text, "Guide" and ✕) in every language at every size: no
    button covers another or the text (issue 38: the Turkish "Rehber" covered its ✕ on a
    phone)."""
    viewport = THREE[screen]
    phone = min(viewport["width"], viewport["height"]) < 500
    context = browser.new_context(
        viewport=viewport, locale=locale, is_mobile=phone, has_touch=phone,
        device_scale_factor=2 if phone else 1,
    )  # fmt: skip
    context.add_init_script("localStorage.setItem('halfmoon.guide', 'done');")
    try:
        page = context.new_page()
        page.goto(daphne_server + "/")
        wait_ready(page)
        hint = page.locator(".table-hint")
        expect(hint).to_be_visible()
        parts = [
            hint.locator("span").first.bounding_box(),
            hint.locator('[data-action="guide"]').bounding_box(),
            hint.locator('[data-action="hint-done"]').bounding_box(),
        ]
        for i, a in enumerate(parts):
            for b in parts[i + 1 :]:
                assert not overlap(a, b), (locale, screen, parts)
        assert hint.locator('[data-action="guide"]').evaluate("b => b.scrollWidth <= b.clientWidth")
    finally:
        context.close()


@pytest.mark.parametrize("screen", list(THREE))
def test_the_guide_fits_the_screen_or_scrolls_within_it(open_page, screen):
    """The first-visit guide is never cut off (issue 38: on a phone on its side, taller than
    its 390 px, its top was out of reach): it lies inside the viewport, and what does not fit
    scrolls inside it."""
    viewport = THREE[screen]
    page = open_page(viewport=viewport, first_visit=True)
    sheet = guide(page)
    expect(sheet).to_be_visible()
    box = sheet.bounding_box()
    assert box["y"] >= 0 and box["y"] + box["height"] <= viewport["height"] + 1, (box, viewport)
    assert box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"] + 1, (box, viewport)
    fits = sheet.evaluate(
        "e => e.scrollHeight <= e.clientHeight || getComputedStyle(e).overflowY !== 'visible'"
    )
    assert fits
