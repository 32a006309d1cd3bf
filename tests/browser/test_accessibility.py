"""Accessibility measured: axe-core (WCAG 2.x A and AA, best practices, colour contrast AA) on
every page and dialog, on phones and desktops and in every language, with zero violations;
every control reached with the Tab key, each showing a visible focus ring."""

import pytest
from django.conf import settings
from playwright.sync_api import expect

from tests.support.moves import mismatched_pair, visible_pair
from tests.support.play import DEAL
from tests.support.solver import find_winnable_code

from .axe import assert_accessible
from .pages import DESKTOP, PHONE, names, spot, stalling_deal

LANDSCAPE = {"width": 844, "height": 390}


def open_from_table(page, action):
    page.locator(f'[data-action="{action}"]').first.click()


def audit_pages(page, label):
    """The table, both dialogs of the table and every reading page, as ``page`` shows them."""
    assert_accessible(page, f"the table ({label})")
    for action, dialog in (("settings", "#settings-dialog"), ("code", "#code-dialog")):
        open_from_table(page, action)
        expect(page.locator(dialog)).to_be_visible()
        assert_accessible(page, f"the {action} dialog ({label})")
        page.keyboard.press("Escape")
        expect(page.locator(dialog)).to_be_hidden()
    for view in ("rules", "examples", "stats", "daily", "account", "sign-in", "races", "ratings"):
        page.evaluate(f"location.hash = '#/{view}'")
        expect(page.locator(f".{view}-view")).to_be_visible()
        if view in ("races", "ratings"):
            expect(page.locator(f".{view}-card")).to_be_visible()
        if view == "examples":
            for _ in range(4):  # to a refused tap: the message is shown
                page.locator('[data-example="next"]').click()
            expect(page.locator(".step-message")).to_be_visible()
        elif view == "stats":
            expect(page.locator(".stats-view .tiles")).to_be_visible()
        elif view == "daily":
            expect(page.locator(".daily-card")).to_be_visible()
        elif view == "account":
            expect(page.locator(".account-view .devices")).to_be_visible()
        assert_accessible(page, f"the {view} page ({label})")


@pytest.mark.parametrize(
    "viewport", [DESKTOP, PHONE, LANDSCAPE], ids=["desktop", "phone", "landscape"]
)
def test_every_page_and_dialog_passes_axe(open_page, player, viewport):
    http = player()
    game = http.post("/api/v1/games", {"deal_code": DEAL}).body
    http.post(f"/api/v1/games/{game['id']}/moves", {"positions": visible_pair(game)})
    page = open_page(http, game["id"], viewport=viewport)
    audit_pages(page, str(viewport))


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_a_race_passes_axe_before_and_during_the_run(open_page, player, viewport):
    host, guest = player("host"), player("guest")
    race = host.post("/api/v1/races", {"seats": 2}).body
    guest.post("/api/v1/races/join", {"invite": race["invite"]})
    game = host.post("/api/v1/games", {}).body
    page = open_page(host, game["id"], viewport=viewport)
    page.evaluate(f"location.hash = '#/races/{race['id']}'")
    expect(page.locator(".race-card .racer")).to_have_count(2)
    assert_accessible(page, f"an open race ({viewport})")
    for client in (host, guest):
        client.post(f"/api/v1/races/{race['id']}/ready", {"ready": True})
    host.post(f"/api/v1/races/{race['id']}/start")
    expect(page.locator(".race-strip .racer")).to_have_count(2, timeout=30_000)
    assert_accessible(page, f"a table in a race ({viewport})")


@pytest.mark.parametrize("language", ["hr", "tr"])
def test_every_page_passes_axe_in_each_language(open_page, player, language):
    http = player()
    http.call("PATCH", "/api/v1/players/me", {"settings": {"language": language}})
    page = open_page(http)
    assert page.evaluate("document.documentElement.lang") == language
    audit_pages(page, language)


def test_the_table_while_playing_passes_axe(open_page, player):
    """A selection with the placement aid (dimmed cards), a move-error toast, the stall banner
    and the end-of-game dialogs."""
    http = player()
    http.call(
        "PATCH", "/api/v1/players/me", {"settings": {"move_errors": True, "placement_aid": True}}
    )
    game = http.post("/api/v1/games", {}).body
    page = open_page(http, game["id"])
    first, second = mismatched_pair(game)
    spot(page, first).click()
    expect(page.locator(".slot.is-dimmed").first).to_be_visible()
    assert_accessible(page, "a selection with dimmed cards")
    spot(page, second).click()
    expect(page.locator(".toast")).to_be_visible()
    assert_accessible(page, "a move-error toast")

    code, moves = stalling_deal()
    stalled = http.post("/api/v1/games", {"deal_code": code.text}).body
    for move in moves:
        http.post(f"/api/v1/games/{stalled['id']}/moves", {"positions": names(move)})
    page.evaluate(f"location.hash = '#/games/{stalled['id']}'")
    expect(page.locator(".stall")).to_be_visible()
    assert_accessible(page, "the stall banner")
    http.post(f"/api/v1/games/{stalled['id']}/resign")
    expect(page.locator("#ended-dialog")).to_be_visible()
    assert_accessible(page, "the ended dialog")
    page.keyboard.press("Escape")

    code, moves = find_winnable_code(settings.HALFMOON_DEAL_KEY)
    won = http.post("/api/v1/games", {"deal_code": code.text}).body
    for move in moves:
        http.post(f"/api/v1/games/{won['id']}/moves", {"positions": names(move)})
    page.evaluate(f"location.hash = '#/games/{won['id']}'")
    expect(page.locator("#won-dialog")).to_be_visible()
    assert_accessible(page, "the won dialog")


FOCUS_STOP = """() => {
    const el = document.activeElement;
    const style = getComputedStyle(el);
    const box = el.getBoundingClientRect();
    return {
        key: el.dataset.action || el.dataset.position || el.dataset.example || el.dataset.stepLink
             || el.getAttribute("href") || el.name || el.textContent.trim().slice(0, 30),
        tag: el.tagName, visible: box.width > 0 && box.height > 0,
        outline: style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 2,
    };
}"""


def tab_through(page, limit=60) -> list[dict]:
    """Every focus stop of the page in Tab order, from its top to its end."""
    for _ in range(limit):  # first leave the page at its end, wherever the focus was
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement === document.body"):
            break
    stops = []
    for _ in range(limit):
        page.keyboard.press("Tab")
        stop = page.evaluate(FOCUS_STOP)
        if stop["tag"] == "BODY":
            break
        stops.append(stop)
    return stops


def interactive(page, root) -> set:
    """Keys of the enabled, visible controls under ``root`` (the table counts as one stop)."""
    return set(
        page.evaluate(
            """(root) => [...document.querySelectorAll(root)].flatMap((r) =>
        [...r.querySelectorAll("button, a[href], input, select, summary")])
        .filter((el) => !el.disabled && el.getClientRects().length && getComputedStyle(el).visibility !== "hidden"
                        && !el.closest("dialog:not([open]), [hidden]") && !(el.classList.contains("spot") && el.tabIndex < 0))
        .map((el) => el.dataset.action || el.dataset.position || el.dataset.example || el.dataset.stepLink
                     || el.getAttribute("href") || el.name || el.textContent.trim().slice(0, 30))""",
            root,
        )
    )


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_every_control_is_reached_by_tab_with_a_visible_focus_ring(open_page, player, viewport):
    http = player()
    game = http.post("/api/v1/games", {"deal_code": DEAL}).body
    http.post(f"/api/v1/games/{game['id']}/moves", {"positions": visible_pair(game)})
    page = open_page(http, game["id"], viewport=viewport)
    page.emulate_media(reduced_motion="reduce")
    for view in ("table", "rules", "examples", "stats", "daily", "account", "sign-in"):
        if view != "table":
            page.evaluate(f"location.hash = '#/{view}'")
            expect(page.locator(f".{view}-view")).to_be_visible()
            expect(page.locator(f".{view}-view button").first).to_be_visible()
            # Loaded: a page re-rendered mid-walk would drop the focus to the body.
            expect(page.locator(f".{view}-view [aria-busy='true']")).to_have_count(0)
        stops = tab_through(page, limit=120)
        reached = {stop["key"] for stop in stops}
        missing = interactive(page, "header, main") - reached
        assert not missing, f"{view}: not reached by Tab: {sorted(missing)}"
        unringed = [stop["key"] for stop in stops if stop["visible"] and not stop["outline"]]
        assert not unringed, f"{view}: no visible focus ring on {unringed}"

    page.evaluate(f"location.hash = '#/games/{game['id']}'")
    expect(page.locator("#table")).to_be_visible()
    settings_button = page.locator('.tools [data-action="settings"]')
    settings_button.focus()
    page.keyboard.press("Enter")
    dialog = page.locator("#settings-dialog")
    expect(dialog).to_be_visible()
    assert page.evaluate("document.activeElement.closest('dialog')?.id") == "settings-dialog"
    dialog_stops = set()
    for _ in range(12):  # the modal dialog keeps the focus (past its end: the browser's own UI)
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement === document.body"):
            continue
        assert page.evaluate("document.activeElement.closest('dialog')?.id") == "settings-dialog"
        stop = page.evaluate(FOCUS_STOP)
        assert stop["outline"], stop
        dialog_stops.add(stop["key"])
    assert interactive(page, "#settings-dialog") <= dialog_stops
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(settings_button).to_be_focused()
