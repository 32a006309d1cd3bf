"""Keyboard play: arrow keys follow the arc, position shortcuts jump, Enter/Space tap, U undoes,
and every position carries a spoken label like "Pile 5, 8 cards, queen of hearts"."""

import re

import pytest
from django.conf import settings
from playwright.sync_api import expect

from games.engine import Board, DealCode
from tests.support.moves import visible_pair
from tests.support.play import DEAL

from .axe import assert_accessible
from .pages import PHONE, expect_table, slot, stat

pytestmark = pytest.mark.browser

SHORTCUTS = {
    **{f"P{n}": str(n) for n in range(1, 10)},
    "P10": "0",
    "P11": "-",
    "P12": "=",
    **{f"R{n}": key for n, key in enumerate("asdfzxcv", start=1)},
}
WIDE = {"width": 1366, "height": 768}
RANKS = {"A": "ace", "J": "jack", "Q": "queen", "K": "king"}
SUITS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}


def spoken(entry: dict) -> str:
    """The English label of a pile or reserve slot as the API describes it."""
    position = entry["position"]
    card = entry.get("top", entry.get("card"))
    pile = position.startswith("P")
    parts = [f"{'Pile' if pile else 'Reserve'} {position[1:]}"]
    if card is None:
        return f"{parts[0]}, empty"
    if pile:
        parts.append(f"{entry['count']} card{'s' if entry['count'] != 1 else ''}")
    parts.append(f"{RANKS.get(card[:-1], card[:-1])} of {SUITS[card[-1]]}")
    return ", ".join(parts)


def focused(page) -> str | None:
    return page.evaluate(
        "document.activeElement && document.activeElement.dataset.position || null"
    )


def test_arrow_keys_walk_the_arc(open_page):
    page = open_page()
    for _ in range(20):
        page.keyboard.press("Tab")
        if focused(page):
            break
    assert focused(page) == "P4"
    walk = [
        ("ArrowDown", "P3"),
        ("ArrowDown", "P2"),
        ("ArrowDown", "P1"),
        ("ArrowRight", "R5"),
        ("ArrowUp", "R1"),
        ("ArrowRight", "R2"),
        ("ArrowRight", "R3"),
        ("ArrowRight", "R4"),
        ("ArrowDown", "R8"),
        ("ArrowRight", "P12"),
        ("ArrowUp", "P11"),
        ("ArrowUp", "P10"),
        ("ArrowUp", "P10"),
        ("ArrowLeft", "P9"),
        ("ArrowLeft", "P8"),
    ]
    for key, expected in walk:
        page.keyboard.press(key)
        assert focused(page) == expected, key
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Tab")
    assert focused(page) == "P8"  # the table is one tab stop that remembers its position


def test_a_pair_is_played_and_undone_with_the_keyboard_only(open_page, player):
    http = player()
    game = http.post("/api/v1/games", {"deal_code": DEAL}).body
    page = open_page(http, game["id"])
    entries = {e["position"]: e for e in game["piles"] + game["reserve"]}
    for position, entry in entries.items():
        expect(slot(page, position).locator(".spot")).to_have_attribute("aria-label", spoken(entry))
    first, second = visible_pair(game)

    page.keyboard.press(SHORTCUTS[first])
    assert focused(page) == first
    page.keyboard.press("Enter")
    expect(slot(page, first)).to_have_class(re.compile(r"\bis-selected\b"))
    expect(slot(page, first).locator(".spot")).to_have_attribute(
        "aria-label", spoken(entries[first]) + ", selected"
    )
    page.keyboard.press(SHORTCUTS[second])
    assert focused(page) == second
    page.keyboard.press("Space")
    expect(stat(page, "moves")).to_have_text("1")
    after = http.get(f"/api/v1/games/{game['id']}").body
    assert after["moves"] == 1
    expect_table(page, after)

    page.keyboard.press("u")
    expect(stat(page, "moves")).to_have_text("0")
    expect_table(page, game)
    assert http.get(f"/api/v1/games/{game['id']}").body["moves"] == 0


CLEARED = {"en": "Selection cleared.", "hr": "Odabir je poništen.", "tr": "Seçim kaldırıldı."}


def jack_and_queen_deal() -> tuple[str, list[str]]:
    """A deal with a jack and a queen in view (both stay selected: a triple's first two)."""
    for number in range(400):
        code = DealCode(number)
        board = Board(code.layout(settings.HALFMOON_DEAL_KEY))
        seen = {card.code[:-1]: position.name for position, card in board.playable()}
        if "J" in seen and "Q" in seen:
            return code.text, [seen["J"], seen["Q"]]
    raise LookupError("no deal with a jack and a queen in view")


@pytest.mark.parametrize("language", ["en", "hr", "tr"])
def test_escape_clears_the_selection_and_says_so(open_page, player, language):
    http = player()
    assert (
        http.call("PATCH", "/api/v1/players/me", {"settings": {"language": language}}).status == 200
    )
    code, court = jack_and_queen_deal()
    game = http.post("/api/v1/games", {"deal_code": code}).body
    page = open_page(http, game["id"])
    for position in court:
        slot(page, position).locator(".spot").click()
    expect(page.locator(".slot.is-selected")).to_have_count(2)
    expect(page.locator("#table")).to_have_attribute("data-version", str(game["version"] + 2))
    assert http.get(f"/api/v1/games/{game['id']}").body["selection"] == court

    page.keyboard.press("Escape")
    expect(page.locator(".slot.is-selected")).to_have_count(0)
    expect(page.locator(".announcer")).to_have_text(CLEARED[language])
    expect(page.locator("#table")).to_have_attribute("data-version", str(game["version"] + 4))
    after = http.get(f"/api/v1/games/{game['id']}").body
    assert after["selection"] == [] and after["moves"] == 0
    expect_table(page, after)

    # nothing selected: Escape changes nothing (no request, no word)
    page.evaluate("document.querySelector('.announcer').textContent = ''")
    page.keyboard.press("Escape")
    expect(page.locator("body")).to_have_class(re.compile(r"\bview-table\b"))
    assert (page.locator(".announcer").text_content() or "") == ""
    assert http.get(f"/api/v1/games/{game['id']}").body["version"] == after["version"]


SKIP = {"en": "Skip to the table", "hr": "Preskoči na stol", "tr": "Masaya geç"}


@pytest.mark.parametrize(
    ("viewport", "language"),
    [(PHONE, "en"), (WIDE, "en"), (PHONE, "hr"), (WIDE, "tr")],
    ids=["phone-en", "desktop-en", "phone-hr", "desktop-tr"],
)
def test_the_skip_link_is_the_first_tab_stop_and_leads_to_the_table(
    open_page, player, viewport, language
):
    http = player()
    assert (
        http.call("PATCH", "/api/v1/players/me", {"settings": {"language": language}}).status == 200
    )
    game = http.post("/api/v1/games", {}).body
    page = open_page(http, game["id"], viewport=viewport)
    link = page.locator("a.skip-link")
    expect(link).to_have_text(SKIP[language])
    assert link.bounding_box()["y"] + link.bounding_box()["height"] <= 0  # out of sight
    page.keyboard.press("Tab")
    expect(link).to_be_focused()
    box = link.bounding_box()  # in sight once focused
    assert box["y"] >= 0 and box["x"] + box["width"] <= viewport["width"], box
    assert_accessible(page, "the game page with its skip link focused")
    page.keyboard.press("Enter")
    assert focused(page) == "P4"  # the table's current position
    assert page.evaluate("location.hash") == f"#/games/{game['id']}"
    page.keyboard.press("ArrowRight")
    assert focused(page) == "P5"  # play goes on from there
