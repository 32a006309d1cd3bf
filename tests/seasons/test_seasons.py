"""Season boards through the API: the points rule, ties, pages and around=me, a season not
started, immutability once closed, fair play, the job run twice, a player's season history."""

import datetime as dt

import pytest

from games.models import Game, Season, SeasonEntry
from games.moderation import services as moderation
from tests.daily.helpers import DAY, at
from tests.support.api import assert_error, url

from .helpers import (
    EXPECTED,
    MONTH,
    SATURDAY,
    WEEK,
    play_two_days,
    points_by_name,
    run_jobs,
    season_board,
)

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def played(new_player, fake_clock, daily_deal):
    players = play_two_days(new_player, fake_clock)
    fake_clock.set(at(12, day=SATURDAY + dt.timedelta(days=1)))  # Sunday: both days over
    return players


def test_the_board_sums_each_days_points_by_rank_and_result(api, played):
    run_jobs()
    body = season_board(api).json()
    assert points_by_name(body) == EXPECTED
    assert [e["rank"] for e in body["results"]] == [1, 2, 3]
    assert [(e["days"], e["wins"]) for e in body["results"]] == [(2, 1), (2, 1), (1, 1)]
    assert body["season"] == WEEK and body["kind"] == "week" and body["closed"] is False
    assert body["days_counted"] == 2 and body["total"] == 3
    assert body["starts_on"] == "2031-03-10" and body["ends_on"] == "2031-03-16"
    month = season_board(api, MONTH).json()
    assert points_by_name(month) == EXPECTED and month["kind"] == "month"


def test_one_lucky_day_does_not_beat_steady_play(api, new_player, fake_clock, daily_deal, played):
    """ann won Friday and placed Saturday; a newcomer winning Saturday alone would top one
    day only: at most 150 points, below two steady days."""
    run_jobs()
    top = season_board(api).json()["results"][0]
    assert top["player"]["name"] == "ann" and top["points"] > 150


def test_equal_points_share_a_rank(api, new_player, fake_clock, daily_deal):
    """amy tops Friday's board of two (150), cal is alone on Saturday's (150): one rank."""
    from tests.daily.helpers import WIN, attempt

    a, b, c = new_player("amy"), new_player("bob"), new_player("cal")
    attempt(a, fake_clock, at(9), at(9, 0, 30), WIN)  # Friday 1st of 2: 150
    attempt(b, fake_clock, at(9), at(9, 1), WIN)  # Friday 2nd of 2: 100
    saturday = DAY + dt.timedelta(days=1)
    from tests.daily.helpers import store_daily_layout

    store_daily_layout(saturday)
    attempt(c, fake_clock, at(9, day=saturday), at(9, 1, day=saturday), WIN)  # alone: 150
    fake_clock.set(at(12, day=saturday + dt.timedelta(days=1)))
    run_jobs()
    body = season_board(api).json()
    assert [(e["player"]["name"], e["points"], e["rank"]) for e in body["results"]] == [
        ("amy", 150, 1),
        ("cal", 150, 1),
        ("bob", 100, 3),
    ]


def test_pages_follow_their_cursors_and_around_me(api, played):
    run_jobs()
    first = season_board(api, limit=1).json()
    assert [e["player"]["name"] for e in first["results"]] == ["ann"] and first["previous"] is None
    second = season_board(api, limit=1, cursor=first["next"]).json()
    assert [e["player"]["name"] for e in second["results"]] == ["cid"]
    third = season_board(api, limit=1, cursor=second["next"]).json()
    assert [e["player"]["name"] for e in third["results"]] == ["bea"] and third["next"] is None
    back = season_board(api, limit=1, cursor=third["previous"]).json()
    assert back["results"] == second["results"]
    cid = played["cid"].client
    around = season_board(cid, around="me", limit=3).json()
    assert [e["player"]["name"] for e in around["results"]] == ["ann", "cid", "bea"]
    assert around["me"]["rank"] == 2 and around["me"]["points"] == 184
    assert season_board(cid).json()["me"]["player"]["name"] == "cid"


def test_bad_cursors_and_around_are_refused(api, played, new_player):
    run_jobs()
    assert_error(season_board(api, cursor="nope"), 400, "invalid_cursor")
    week_cursor = season_board(api, limit=1).json()["next"]
    assert_error(season_board(api, MONTH, cursor=week_cursor), 400, "invalid_cursor")
    assert_error(season_board(api, around="me"), 401, "not_authenticated")
    assert_error(season_board(api, around="you"), 400, "invalid_around")
    stranger = new_player("zed")
    assert_error(season_board(stranger.client, around="me"), 404, "not_on_season_board")


def test_a_season_not_started_is_refused_and_nothing_is_stored(api, played):
    before = Season.objects.count()
    body = assert_error(season_board(api, "2031-W12"), 404, "season_not_started")
    assert body["season"] == "2031-W12" and body["starts_on"] == "2031-03-17"
    assert_error(season_board(api, "2031-04"), 404, "season_not_started")
    for bad in ("2031-W54", "2031-13", "W11", "2031-3"):
        assert_error(season_board(api, bad), 400, "invalid_season")
    assert Season.objects.count() == before


def test_a_season_of_no_closed_day_is_an_empty_open_board(api, fake_clock, daily_deal):
    body = season_board(api).json()
    assert body["results"] == [] and body["total"] == 0 and body["closed"] is False
    assert body["computed_at"] is None and not Season.objects.exists()


def test_current_seasons(api, fake_clock, daily_deal):
    body = api.get(url("seasons")).json()
    assert body["week"]["season"] == WEEK and body["month"]["season"] == MONTH
    assert body["week"]["closed"] is False


def test_a_disqualified_result_does_not_score(api, played):
    run_jobs()
    ann_friday = Game.objects.get(owner_id=played["ann"].id, daily_date=DAY, ranked=True)
    moderation.disqualify(None, ann_friday.pk, "rehearsed")
    run_jobs()  # the job sees the disqualification and rebuilds
    body = season_board(api).json()
    # Friday without ann: bea 1st of 2 (150), cid 2nd (50); Saturday unchanged.
    assert points_by_name(body) == {"cid": 200, "bea": 150, "ann": 50}
    assert Season.objects.get(key=WEEK).disqualified == 1


def test_closing_is_idempotent_and_the_closed_board_never_changes(api, played, fake_clock):
    fake_clock.set(at(12, day=DAY + dt.timedelta(days=3)))  # Monday of the next week
    run_jobs()
    season = Season.objects.get(key=WEEK)
    closed_at, rows = season.closed_at, list(SeasonEntry.objects.filter(season=season).values())
    assert closed_at is not None
    run_jobs()  # twice: one result
    again = Season.objects.get(key=WEEK)
    assert again.closed_at == closed_at
    assert list(SeasonEntry.objects.filter(season=season).values()) == rows
    ann_friday = Game.objects.get(owner_id=played["ann"].id, daily_date=DAY, ranked=True)
    moderation.disqualify(None, ann_friday.pk, "after the season")
    run_jobs()
    body = season_board(api).json()
    assert body["closed"] is True and points_by_name(body) == EXPECTED  # final
    assert Season.objects.get(key=WEEK).computed_at == season.computed_at


def test_a_players_statistics_list_their_seasons(api, played):
    run_jobs()
    body = api.get(url("players", played["cid"].id, "stats")).json()
    row = {"rank": 2, "total": 3, "points": 184, "days": 2, "wins": 1, "closed": False}
    assert body["seasons"] == [  # newest first: the week began after the month
        {"season": WEEK, "kind": "week", **row},
        {"season": MONTH, "kind": "month", **row},
    ]
