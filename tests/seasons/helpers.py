"""Two days of one ISO week (2031-W11) played through the API, closed by the scheduled jobs.

Friday (DAY): ann wins first, bea wins later, cid resigns with a pair: 3 entries.
Saturday (DAY + 1): cid wins, ann resigns with a pair; bea does not play: 2 entries.

Points (``games.seasons.points``: ceil(100 × (n − r + 1) / n), + 50 for a win):
ann 150 + 50 = 200, cid 34 + 150 = 184, bea 117.
"""

import datetime as dt

from django.core.management import call_command

from tests.daily.helpers import DAY, WIN, at, attempt, store_daily_layout
from tests.support.api import url

SATURDAY = DAY + dt.timedelta(days=1)
WEEK, MONTH = "2031-W11", "2031-03"
PAIR = [["P1", "P2"]]
EXPECTED = {"ann": 200, "cid": 184, "bea": 117}


def play_two_days(new_player, clock, names=("ann", "bea", "cid")):
    players = {name: new_player(name) for name in names}
    store_daily_layout(SATURDAY)
    attempt(players["ann"], clock, at(9), at(9, 0, 20), WIN)
    attempt(players["bea"], clock, at(9), at(9, 1), WIN)
    attempt(players["cid"], clock, at(9), at(9, 0, 5), PAIR, resign=True)
    attempt(players["cid"], clock, at(9, day=SATURDAY), at(9, 0, 20, day=SATURDAY), WIN)
    attempt(players["ann"], clock, at(9, day=SATURDAY), at(9, 0, 5, day=SATURDAY), PAIR, True)
    return players


def run_jobs():
    """The worker's jobs that close days and seasons, each until it has nothing to do."""
    call_command("run_jobs", "--once", "--job", "close_daily", "--job", "close_seasons")


def season_board(client, season=WEEK, **params):
    return client.get(url("seasons", season, "board"), params)


def points_by_name(body):
    return {e["player"]["name"]: e["points"] for e in body["results"]}
