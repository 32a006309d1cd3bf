"""Fixtures of the fair-play tests: a clock the test moves (never a sleep), today's small daily
deal (:mod:`tests.daily.helpers`), players on the API from an address of the test's choosing,
and the staff's admin client (as :mod:`tests.admin.conftest`)."""

from __future__ import annotations

import uuid

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.core.management import call_command
from django.test import Client
from rest_framework.test import APIClient

from games.core import clock
from tests.daily.helpers import DAY, NOON, WIN, store_daily_layout
from tests.support.api import url
from tests.support.clock import FakeClock

HOME = "203.0.113.7"
ELSEWHERE = "198.51.100.23"


class Player:
    """A player driving the API from one client address."""

    def __init__(self, name: str, address: str):
        client = APIClient(REMOTE_ADDR=address)
        response = client.post(url("players"), {"name": name}, format="json")
        assert response.status_code == 201, response.content
        data = response.json()
        self.id, self.name, self.token = data["id"], data["name"], data["token"]
        client.credentials(HTTP_AUTHORIZATION=f"Token {self.token}")
        self.client, self.address = client, address

    def call(self, method: str, *parts, body=None, status=200, **params):
        path = url(*parts)
        if method == "get":
            response = self.client.get(path, params)
        else:
            response = getattr(self.client, method)(path, body or {}, format="json")
        assert response.status_code == status, (path, response.status_code, response.content)
        return response

    def start_daily(self) -> dict:
        return self.call("post", "games", body={"daily": True}, status=201).json()

    def play(self, game_id: int, moves, clock: FakeClock | None = None, every_ms: int = 0):
        game = None
        for positions in moves:
            if clock is not None and every_ms:
                clock.advance(milliseconds=every_ms)
            game = self.call("post", "games", game_id, "moves", body={"positions": positions})
        return game.json() if game is not None else None


@pytest.fixture
def fake_clock(monkeypatch):
    fake = FakeClock(NOON)
    monkeypatch.setattr(clock, "now", fake)
    return fake


@pytest.fixture
def daily_deal(db, fake_clock):
    """Today's (DAY's) deal stored with the small five-removal layout; returns its code."""
    return store_daily_layout(DAY)


@pytest.fixture(autouse=True)
def private_board_keys(settings):
    prefix = f"test:{uuid.uuid4().hex}:board:"
    settings.HALFMOON_LEADERBOARD_PREFIX = prefix
    yield prefix
    if settings.REDIS_URL:
        from games.core import redis

        keys = list(redis.client().scan_iter(match=prefix + "*"))
        if keys:
            redis.client().delete(*keys)


@pytest.fixture
def player(db):
    """``player(name, address=HOME)``: a new player on the API from that address."""

    def make(name: str, address: str = HOME) -> Player:
        return Player(name, address)

    return make


@pytest.fixture
def staff_user(db):
    return get_user_model().objects.create_superuser("staff", "staff@example.com", "pw-42-staff")


@pytest.fixture
def staff_client(staff_user):
    client = Client()
    client.force_login(staff_user)
    return client


@pytest.fixture
def viewer_client(db):
    """Staff who may view everything of the games app but change nothing."""
    user = get_user_model().objects.create_user("viewer", password="pw-42-view", is_staff=True)
    user.user_permissions.set(
        Permission.objects.filter(content_type__app_label="games", codename__startswith="view_")
    )
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def flagged(player, daily_deal, fake_clock):
    """A scout's attempt, then the main player's attempt from the same address, won at a
    machine's pace: a rehearsal and a speed flag on it (the scout's win is at a person's)."""
    scout = player("scout", HOME)
    scouted = scout.start_daily()
    scout.play(scouted["id"], WIN, fake_clock, every_ms=2500)
    fake_clock.advance(minutes=3)
    main = player("main", HOME)
    attempt = main.start_daily()
    main.play(attempt["id"], WIN, fake_clock, every_ms=100)
    call_command("review_fair_play")
    return scout, scouted, main, attempt
