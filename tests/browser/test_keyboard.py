"""Keyboard play: arrow keys follow the arc, position shortcuts jump, Enter/Space tap, U undoes,
and every position carries a spoken label like "Pile 5, 8 cards, queen of hearts"."""

import re

import pytest
from playwright.sync_api import expect

from tests.support.moves import visible_pair
from tests.support.play import DEAL

from .pages import expect_table, slot, stat

pytestmark = pytest.mark.browser

SHORTCUTS = {
    **{f"P{n}": str(n) for n in range(1, 10)},
    "P10": "0",
    "P11": "-",
    "P12": "=",
    **{f"R{n}": key for n, key in enumerate("asdfzxcv", start=1)},
}
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
