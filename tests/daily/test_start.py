"""Starting the daily deal: ranked first attempt, practice afterwards, one ranked attempt ever."""

import datetime as dt
import threading

import pytest
from django.db import connections
from rest_framework.test import APIClient

from games.engine import DealCode
from games.models import DailyBoard, Game
from tests.support.api import url
from tests.support.waiting import join_all

from .helpers import DAY


def test_today_describes_the_deal_and_nothing_of_its_cards(api, daily_deal):
    response = api.get(url("daily"))
    assert response.status_code == 200
    assert response.json() == {
        "date": "2031-03-14",
        "deal_code": DealCode.daily(DAY, b"HM1-PUBLIC").text,
        "closes_at": "2031-03-15T00:00:00Z",
        "attempt": None,
        "entry": None,
        "total": 0,
    }


def test_first_daily_game_is_ranked_and_later_ones_are_practice(new_player, daily_deal):
    ann = new_player("ann")
    first, second = ann.start_daily(), ann.start_daily()
    assert (first["ranked"], second["ranked"]) == (True, False)
    assert first["daily_date"] == second["daily_date"] == "2031-03-14"
    assert first["deal_code"] == second["deal_code"] == daily_deal
    today = ann.client.get(url("daily")).json()
    assert today["attempt"]["id"] == first["id"] and today["attempt"]["ranked"] is True
    # Another player's first game is ranked too: the rule is per player.
    assert new_player("bob").start_daily()["ranked"] is True
    assert DailyBoard.objects.filter(date=DAY, closed_at=None).count() == 1


def test_the_daily_code_is_the_daily_deal_too(new_player, daily_deal):
    """SPEC §7: the first game of the day's deal is ranked, however it is asked for."""
    ann = new_player("ann")
    by_code = ann.client.post(url("games"), {"deal_code": daily_deal.lower()}, format="json").json()
    assert (by_code["ranked"], by_code["daily_date"]) == (True, "2031-03-14")
    assert ann.start_daily()["ranked"] is False
    again = ann.client.post(url("games"), {"deal_code": daily_deal}, format="json").json()
    assert (again["ranked"], again["daily_date"]) == (False, "2031-03-14")


def test_a_past_daily_code_is_an_ordinary_game(new_player, daily_deal, fake_clock):
    fake_clock.advance(days=1)
    game = new_player().client.post(url("games"), {"deal_code": daily_deal}, format="json").json()
    assert (game["ranked"], game["daily_date"]) == (False, None)


def test_each_date_has_its_own_ranked_attempt(new_player, daily_deal, fake_clock):
    ann = new_player()
    assert ann.start_daily()["ranked"] is True
    fake_clock.advance(days=1)
    tomorrow = ann.start_daily()
    assert (tomorrow["ranked"], tomorrow["daily_date"]) == (True, "2031-03-15")
    assert tomorrow["deal_code"] == DealCode.daily(DAY + dt.timedelta(days=1), b"HM1-PUBLIC").text


@pytest.mark.parametrize(
    "body, field",
    [
        ({"daily": True, "deal_code": "HM1-N-HALFMON"}, "daily"),
        ({"daily": False, "deal_code": "HM1-N-HALFMON"}, "daily"),
        ({"daily": "yes"}, "daily"),
        ({"daily": 1}, "daily"),
        ({"daily": None}, "daily"),
    ],
)
def test_bad_daily_requests_are_refused_and_start_nothing(new_player, daily_deal, body, field):
    ann = new_player()
    response = ann.client.post(url("games"), body, format="json")
    assert response.status_code == 400
    assert response.json()["code"] == "invalid_request" and field in response.json()["fields"]
    assert not Game.objects.exists() and not DailyBoard.objects.exists()


def test_daily_false_is_an_ordinary_random_game(new_player, daily_deal):
    game = new_player().client.post(url("games"), {"daily": False}, format="json").json()
    assert (game["ranked"], game["daily_date"]) == (False, None)


def test_starting_needs_a_token(api, daily_deal):
    response = api.post(url("games"), {"daily": True}, format="json")
    assert response.status_code == 401 and response.json()["code"] == "not_authenticated"
    assert not Game.objects.exists()


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_concurrent_starts_give_exactly_one_ranked_attempt(new_player, daily_deal):
    """Threads race to start the same player's daily deal: one ranked, the rest practice."""
    ann = new_player("racer")
    new_player("opener").start_daily()  # the date's board exists: only the player's lock orders
    barrier, results = threading.Barrier(6), []

    def start():
        client = APIClient()
        client.credentials(HTTP_AUTHORIZATION=f"Token {ann.token}")
        try:
            barrier.wait(timeout=10)
            response = client.post(url("games"), {"daily": True}, format="json")
            results.append((response.status_code, response.json().get("ranked")))
        finally:
            connections.close_all()

    threads = [threading.Thread(target=start) for _ in range(6)]
    for thread in threads:
        thread.start()
    join_all(threads, 30, "a start never finished")
    assert sorted(results) == [(201, False)] * 5 + [(201, True)]
    assert Game.objects.filter(owner_id=ann.id, daily_date=DAY, ranked=True).count() == 1
    assert Game.objects.filter(owner_id=ann.id, daily_date=DAY).count() == 6
