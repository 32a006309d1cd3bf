"""A fast first load (docs/PERFORMANCE.md, "First load"), served as `make run` and the image
serve it: static files collected under hashed names with their Brotli and gzip copies
(``HALFMOON_STATIC_COLLECTED``), the page loading one minified bundle cached for a year, and a
service worker that keeps the app shell for an offline visit."""

import gzip
import re
import urllib.request
from pathlib import Path

import brotli
import pytest
from playwright.sync_api import expect

from tests.support.collected_static import collect

from .axe import assert_accessible
from .pages import PHONE, SEEN_GUIDE, wait_ready

BUNDLE = Path(__file__).resolve().parents[2] / "web" / "static" / "web" / "dist" / "app.js"
YEAR = 365 * 24 * 3600


@pytest.fixture(scope="module")
def collected(tmp_path_factory):
    """The environment of a server whose static files were collected (into a directory of this
    module's own: the page's files only, seconds)."""
    return collect(tmp_path_factory.mktemp("static"))


def fetch(url: str, encoding: str | None = None):
    request = urllib.request.Request(url, headers={"Accept-Encoding": encoding} if encoding else {})
    with urllib.request.urlopen(request) as response:
        return response.headers, response.read()


def max_age(headers) -> int:
    found = re.search(r"max-age=(\d+)", headers.get("Cache-Control", ""))
    return int(found.group(1)) if found else 0


def test_the_page_loads_one_hashed_compressed_bundle_cached_for_a_year(shared_server, collected):
    base = shared_server(**collected).url
    headers, page = fetch(base + "/")
    page = page.decode()
    assert headers["Cache-Control"] == "no-cache"  # the page itself: checked at every visit
    scripts = re.findall(r'<script type="module" src="([^"]+)"', page)
    assert len(scripts) == 1 and re.fullmatch(r"/static/web/dist/app\.[0-9a-f]{12}\.js", scripts[0])
    styles = re.findall(r'<link rel="stylesheet" href="([^"]+)"', page)
    assert styles and all(re.search(r"\.[0-9a-f]{12}\.css$", href) for href in styles), styles

    committed = BUNDLE.read_text().rsplit("//# sourceMappingURL=", 1)[0]
    for encoding, decompress in (("br", brotli.decompress), ("gzip", gzip.decompress)):
        headers, body = fetch(base + scripts[0], encoding)
        assert headers["Content-Encoding"] == encoding
        assert max_age(headers) >= YEAR and "immutable" in headers["Cache-Control"], headers
        assert "Accept-Encoding" in headers["Vary"]
        served = decompress(body).decode()
        assert served.startswith(committed), "the served bundle is not the committed one"
        assert len(body) < len(served) / 3, (encoding, len(body), len(served))
    for href in styles:
        headers, _ = fetch(base + href, "br")
        assert headers["Content-Encoding"] == "br" and max_age(headers) >= YEAR

    # The source map under its hashed name; the modules one by one for development.
    source_map = re.search(r"sourceMappingURL=(\S+)", served).group(1)
    assert re.fullmatch(r"app\.js\.[0-9a-f]{12}\.map", source_map)
    headers, _ = fetch(f"{base}/static/web/dist/{source_map}")
    assert max_age(headers) >= YEAR
    _, modules = fetch(base + "/?modules")
    assert re.search(
        r'<script type="module" src="/static/web/main\.[0-9a-f]{12}\.js"', modules.decode()
    )

    # The service worker: never cached by HTTP, its shell the page's hashed files.
    headers, worker = fetch(base + "/sw.js")
    assert headers["Cache-Control"] == "no-cache"
    assert headers["Content-Type"].startswith("text/javascript")
    assert f'"{scripts[0]}"' in worker.decode() and all(f'"{h}"' in worker.decode() for h in styles)


def test_an_offline_visit_shows_the_shell_and_says_it_is_offline(browser, shared_server, collected):
    base = shared_server(**collected).url
    context = browser.new_context(
        viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True, locale="hr-HR"
    )
    try:
        context.add_init_script(SEEN_GUIDE)
        page = context.new_page()
        errors = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(base + "/")
        wait_ready(page)
        expect(page.locator(".offline-state")).to_have_count(0)  # online: nothing said
        page.wait_for_function("() => navigator.serviceWorker.controller !== null")
        cached = page.evaluate(
            """async () => {
                const urls = [];
                for (const name of await caches.keys())
                    for (const request of await (await caches.open(name)).keys())
                        urls.push(new URL(request.url).pathname);
                return urls;
            }"""
        )
        shell = re.findall(r'"(/[^"]*)"', page.evaluate("fetch('/sw.js').then(r => r.text())"))
        assert sorted(cached) == sorted(set(shell)), (cached, shell)
        assert "/" in cached and not any(url.startswith(("/api/", "/ws/")) for url in cached)

        context.set_offline(True)
        response = page.reload()
        assert response is not None and response.ok and response.from_service_worker
        notice = page.locator(".offline-state")
        expect(notice).to_have_text("Niste na mreži. Stranica će nastaviti čim se veza vrati.")
        expect(page.locator("#table")).to_be_attached()  # the shell, rendered by the bundle
        assert page.evaluate("document.documentElement.lang") == "hr"
        assert_accessible(page, "the shell offline")

        context.set_offline(False)  # back online: the notice goes, the game comes back
        expect(notice).to_have_count(0)
        wait_ready(page)
        assert not errors, errors
    finally:
        context.close()
