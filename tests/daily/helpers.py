"""Helpers of the daily deal tests: the day, its small hand-built layout, a clock the test
moves, and players driving the API.

The daily deal of a date is stored (test-only; app code never does this) with a small
hand-built layout before anyone starts it, so tests decide exactly how a game ends:
pairs P1+P2 (5S+6D), P3+P4 (4C+7H), P5+R4 (2D+9S) then P5+R5 (9C+2H), and the triple
R1+R2+R3 (JH+QS+KD): winning takes 5 moves for 55 points. 9C, under 2D in P5, is hidden.

The layout is stored as the date's candidate 0 (SPEC §10): the day's deal is chosen on demand
the first time it is needed, and the solver proves this small table winnable at once, so the
day's deal is this code without a real search (see tests/support/daily_choice.py).
"""

import datetime as dt

from django.conf import settings as django_settings
from rest_framework.test import APIClient

from games.engine import DealCode, Layout
from games.models import Deal
from tests.support.api import url
from tests.support.play import start_clock

DAY = dt.date(2031, 3, 14)
NOON = dt.datetime(2031, 3, 14, 12, 0, tzinfo=dt.UTC)

PILES = [["5S"], ["6D"], ["4C"], ["7H"], ["9C", "2D"], [], [], [], [], [], [], []]
RESERVE = ["JH", "QS", "KD", "9S", "2H", None, None, None]
HIDDEN = "9C"
WIN = [["P1", "P2"], ["P3", "P4"], ["R1", "R2", "R3"], ["P5", "R4"], ["P5", "R5"]]
WIN_SCORE = 55


class FakeClock:
    """``games.clock.now`` under the test's control."""

    def __init__(self, moment: dt.datetime):
        self.moment = moment

    def __call__(self) -> dt.datetime:
        return self.moment

    def set(self, moment: dt.datetime) -> None:
        self.moment = moment

    def advance(self, **delta) -> dt.datetime:
        self.moment += dt.timedelta(**delta)
        return self.moment


def store_daily_layout(date: dt.date, piles=PILES, reserve=RESERVE) -> str:
    code = DealCode.daily(date, django_settings.HALFMOON_DEAL_KEY).text
    Deal.objects.update_or_create(
        code=code, defaults={"layout": Layout.build(piles, reserve).to_text()}
    )
    return code


class Player:
    """A player driving the API: ``client`` authenticated, with helpers for daily games."""

    def __init__(self, client: APIClient, data: dict):
        self.client, self.id, self.name, self.token = (
            client,
            data["id"],
            data["name"],
            data["token"],
        )

    def start_daily(self) -> dict:
        response = self.client.post(url("games"), {"daily": True}, format="json")
        assert response.status_code == 201, response.content
        return response.json()

    def move(self, game_id: int, positions) -> dict:
        response = self.client.post(
            url("games", game_id, "moves"), {"positions": positions}, format="json"
        )
        assert response.status_code == 200, response.content
        return response.json()

    def resign(self, game_id: int) -> dict:
        response = self.client.post(url("games", game_id, "resign"), {}, format="json")
        assert response.status_code == 200, response.content
        return response.json()

    def play(self, game_id: int, moves) -> dict:
        game = None
        for positions in moves:
            game = self.move(game_id, positions)
        return game


def board(client, date=DAY, **params):
    return client.get(url("daily", date.isoformat(), "leaderboard"), params)


def attempt(player: Player, clock: FakeClock, start, end, moves=(), resign=False) -> dict:
    """A ranked (or practice) daily game started at ``start``, its clock too (a first tap:
    :func:`tests.support.play.start_clock`), whose moves are made at ``end``."""
    clock.set(start)
    game = start_clock(player.client, player.start_daily())
    clock.set(end)
    for positions in moves:
        game = player.move(game["id"], positions)
    if resign:
        game = player.resign(game["id"])
    return game


def at(hours=0, minutes=0, seconds=0, day=DAY) -> dt.datetime:
    return dt.datetime.combine(day, dt.time(0), tzinfo=dt.UTC) + dt.timedelta(
        hours=hours, minutes=minutes, seconds=seconds
    )
