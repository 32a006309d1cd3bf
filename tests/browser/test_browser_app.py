"""A browser app on another origin (issue 40): a single page served from
``http://localhost:<port>`` — a different origin from the service's ``http://127.0.0.1:<port>``
— that a player's browser runs in Debian's Chromium. Everything it does crosses origins with
``fetch`` and CORS, as a third-party frontend's would: authorization code + PKCE (S256 from
``crypto.subtle``; the code exchanged at ``/oauth/token/`` by the page itself), a game created
with an ``Idempotency-Key``, read with its ``ETag``, a move played with ``If-Match``, a stale
``If-Match`` refused (412) and its ``RateLimit`` and ``Link``-style headers readable.

Its origin is one of the app's registered ``allowed_origins`` (a loopback ``http`` origin, as
for redirect URIs); the same page served from an origin the app does not list is blocked by
the browser before it can read anything."""

from __future__ import annotations

import functools
import http.server
import json
import tempfile
import threading
from pathlib import Path

import pytest
from oauth2_provider.models import Application

from games.accounts import services as accounts
from games.oauth.models import AppPolicy
from games.players import services as players

PASSWORD = "a long passphrase for tests"

#: The app: one page, no library. ``#result`` gets a JSON record of what it saw.
PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Moon Tracker</title></head>
<body><main><h1>Moon Tracker</h1><pre id="log"></pre></main>
<script type="module">
const config = await (await fetch("config.json")).json();
const api = config.service + "/api/v1";
const here = location.origin + location.pathname;
const b64url = (bytes) => btoa(String.fromCharCode(...new Uint8Array(bytes)))
  .replace(/\\+/g, "-").replace(/\\//g, "_").replace(/=+$/, "");
function show(record) {
  const out = document.createElement("output");
  out.id = "result";
  out.textContent = JSON.stringify(record);
  document.body.append(out);
}
const params = new URLSearchParams(location.search);
try {
  if (!params.has("code")) {
    const verifier = b64url(crypto.getRandomValues(new Uint8Array(48)));
    const challenge = b64url(await crypto.subtle.digest("SHA-256",
      new TextEncoder().encode(verifier)));
    sessionStorage.setItem("verifier", verifier);
    location.assign(config.service + "/oauth/authorize/?" + new URLSearchParams({
      response_type: "code", client_id: config.client_id, redirect_uri: here,
      scope: "read play", state: "st4te", code_challenge: challenge,
      code_challenge_method: "S256",
    }));
  } else {
    const record = { state: params.get("state") };
    const exchanged = await fetch(config.service + "/oauth/token/", {
      method: "POST",
      body: new URLSearchParams({
        grant_type: "authorization_code", code: params.get("code"), redirect_uri: here,
        client_id: config.client_id, code_verifier: sessionStorage.getItem("verifier"),
      }),
    });
    record.token_status = exchanged.status;
    const tokens = await exchanged.json();
    record.scope = tokens.scope;
    const auth = { Authorization: "Bearer " + tokens.access_token };
    const created = await fetch(api + "/games", {
      method: "POST",
      headers: { ...auth, "Content-Type": "application/json",
                 "Idempotency-Key": crypto.randomUUID() },
      body: JSON.stringify({ deal_code: "HM1-N-HALFMON" }),
    });
    record.created_status = created.status;
    record.location = created.headers.get("Location");
    const game = await created.json();
    record.game_id = game.id;
    const read = await fetch(api + "/games/" + game.id, { headers: auth });
    record.etag = read.headers.get("ETag");
    const moved = await fetch(api + "/games/" + game.id + "/moves", {
      method: "POST",
      headers: { ...auth, "Content-Type": "application/json", "If-Match": record.etag },
      body: JSON.stringify({ positions: ["P4", "P11"] }),
    });
    record.move_status = moved.status;
    record.etag_after = moved.headers.get("ETag");
    record.ratelimit = moved.headers.get("RateLimit");
    record.ratelimit_policy = moved.headers.get("RateLimit-Policy");
    const moveBody = await moved.json();
    record.version_after = (moveBody.game || moveBody).version;
    const stale = await fetch(api + "/games/" + game.id + "/moves", {
      method: "POST",
      headers: { ...auth, "Content-Type": "application/json", "If-Match": record.etag },
      body: JSON.stringify({ positions: ["P10", "P7"] }),
    });
    record.stale_status = stale.status;
    record.stale_code = (await stale.json()).code;
    show(record);
  }
} catch (error) {
  show({ error: String(error) });
}
</script></body></html>
"""


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):  # the test's output stays the test's
        pass


@pytest.fixture
def app_site():
    """Serve the app's page and its config from a directory on ``localhost:<free port>``."""
    folder = Path(tempfile.mkdtemp(prefix="browser-app-"))
    (folder / "index.html").write_text(PAGE)
    handler = functools.partial(_Quiet, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    origin = f"http://localhost:{server.server_address[1]}"

    def configure(service: str, client_id: str) -> str:
        (folder / "config.json").write_text(
            json.dumps({"service": service, "client_id": client_id})
        )
        return origin

    configure.origin = origin  # type: ignore[attr-defined]
    yield configure
    server.shutdown()
    server.server_close()


def register(origin: str, allowed_origins: str) -> Application:
    app = Application.objects.create(
        name="Moon Tracker",
        client_type=Application.CLIENT_PUBLIC,
        authorization_grant_type=Application.GRANT_AUTHORIZATION_CODE,
        redirect_uris=f"{origin}/index.html",
        allowed_origins=allowed_origins,
    )
    AppPolicy.objects.create(application=app, allowed_scopes="read play")
    return app


def sign_in_and_allow(page, username: str) -> None:
    page.wait_for_url("**/oauth/sign-in**")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    page.get_by_role("heading", name="Let “Moon Tracker” act for you?").wait_for()
    page.get_by_role("button", name="Allow", exact=True).click()


@pytest.fixture
def service(shared_server):
    """The service with the app origins read at each request (no 60 s cache to outwait)."""
    return shared_server(HALFMOON_APP_ORIGINS_TTL_S="0")


def test_an_app_on_its_registered_origin_plays_with_if_match_and_reads_etag(
    service, browser, app_site
):
    origin = app_site.origin
    app = register(origin, allowed_origins=origin)
    app_site(service.url, app.client_id)
    player, _token = players.create_player("ann")
    accounts.add_credentials(player, "ann_browser_app", PASSWORD)
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    page = context.new_page()
    refused = []
    page.on("console", lambda m: m.type == "error" and refused.append(m.text))
    try:
        page.goto(f"{origin}/index.html")
        sign_in_and_allow(page, "ann_browser_app")
        page.locator("#result").wait_for(state="attached", timeout=15_000)
        record = json.loads(page.locator("#result").text_content())
    finally:
        context.close()
    assert "error" not in record, (record, refused)
    assert record["state"] == "st4te"
    assert record["token_status"] == 200 and set(record["scope"].split()) == {"read", "play"}
    assert record["created_status"] == 201 and record["location"]
    assert record["etag"] == '"0"'
    assert record["ratelimit"] and record["ratelimit_policy"]
    assert record["move_status"] == 200
    assert record["etag_after"] == f'"{record["version_after"]}"' != record["etag"]
    # The stale If-Match was refused and changed nothing: the game is at the move's version.
    assert (record["stale_status"], record["stale_code"]) == (412, "precondition_failed")
    from games.play.models import Game

    game = Game.objects.get(pk=record["game_id"])
    assert game.owner_id == player.pk and game.version == record["version_after"]
    # Nothing was blocked on the way (the 412 above and the app's missing favicon are logged
    # as failed loads; a CORS refusal would say so).
    assert not [m for m in refused if "CORS" in m or "Access-Control" in m], refused


def test_an_origin_the_app_does_not_list_reads_nothing(service, browser, app_site):
    """The same page on an origin no app lists: the browser blocks the token exchange's
    answer (no ``Access-Control-Allow-Origin``), so the page never gets a token."""
    origin = app_site.origin
    app = register(origin, allowed_origins="http://localhost:1")
    app_site(service.url, app.client_id)
    player, _token = players.create_player("ben")
    accounts.add_credentials(player, "ben_browser_app", PASSWORD)
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    logged = []
    page.on("console", lambda m: logged.append(m.text))
    try:
        page.goto(f"{origin}/index.html")
        sign_in_and_allow(page, "ben_browser_app")
        page.locator("#result").wait_for(state="attached", timeout=15_000)
        record = json.loads(page.locator("#result").text_content())
    finally:
        context.close()
    assert "Failed to fetch" in record.get("error", ""), record
    assert any("blocked by CORS policy" in m and "/oauth/token/" in m for m in logged), logged
    from games.play.models import Game

    assert not Game.objects.filter(owner=player).exists()
