"""Races of events on PostgreSQL: a day closing while a season is being rebuilt, and the
season closing while its last played day closes. Each resolves to one outcome: a day is on a
board whole or not at all, never twice, and a closed season holds every one of its days."""

import datetime as dt

import pytest
from django.db import connection

from games.daily.services import close_day
from games.models import DailyBoard, Season, SeasonEntry
from games.seasons import keys, services
from tests.accounts.conftest import at_once
from tests.daily.helpers import DAY, at

from .helpers import EXPECTED, SATURDAY, WEEK, play_two_days

pytestmark = pytest.mark.django_db(transaction=True)

FRIDAY_ONLY = {"ann": 150, "bea": 117, "cid": 34}


@pytest.fixture(autouse=True)
def postgresql_only():
    if connection.vendor != "postgresql":
        pytest.skip("row locks and concurrent transactions: run with DATABASE_URL=postgres://…")


def points():
    rows = SeasonEntry.objects.filter(season_id=WEEK).select_related("player")
    return {row.player.name: row.points for row in rows}


def test_a_day_closing_while_the_season_is_rebuilt(new_player, fake_clock, daily_deal):
    play_two_days(new_player, fake_clock)
    fake_clock.set(at(12, day=SATURDAY + dt.timedelta(days=1)))  # Sunday: Saturday is over
    close_day(DAY)
    week = keys.parse(WEEK)
    for _ in range(3):  # both orders get their chance; each run starts from Friday only
        SeasonEntry.objects.all().delete()
        Season.objects.all().delete()
        DailyBoard.objects.filter(date=SATURDAY).update(closed_at=None)
        services.refresh(week)
        assert points() == FRIDAY_ONLY
        at_once(lambda: close_day(SATURDAY), lambda: services.refresh(week))
        season = Season.objects.get(key=WEEK)
        # One of two outcomes, each whole: Saturday counted or not yet.
        assert (season.days_counted, points()) in ((1, FRIDAY_ONLY), (2, EXPECTED))
        services.refresh(week)  # the job's next step
        assert Season.objects.get(key=WEEK).days_counted == 2 and points() == EXPECTED


def test_the_season_closing_while_its_last_day_closes(new_player, fake_clock, daily_deal):
    play_two_days(new_player, fake_clock)
    fake_clock.set(at(12, day=SATURDAY + dt.timedelta(days=2)))  # Monday: the week is over
    close_day(DAY)
    week = keys.parse(WEEK)
    closed_now = at_once(lambda: services.close(week), lambda: close_day(SATURDAY).closed_now)
    season = Season.objects.get(key=WEEK)
    assert season.closed_at is not None and season.days_counted == 2
    assert points() == EXPECTED
    assert closed_now[0] is True  # the season closed once, with Saturday in it
    assert services.close(week) is False and points() == EXPECTED  # again: nothing changes
