"""A third-party app for Half Moon, in the standard library only: the authorization code flow
with PKCE (README "Build an app"), then a game and a tap over REST.

    python clients/oauth_example/halfmoon_app.py --server http://127.0.0.1:8000 \\
        --client-id <the id staff registered> [--port 8765]

Staff register the app in the admin (/admin/, Applications): public, authorization code,
redirect URI ``http://127.0.0.1:8765/callback`` exactly, allowed scopes ``read play``. Open
``http://127.0.0.1:8765/``: it sends you to Half Moon to sign in and allow it, takes the code
back, exchanges it (with the PKCE verifier) for tokens, starts a game and taps a card.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import secrets
import threading
import urllib.parse
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


def pkce_pair() -> tuple[str, str]:
    """(verifier, S256 challenge) — RFC 7636."""
    verifier = secrets.token_urlsafe(48)
    digest = hashlib.sha256(verifier.encode("ascii")).digest()
    return verifier, base64.urlsafe_b64encode(digest).rstrip(b"=").decode("ascii")


class HalfMoonApp:
    """One app session: where to send the player, and what to do with the code."""

    def __init__(self, server: str, client_id: str, redirect_uri: str, scope: str = "read play"):
        self.server, self.client_id = server.rstrip("/"), client_id
        self.redirect_uri, self.scope = redirect_uri, scope
        self.verifier, self.challenge = pkce_pair()
        self.state = secrets.token_urlsafe(16)
        self.tokens: dict | None = None
        self.done = threading.Event()

    def authorize_url(self) -> str:
        query = {
            "response_type": "code",
            "client_id": self.client_id,
            "redirect_uri": self.redirect_uri,
            "scope": self.scope,
            "state": self.state,
            "code_challenge": self.challenge,
            "code_challenge_method": "S256",
        }
        return f"{self.server}/oauth/authorize/?{urllib.parse.urlencode(query)}"

    def exchange(self, code: str) -> dict:
        """The code and the verifier for an access and a refresh token."""
        self.tokens = self._form(
            "/oauth/token/",
            {
                "grant_type": "authorization_code",
                "code": code,
                "redirect_uri": self.redirect_uri,
                "client_id": self.client_id,
                "code_verifier": self.verifier,
            },
        )
        return self.tokens

    def refresh(self) -> dict:
        """New tokens (the refresh token rotates: keep the new one, never reuse the old)."""
        assert self.tokens is not None
        self.tokens = self._form(
            "/oauth/token/",
            {
                "grant_type": "refresh_token",
                "refresh_token": self.tokens["refresh_token"],
                "client_id": self.client_id,
            },
        )
        return self.tokens

    def api(self, method: str, path: str, body: dict | None = None) -> dict:
        """A call to ``/api/v1/`` with the app's access token."""
        assert self.tokens is not None
        request = urllib.request.Request(
            f"{self.server}/api/v1/{path}",
            method=method,
            data=json.dumps(body).encode() if body is not None else None,
            headers={
                "Authorization": f"Bearer {self.tokens['access_token']}",
                "Content-Type": "application/json",
                "Accept": "application/json",
            },
        )
        with urllib.request.urlopen(request, timeout=10) as answer:
            return json.loads(answer.read() or b"{}")

    def _form(self, path: str, fields: dict) -> dict:
        request = urllib.request.Request(
            f"{self.server}{path}",
            data=urllib.parse.urlencode(fields).encode(),
            headers={"Content-Type": "application/x-www-form-urlencoded"},
        )
        with urllib.request.urlopen(request, timeout=10) as answer:
            return json.loads(answer.read())


def serve(app: HalfMoonApp, port: int) -> ThreadingHTTPServer:
    """The app's pages on 127.0.0.1:``port``: ``/`` sends the player to Half Moon,
    ``/callback`` takes the code back (checking ``state``) and exchanges it."""

    class Pages(BaseHTTPRequestHandler):
        def do_GET(self):
            url = urllib.parse.urlparse(self.path)
            if url.path == "/":
                self.send_response(302)
                self.send_header("Location", app.authorize_url())
                self.end_headers()
                return
            query = urllib.parse.parse_qs(url.query)
            if url.path == "/callback" and query.get("state") == [app.state] and "code" in query:
                app.exchange(query["code"][0])
                text = "Connected to Half Moon: you can close this page."
            else:
                text = f"Not connected: {query.get('error', ['unknown'])[0]}"
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.end_headers()
            page = f'<!DOCTYPE html><html lang="en"><title>An app</title><p id="result">{text}</p>'
            self.wfile.write(page.encode())
            app.done.set()

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", port), Pages)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--server", default="http://127.0.0.1:8000")
    parser.add_argument("--client-id", required=True)
    parser.add_argument("--port", type=int, default=8765)
    args = parser.parse_args()
    app = HalfMoonApp(args.server, args.client_id, f"http://127.0.0.1:{args.port}/callback")
    server = serve(app, args.port)
    print(f"Open http://127.0.0.1:{args.port}/ in a browser to connect the app.")
    app.done.wait()
    server.shutdown()
    if app.tokens is None:
        raise SystemExit("The player did not allow the app.")
    game = app.api("POST", "games", {})
    tapped = app.api("POST", f"games/{game['id']}/taps", {"position": "P1"})
    print(f"Game {game['id']}: tapped P1, version {tapped['game']['version']}.")


if __name__ == "__main__":
    main()
