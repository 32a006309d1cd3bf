"""The sockets' AsyncAPI page in Chromium: the vendored AsyncAPI React component fetches
``/api/v1/asyncapi.json``, parses it (its parser validates the document: an invalid one shows an
error panel instead) and renders every socket, with no request leaving the site."""

from urllib.parse import urlsplit

from playwright.sync_api import expect


def test_the_asyncapi_page_renders_every_socket_from_this_site_only(browser, daphne_server):
    context = browser.new_context()
    page = context.new_page()
    errors, requests = [], []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("request", lambda request: requests.append(request.url))
    page.goto(daphne_server + "/api/v1/asyncapi/")
    rendered = page.locator("#asyncapi")
    expect(rendered).to_contain_text("Half Moon sockets")
    for address in ("/ws/games/{id}/", "/ws/daily/{date}/", "/ws/races/{id}/", "/ws/me/"):
        expect(rendered).to_contain_text(address)
    expect(rendered).to_contain_text("resign")
    expect(rendered).to_contain_text("4404")
    assert page.locator(".panel--error, [class*='error-panel']").count() == 0
    origin = urlsplit(daphne_server).netloc
    assert {urlsplit(url).netloc for url in requests if url.startswith("http")} == {origin}
    context.close()
    assert not errors, errors
