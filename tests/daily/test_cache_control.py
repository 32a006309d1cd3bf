"""``Cache-Control`` of daily reads: today's deal and board change (10 s, never past midnight),
a closed day's board is settled (an hour), a past layout never changes (a year, immutable);
``public`` without credentials, ``private`` with them. Token-bearing answers are no-store."""

import datetime as dt

import pytest
from rest_framework.test import APIClient

from tests.support.api import url

from .helpers import DAY, at, attempt, board

pytestmark = pytest.mark.django_db


def test_todays_deal_and_board(daily_deal, new_player, fake_clock):
    anonymous = APIClient()
    assert anonymous.get(url("daily"))["Cache-Control"] == "public, max-age=10"
    assert board(anonymous)["Cache-Control"] == "public, max-age=10"
    player = new_player()
    assert player.client.get(url("daily"))["Cache-Control"] == "private, max-age=10"
    assert board(player.client)["Cache-Control"] == "private, max-age=10"


def test_todays_max_age_never_runs_past_midnight(daily_deal, fake_clock):
    fake_clock.set(at(23, 59, 56))
    assert board(APIClient())["Cache-Control"] == "public, max-age=4"


def test_a_closed_day(daily_deal, new_player, fake_clock):
    player = new_player()
    attempt(player, fake_clock, at(10), at(10, 5), moves=[["P1", "P2"]])
    fake_clock.set(at(1, day=DAY + dt.timedelta(days=1)))
    assert board(APIClient())["Cache-Control"] == "public, max-age=3600"
    assert board(player.client)["Cache-Control"] == "private, max-age=3600"
    layout = APIClient().get(url("daily", DAY.isoformat(), "deal"))
    assert layout.status_code == 200
    assert layout["Cache-Control"] == "public, max-age=31536000, immutable"


def test_refusals_and_token_bearing_answers_are_never_stored(daily_deal, fake_clock):
    client = APIClient()
    assert client.get(url("daily", "2026-13-01", "leaderboard"))["Cache-Control"] == "no-store"
    created = client.post(url("players"), {"name": "fresh"}, format="json")
    assert created.status_code == 201 and created["Cache-Control"] == "no-store"
    client.credentials(HTTP_AUTHORIZATION=f"Token {created.json()['token']}")
    rotated = client.post(url("players", "me", "token"))
    assert rotated.status_code == 200 and rotated["Cache-Control"] == "no-store"
    client.credentials(HTTP_AUTHORIZATION=f"Token {rotated.json()['token']}")
    me = client.get(url("players", "me"))
    assert me["Cache-Control"] == "private, no-cache"
    assert "Authorization" in me["Vary"]
