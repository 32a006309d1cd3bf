"""An installable web app: the page links a manifest served as application/manifest+json, its
icons are the PNG sizes it declares, and Chromium itself finds nothing against installing it."""

import json
import re
import struct
import urllib.request

from tests.conftest import CHROMIUM, CHROMIUM_ARGS
from tests.support.http import Http

from .pages import wait_ready


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def test_the_manifest_and_its_icons_are_served_as_declared(daphne_server):
    http = Http(daphne_server)
    page = http.get("/").body
    link = re.search(r'<link rel="manifest" href="([^"]+)">', page)
    assert link, "the page links no manifest"
    reply = http.get(link.group(1))
    assert reply.status == 200 and reply.headers["content-type"] == "application/manifest+json"
    manifest = reply.body if isinstance(reply.body, dict) else json.loads(reply.body)
    assert (manifest["start_url"], manifest["scope"], manifest["display"]) == (
        "/",
        "/",
        "standalone",
    )
    assert (
        manifest["name"] == "Half Moon" and manifest["theme_color"] and manifest["background_color"]
    )
    base = link.group(1).rsplit("/", 1)[0]
    purposes = set()
    for icon in manifest["icons"]:
        fetched = http.get(f"{base}/{icon['src']}")
        assert fetched.status == 200, icon
        assert fetched.headers["content-type"] == icon["type"], icon
        purposes.add(icon["purpose"])
        if icon["type"] == "image/png":
            with urllib.request.urlopen(f"{daphne_server}{base}/{icon['src']}") as raw:
                width, height = png_size(raw.read())
            assert f"{width}x{height}" == icon["sizes"], icon
    assert {"any", "maskable"} <= purposes
    touch = re.search(r'<link rel="apple-touch-icon" href="([^"]+)">', page)
    assert touch and http.get(touch.group(1)).status == 200


def test_chromium_finds_the_app_installable(browser, daphne_server, tmp_path):
    """Installability as the browser judges it (DevTools protocol), in a profile on disk: an
    incognito context can never install."""
    context = browser.browser_type.launch_persistent_context(
        str(tmp_path / "profile"), executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
    )
    try:
        page = context.new_page()
        page.goto(daphne_server + "/")
        wait_ready(page)
        session = context.new_cdp_session(page)
        manifest = session.send("Page.getAppManifest")
        assert manifest["url"].endswith("manifest.webmanifest") and manifest["errors"] == []
        assert session.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
    finally:
        context.close()
