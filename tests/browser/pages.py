"""What the browser tests do on the page, and deals with a known course (from the engine).

Moves among the visible cards come from :mod:`tests.support.moves`."""

from __future__ import annotations

import json
import re

from django.conf import settings
from playwright.sync_api import Browser, BrowserContext, Page, expect

from games.engine import Board, DealCode, Move

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
PILES = [f"P{n}" for n in range(1, 13)]
RESERVE = [f"R{n}" for n in range(1, 9)]
#: A device that has been through the first-visit guide and hint (most tests' starting point).
SEEN_GUIDE = (
    "for (const key of ['halfmoon.guide', 'halfmoon.hint'])"
    " if (!localStorage.getItem(key)) localStorage.setItem(key, 'done');"
)


def wait_ready(page: Page) -> None:
    expect(page.locator("#table")).to_have_attribute("data-version", re.compile(r"^\d+$"))


def open_in(
    browser: Browser,
    base: str,
    http=None,
    game_id: int | None = None,
    viewport: dict = DESKTOP,
    context: BrowserContext | None = None,
    first_visit: bool = False,
) -> Page:
    """A page of the site at ``base``, shown once its game is on the table; JavaScript errors
    are collected in ``page.errors``. ``http``: play as that player (its token is stored).
    The first-visit guide and hint are marked seen unless ``first_visit``."""
    if context is None:
        phone = min(viewport["width"], viewport["height"]) < 500  # held either way
        context = browser.new_context(
            viewport=viewport,
            device_scale_factor=2 if phone else 1,
            is_mobile=phone,
            has_touch=phone,
        )
        if http is not None:
            context.add_init_script(
                f"localStorage.setItem('halfmoon.token', {json.dumps(http.token)});"
            )
        if not first_visit:
            context.add_init_script(SEEN_GUIDE)
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    page.goto(base + "/" + (f"#/games/{game_id}" if game_id else ""))
    wait_ready(page)
    return page


def slot(page: Page, position: str):
    return page.locator(f'.slot[data-position="{position}"]')


def spot(page: Page, position: str):
    return page.locator(f'.spot[data-position="{position}"]')


def stat(page: Page, name: str):
    return page.locator(f'[data-stat="{name}"]')


def wait_for_animations(page: Page) -> None:
    """Until no finite CSS transition or animation runs on the page (an endless one, such as a
    spinner's, aside): a picture taken then shows the page at rest. Playwright's timeout raises.
    """
    page.wait_for_function("""() => document.getAnimations().every(animation =>
        animation.playState !== "running"
        || animation.effect.getComputedTiming().iterations === Infinity)""")


def expect_version(page: Page, version: int) -> None:
    expect(page.locator("#table")).to_have_attribute("data-version", str(version))


def shown_game_id(page: Page) -> int:
    return int(re.fullmatch(r"#/games/(\d+)", page.evaluate("location.hash")).group(1))


def token_of(page: Page) -> str:
    return page.evaluate("localStorage.getItem('halfmoon.token')")


def expect_table(page: Page, game: dict) -> None:
    """Every position on the page shows the API's card and count."""
    for pile in game["piles"]:
        expect(slot(page, pile["position"])).to_have_attribute("data-count", str(pile["count"]))
        expect(slot(page, pile["position"])).to_have_attribute("data-card", pile["top"] or "")
    for cell in game["reserve"]:
        expect(slot(page, cell["position"])).to_have_attribute(
            "data-count", "1" if cell["card"] else "0"
        )
        expect(slot(page, cell["position"])).to_have_attribute("data-card", cell["card"] or "")


def click_move(page: Page, positions: list[str], moves_after: int) -> None:
    """Tap the positions of a removal and wait until the page shows it made."""
    for position in positions:
        spot(page, position).click()
    expect(stat(page, "moves")).to_have_text(str(moves_after))


def names(move: Move) -> list[str]:
    return [p.name for p in move.positions]


def stalling_deal(start: int = 0, tries: int = 500) -> tuple[DealCode, list[Move]]:
    """A deal that stalls with cards left when each turn takes the first legal removal,
    with those removals (the last one leaves the table stalled). Not a solver: one playout."""
    for number in range(start, start + tries):
        code = DealCode(number)
        board = Board(code.layout(settings.HALFMOON_DEAL_KEY))
        played = []
        while legal := board.legal_moves():
            board.push(legal[0])
            played.append(legal[0])
        if board.cards_left and played:
            return code, played
    raise LookupError("no stalling deal found")
