"""The table's clock stops at a stall and runs again after an undo out of it (issue 26).

The page's clock is Playwright's (``context.clock``: it flows as usual, and ``fast_forward``
jumps it minutes ahead at once), so "time passes" without sleeping; the figures it must show
are the server's ``elapsed_ms``.
"""

import json
import re

import pytest
from playwright.sync_api import expect

from tests.support.play import DEAL

from .pages import PHONE, SEEN_GUIDE, click_move, names, open_in, slot, stalling_deal, stat

WIDE = {"width": 1366, "height": 768}


def clock_text(ms: int) -> str:
    return f"{ms // 60000}:{ms // 1000 % 60:02d}"


@pytest.fixture
def clocked_page(browser, daphne_server):
    """open(http, game_id, viewport) -> a page of the game whose clock the test controls."""
    contexts, pages = [], []

    def open_(http, game_id, viewport):
        phone = min(viewport["width"], viewport["height"]) < 500
        context = browser.new_context(
            viewport=viewport,
            device_scale_factor=2 if phone else 1,
            is_mobile=phone,
            has_touch=phone,
        )
        contexts.append(context)
        context.add_init_script(
            f"localStorage.setItem('halfmoon.token', {json.dumps(http.token)});"
        )
        context.add_init_script(SEEN_GUIDE)
        context.clock.install()
        page = open_in(browser, daphne_server, http, game_id, context=context)
        pages.append(page)
        return page

    yield open_
    errors = [error for page in pages for error in page.errors]
    for context in contexts:
        context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


@pytest.mark.parametrize("viewport", [WIDE, PHONE], ids=["desktop", "phone"])
def test_the_tables_clock_stops_at_a_stall_and_runs_after_an_undo(clocked_page, player, viewport):
    code, moves = stalling_deal()
    http = player()
    game = http.post("/api/v1/games", {"deal_code": code.text}).body
    for move in moves:
        game = http.post(f"/api/v1/games/{game['id']}/moves", {"positions": names(move)}).body
    assert game["status"] == "stalled"
    page = clocked_page(http, game["id"], viewport)
    clock = stat(page, "time")
    expect(page.locator("#table")).to_have_attribute("data-status", "stalled")
    expect(clock).to_have_text(clock_text(game["elapsed_ms"]))
    page.clock.fast_forward("05:00")  # the page's timers fire: the clock is redrawn
    expect(page.locator("#table")).to_have_attribute("data-status", "stalled")
    expect(clock).to_have_text(clock_text(game["elapsed_ms"]))

    page.locator(".stall").get_by_role("button", name="Undo").click()
    expect(page.locator("#table")).to_have_attribute("data-status", "playing")
    page.clock.fast_forward("02:00")
    expect(clock).to_have_text(re.compile(r"^2:\d\d$"))  # runs again (from the server's figure)

    click_move(page, names(moves[-1]), moves_after=len(moves))  # stalls again
    expect(page.locator("#table")).to_have_attribute("data-status", "stalled")
    again = http.get(f"/api/v1/games/{game['id']}").body
    assert again["status"] == "stalled"
    expect(clock).to_have_text(clock_text(again["elapsed_ms"]))
    page.clock.fast_forward("03:00")
    expect(clock).to_have_text(clock_text(again["elapsed_ms"]))


@pytest.mark.parametrize("viewport", [WIDE, PHONE], ids=["desktop", "phone"])
def test_the_tables_clock_waits_for_the_first_tap(clocked_page, player, viewport):
    """Reading the table costs no time (SPEC §7): five minutes pass at 0:00, then the first tap
    starts the clock (the page's own timers, moved by Playwright's clock: no sleeping)."""
    http = player()
    game = http.post("/api/v1/games", {"deal_code": DEAL}).body
    page = clocked_page(http, game["id"], viewport)
    clock = stat(page, "time")
    expect(clock).to_have_text("0:00")
    page.clock.fast_forward("05:00")
    expect(clock).to_have_text("0:00")
    slot(page, "P1").click()
    expect(page.locator("#table")).to_have_attribute("data-version", "1")
    page.clock.fast_forward("02:00")
    expect(clock).to_have_text(re.compile(r"^2:0\d$"))


def test_a_late_copy_of_the_shown_version_never_sets_the_clock_back(clocked_page, player):
    """A tap's answer and its live message carry the same version, each with the server's clock
    when it was sent: whichever comes second, late, must not set the table's clock back (it did,
    by the time the copy spent on the way). The page's own ``GameSession`` on a game it is given,
    Playwright's clock moving the time."""
    http = player()
    game = http.post("/api/v1/games", {"deal_code": DEAL}).body
    page = clocked_page(http, game["id"], WIDE)
    page.evaluate(
        """async (game) => {
            const src = document.querySelector("script[type=module]").src;
            const { GameSession } = await import(new URL("../session.js", src));
            const session = Object.create(GameSession.prototype);
            Object.assign(session, { me: {}, closed: false, hooks: { onChange() {} } });
            session.game = { ...game, version: 1, status: "playing", finished_at: null,
                             clock_started_at: "2026-12-06T00:00:00Z", elapsed_ms: 1000 };
            session.syncClock(session.game);
            window.clockSession = session;
        }""",
        game,
    )
    reading = "() => Math.round(window.clockSession.elapsedMs() / 1000)"
    assert page.evaluate(reading) == 1
    page.clock.fast_forward("02:00")
    assert page.evaluate(reading) == 121
    late = "(ms) => window.clockSession.accept({ ...window.clockSession.game, elapsed_ms: ms })"
    page.evaluate(late, 1050)  # the same version, sent 2 minutes ago
    assert page.evaluate(reading) == 121
    page.evaluate(late, 130_000)  # the same version, read further on: the clock catches up
    assert page.evaluate(reading) == 130
    page.evaluate(  # a newer version: the server's figure, whatever the page read before
        "() => window.clockSession.accept({ ...window.clockSession.game, version: 2,"
        " elapsed_ms: 125000 })"
    )
    assert page.evaluate(reading) == 125
