"""Nothing of a daily deal leaks while its day is open; its full layout only once closed."""

import datetime as dt
import json

import pytest

from games.models import DailyBoard
from tests.support.api import url
from tests.support.payloads import CARD_RE
from tests.support.sockets import receive, watch_game

from .helpers import DAY, HIDDEN, PILES, RESERVE, WIN, at, attempt, board

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def day(new_player, fake_clock, daily_deal):
    """ann has won her ranked attempt and plays a practice game; bob is still playing his."""
    ann, bob, eve = new_player("ann"), new_player("bob"), new_player("eve")
    ranked = attempt(ann, fake_clock, at(9), at(9, 5), WIN)
    practice = attempt(ann, fake_clock, at(9, 10), at(9, 11), [["P1", "P2"]])
    playing = attempt(bob, fake_clock, at(10), at(10, 1), [["P1", "P2"]])
    return {
        "ann": ann,
        "bob": bob,
        "eve": eve,
        "ranked": ranked,
        "practice": practice,
        "playing": playing,
    }


@pytest.mark.parametrize("game", ["ranked", "practice", "playing"])
@pytest.mark.parametrize("path", ["", "log"])
def test_others_cannot_see_a_daily_game_while_the_day_is_open(api, day, game, path):
    game_id = day[game]["id"]
    owner = day["bob"] if game == "playing" else day["ann"]
    for client in (api, day["eve"].client):
        response = client.get(url("games", game_id, *([path] if path else [])))
        assert response.status_code == 403 and response.json()["code"] == "daily_game_hidden"
        assert not CARD_RE.search(response.content.decode())
    assert owner.client.get(url("games", game_id, *([path] if path else []))).status_code == 200


def test_everyone_can_see_them_once_the_day_is_over(api, day, fake_clock):
    fake_clock.set(at(0, 0, 1, day=DAY + dt.timedelta(days=1)))
    for game in ("ranked", "practice", "playing"):
        assert api.get(url("games", day[game]["id"])).status_code == 200
        assert api.get(url("games", day[game]["id"], "log")).status_code == 200


async def test_others_cannot_watch_a_daily_game_over_the_socket(day):
    game_id = day["playing"]["id"]
    for token in (None, day["eve"].token):
        spectator = await watch_game(game_id, token)
        message = await receive(spectator)
        assert message["type"] == "error" and message["code"] == "daily_game_hidden"
        assert not CARD_RE.search(json.dumps(message))
        assert (await spectator.receive_output(timeout=5))["code"] == 4403
    owner = await watch_game(game_id, day["bob"].token)
    snapshot = await receive(owner)
    assert snapshot["type"] == "game" and snapshot["game"]["id"] == game_id
    assert HIDDEN not in json.dumps(snapshot)
    await owner.disconnect()


def test_no_daily_payload_shows_a_hidden_card(api, day):
    cardless = [
        api.get(url("daily")).content,
        board(api).content,
        board(day["ann"].client, around="me").content,
        api.get(url("players", day["ann"].id, "stats")).content,
    ]
    for text in cardless:  # boards, today's deal and statistics show no card at all
        assert not CARD_RE.search(text.decode()), text
    own = [
        day["bob"].client.get(url("daily")).content,  # his attempt, as he sees it
        day["bob"].client.get(url("games", day["playing"]["id"])).content,
    ]
    for text in own:
        assert CARD_RE.search(text.decode()) and HIDDEN not in text.decode()


def test_the_layout_is_refused_while_the_day_is_open(api, day):
    response = api.get(url("daily", DAY.isoformat(), "deal"))
    assert response.status_code == 403 and response.json()["code"] == "daily_not_closed"
    assert HIDDEN not in response.content.decode()
    future = api.get(url("daily", "2031-03-15", "deal"))
    assert future.status_code == 400 and future.json()["code"] == "date_in_future"
    assert api.get(url("daily", "2031-3-1", "deal")).json()["code"] == "invalid_date"


def test_the_full_layout_once_the_day_is_over_and_closed(api, day, fake_clock):
    fake_clock.set(at(8, day=DAY + dt.timedelta(days=1)))
    response = api.get(url("daily", DAY.isoformat(), "deal"))
    assert response.status_code == 200
    body = response.json()
    assert body["deal_code"] == day["ranked"]["deal_code"] and body["date"] == "2031-03-14"
    assert [p["cards"] for p in body["piles"]] == PILES
    assert body["reserve"] == RESERVE
    assert DailyBoard.objects.get(date=DAY).closed_at is not None  # closed on demand first
