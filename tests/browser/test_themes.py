"""Themes (web/static/web/theme.js, halfmoon.css): light and dark follow the system's
prefers-color-scheme until the player picks one in Settings (kept on the device across reloads);
a high-contrast theme too. axe (colour contrast included) passes on the table and the settings
dialog in each theme, on a phone and a desktop."""

import os
import shutil
from pathlib import Path

from playwright.sync_api import expect

from tests.support.moves import visible_pair
from tests.support.play import DEAL

from .axe import assert_accessible
from .pages import PHONE, wait_ready

WIDE = {"width": 1366, "height": 768}
SCREENSHOT_DIR = os.environ.get("HALFMOON_SCREENSHOT_DIR")
#: The settings dialog's background in each theme (--paper).
PAPER = {
    "light": "rgb(255, 253, 247)",
    "dark": "rgb(30, 34, 37)",
    "contrast": "rgb(0, 0, 0)",
}


def paper(page) -> str:
    return page.evaluate(
        "getComputedStyle(document.querySelector('#settings-dialog')).backgroundColor"
    )


def audit(page, theme: str, label: str) -> None:
    """The table and the settings dialog in ``theme``: its colours, and axe on both."""
    expect(page.locator("#table")).to_be_visible()
    assert paper(page) == PAPER[theme]
    assert_accessible(page, f"the table ({theme}, {label})")
    page.locator('[data-action="settings"]').first.click()
    expect(page.locator("#settings-dialog")).to_be_visible()
    assert_accessible(page, f"the settings dialog ({theme}, {label})")
    page.keyboard.press("Escape")
    expect(page.locator("#settings-dialog")).to_be_hidden()


def choose(page, theme: str) -> None:
    """Pick ``theme`` in Settings and save."""
    page.locator('[data-action="settings"]').first.click()
    dialog = page.locator("#settings-dialog")
    expect(dialog).to_be_visible()
    dialog.locator('select[name="theme"]').select_option(theme)
    dialog.locator('button[value="save"]').click()
    expect(dialog).to_be_hidden()


def test_themes_follow_the_system_then_the_setting_and_pass_axe(open_page, player, tmp_path):
    http = player("Mira")
    game = http.post("/api/v1/games", {"deal_code": DEAL}).body
    http.post(f"/api/v1/games/{game['id']}/moves", {"positions": visible_pair(game)})
    for viewport, label in ((PHONE, "phone"), (WIDE, "desktop")):
        page = open_page(http, game["id"], viewport=viewport)
        page.emulate_media(reduced_motion="reduce")
        # the system's scheme, followed while the setting is "As the system" (the default)
        for scheme in ("dark", "light"):
            page.emulate_media(color_scheme=scheme)
            expect(page.locator("html")).not_to_have_attribute("data-theme", scheme)
            audit(page, scheme, label)
            if label == "desktop":
                page.evaluate("document.activeElement?.blur()")  # no focus ring in the picture
                shot = tmp_path / f"screenshot-{scheme}.png"
                page.screenshot(path=str(shot))
                assert shot.stat().st_size > 10_000
                if SCREENSHOT_DIR:
                    shutil.copy(shot, Path(SCREENSHOT_DIR) / shot.name)
        # the setting overrides the system, and stays after a reload (this device's choice)
        page.emulate_media(color_scheme="dark")
        choose(page, "light")
        expect(page.locator("html")).to_have_attribute("data-theme", "light")
        assert paper(page) == PAPER["light"]
        page.reload()
        wait_ready(page)
        expect(page.locator("html")).to_have_attribute("data-theme", "light")
        assert paper(page) == PAPER["light"]
        page.locator('[data-action="settings"]').first.click()
        expect(page.locator('select[name="theme"]')).to_have_value("light")
        page.keyboard.press("Escape")
        choose(page, "contrast")
        audit(page, "contrast", label)
        # closing the dialog without saving keeps the theme
        page.locator('[data-action="settings"]').first.click()
        page.locator('select[name="theme"]').select_option("dark")
        page.locator("#settings-dialog [data-close]").click()
        expect(page.locator("html")).to_have_attribute("data-theme", "contrast")
        # back to the system's
        choose(page, "system")
        expect(page.locator("html")).not_to_have_attribute("data-theme", "contrast")
        assert paper(page) == PAPER["dark"]
        assert page.evaluate("localStorage.getItem('halfmoon.theme')") is None
