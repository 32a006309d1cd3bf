"""The table on every screen: fully inside the viewport, with the info bar, the actions, the
stall banner and the message toast all beside it and never over a card; a portrait phone's
table uses the height, a landscape phone's the whole height. Also takes the README's pictures.
"""

import os
import re
import shutil
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.support.moves import visible_cards

from .pages import DESKTOP, PHONE, PILES, RESERVE, expect_version, names, slot, spot, stalling_deal

LANDSCAPE = {"width": 844, "height": 390}
SMALL_PHONE = {"width": 360, "height": 640}
SMALL_LANDSCAPE = {"width": 667, "height": 375}
TABLET = {"width": 820, "height": 1180}
SCREENS = {
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


@pytest.mark.parametrize("screen", ["phone-portrait", "phone-landscape", "desktop"])
def test_screenshots(open_page, player, screen, tmp_path):
    """The README's pictures: a game a few moves in, with a selection."""
    viewport = SCREENS[screen]
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
    shot = tmp_path / f"screenshot-{screen}.png"
    page.screenshot(path=str(shot))
    assert shot.stat().st_size > 10_000
    if SCREENSHOT_DIR:
        shutil.copy(shot, Path(SCREENSHOT_DIR) / shot.name)


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
