"""Fixtures of the daily deal tests: a clock the test moves, today's deal stored with the small
layout of :mod:`tests.daily.helpers`, players driving the API, and a private Redis key prefix so
leaderboards of different tests never mix."""

import uuid

import pytest
from rest_framework.test import APIClient

from games.core import clock
from tests.support.api import url

from .helpers import DAY, NOON, FakeClock, Player, store_daily_layout


@pytest.fixture
def fake_clock(monkeypatch):
    fake = FakeClock(NOON)
    monkeypatch.setattr(clock, "now", fake)
    return fake


@pytest.fixture
def daily_deal(db, fake_clock):
    """Today's (DAY's) deal stored with the small layout; returns its code."""
    return store_daily_layout(DAY)


@pytest.fixture(autouse=True)
def private_board_keys(settings):
    """Each test's Redis leaderboard sets under their own prefix, removed afterwards."""
    prefix = f"test:{uuid.uuid4().hex}:board:"
    settings.HALFMOON_LEADERBOARD_PREFIX = prefix
    yield prefix
    if settings.REDIS_URL:
        from games.core import redis

        client = redis.client()
        keys = list(client.scan_iter(match=prefix + "*"))
        if keys:
            client.delete(*keys)


@pytest.fixture
def new_player(db):
    def make(name="ann") -> Player:
        client = APIClient()
        response = client.post(url("players"), {"name": name}, format="json")
        assert response.status_code == 201, response.content
        data = response.json()
        client.credentials(HTTP_AUTHORIZATION=f"Token {data['token']}")
        return Player(client, data)

    return make
