"""Browser tests: Debian's Chromium (Playwright) against a real daphne on the test database.

Every page is opened in a fresh browser context (its own localStorage, so its own player unless
a token is given) and fails its test if it throws an uncaught JavaScript error.
"""

import shutil
import subprocess
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.support.http import new_player

from .pages import open_in

expect.set_options(timeout=15_000)


NPM_DIR = Path(__file__).resolve().parents[2] / "clients" / "typescript"


@pytest.fixture(scope="session", autouse=True)
def _bundle_matches_its_sources():
    """The pages load the bundle (web/static/web/dist/app.js), not the modules edited: a
    bundle older than its sources would test old code. `make test` rebuilds it first; a test
    run by hand says so when it is stale (where Node.js and the locked esbuild are installed)."""
    if shutil.which("node") and (NPM_DIR / "node_modules" / "esbuild").exists():
        check = subprocess.run(
            ["node", "build-web.mjs", "--check"], cwd=NPM_DIR, capture_output=True, text=True
        )
        if check.returncode != 0:
            pytest.fail(f"{check.stderr.strip()} (make web)", pytrace=False)


@pytest.fixture(autouse=True)
def _orm_beside_playwright(monkeypatch):
    """Playwright's sync API keeps an asyncio loop running in this thread, so Django would take
    the test database's setup and flush (plain sync code) for async code and refuse them."""
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


@pytest.fixture
def player(daphne_server):
    """A player created over the API, as an authenticated ``Http`` client (``.token``)."""
    return lambda name="web": new_player(daphne_server, name)


@pytest.fixture
def open_page(browser, daphne_server):
    """open_page(http=None, game_id=None, viewport=DESKTOP, context=None) -> a ready page.

    With ``http`` (a player's client) the page plays as that player; with ``context`` it shares
    that context's storage (a second tab of the same browser).
    """
    contexts, pages = [], []

    def open_(http=None, game_id=None, context=None, **options):
        page = open_in(browser, daphne_server, http, game_id, context=context, **options)
        if context is None:
            contexts.append(page.context)
        pages.append(page)
        return page

    yield open_
    errors = [error for page in pages for error in page.errors]
    for context in contexts:
        context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


def pytest_collection_modifyitems(items):
    """Every test of this folder drives the browser: marked so, whoever wrote it."""
    for item in items:
        if "tests/browser/" in str(item.fspath):
            item.add_marker(pytest.mark.browser)
