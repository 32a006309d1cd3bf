"""Fixtures of the webhooks' tests: a real HTTP receiver on 127.0.0.1 (``http.server`` in a
thread) that answers as told and keeps what it received, a registered app a player connected,
and games played through the REST API."""

from __future__ import annotations

import datetime as dt
import http.server
import threading
from dataclasses import dataclass, field

import pytest
from django.utils import timezone
from oauth2_provider.models import AccessToken, Application

from games.core import clock
from games.oauth import services as oauth
from games.oauth.models import AppPolicy
from tests.support.clock import FakeClock
from tests.support.play import DEAL

API = "/api/v1"


@dataclass
class Received:
    body: bytes
    headers: dict[str, str]


@dataclass
class Receiver:
    url: str
    #: The status codes to answer, in turn (the last one repeated).
    answers: list[int] = field(default_factory=lambda: [200])
    received: list[Received] = field(default_factory=list)

    def answer(self) -> int:
        return self.answers.pop(0) if len(self.answers) > 1 else self.answers[0]


@pytest.fixture
def receiver():
    """A webhook receiver listening on 127.0.0.1 for the test's length."""
    box: dict[str, Receiver] = {}

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_POST(self):
            length = int(self.headers.get("content-length", 0))
            body = self.rfile.read(length)
            target = box["receiver"]
            target.received.append(Received(body, {k.lower(): v for k, v in self.headers.items()}))
            self.send_response(target.answer())
            self.send_header("content-length", "0")
            self.end_headers()

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    box["receiver"] = Receiver(f"http://127.0.0.1:{server.server_address[1]}/hooks")
    thread = threading.Thread(target=server.serve_forever, name="webhook-receiver", daemon=True)
    thread.start()
    yield box["receiver"]
    server.shutdown()
    server.server_close()
    thread.join(10)


@pytest.fixture
def fake_clock(monkeypatch):
    moving = FakeClock(dt.datetime(2026, 12, 5, 12, 0, tzinfo=dt.UTC))
    monkeypatch.setattr(clock, "now", moving)
    return moving


@pytest.fixture
def app(db):
    """A registered app (as staff registers one)."""
    application = Application.objects.create(
        name="Moon Bot",
        client_type=Application.CLIENT_CONFIDENTIAL,
        authorization_grant_type=Application.GRANT_AUTHORIZATION_CODE,
        redirect_uris="https://bot.example/callback",
    )
    AppPolicy.objects.create(application=application, allowed_scopes="read play")
    return application


def connect(player, application, scope="read") -> AccessToken:
    """The player connects the app: a token of the app for the player's site user, as the
    authorization code flow leaves it (``games.oauth``)."""
    from games.accounts import services as accounts

    accounts.add_credentials(player, f"{player.name}_player", "a long passphrase for tests")
    user = oauth.site_user(player)
    return AccessToken.objects.create(
        user=user,
        application=application,
        token=f"tok-{player.pk}-{application.pk}",
        scope=scope,
        expires=timezone.now() + dt.timedelta(hours=1),
    )


def start_and_resign(client) -> dict:
    """A game started and resigned through the REST API; its final representation."""
    started = client.post(f"{API}/games", {"deal_code": DEAL}, format="json")
    assert started.status_code == 201, started.content
    game_id = started.json()["id"]
    resigned = client.post(f"{API}/games/{game_id}/resign", {}, format="json")
    assert resigned.status_code == 200, resigned.content
    return resigned.json()
