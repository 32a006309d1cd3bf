"""Closing a day: unfinished ranked attempts enter as they stood at midnight, once."""

import datetime as dt
import threading

import pytest
from django.core.management import CommandError, call_command
from django.db import connections

from games.daily import services as daily
from games.models import DailyBoard, Game, LeaderboardEntry
from tests.support.api import url
from tests.support.waiting import join_all

from .helpers import DAY, WIN, at, attempt, board

pytestmark = pytest.mark.django_db(transaction=True)

NEXT = DAY + dt.timedelta(days=1)
PAIR, TRIPLE = ["P1", "P2"], ["R1", "R2", "R3"]


@pytest.fixture
def evening(new_player, fake_clock, daily_deal):
    """ann won at 20:00; bob has 10 points since 23:00 and plays on after midnight; cy has
    20 points and stops; dee starts at 23:59 and wins at 00:01, after the day."""
    people = {name: new_player(name) for name in ["ann", "bob", "cy", "dee"]}
    games = {"ann": attempt(people["ann"], fake_clock, at(19, 59), at(20), WIN)}
    games["bob"] = attempt(people["bob"], fake_clock, at(22), at(23), [PAIR])
    games["cy"] = attempt(people["cy"], fake_clock, at(21), at(21, 30), [PAIR, ["P3", "P4"]])
    games["dee"] = attempt(people["dee"], fake_clock, at(23, 59), at(23, 59, 30), [PAIR])
    fake_clock.set(at(0, 1, day=NEXT))
    people["dee"].play(games["dee"]["id"], WIN[1:])  # won, but after midnight
    people["bob"].move(games["bob"]["id"], TRIPLE)  # 25 points now, 10 at midnight
    return people, games


def entries():
    return {
        e.player.name: (e.result, e.score, e.moves, e.elapsed_ms, e.ended_at)
        for e in LeaderboardEntry.objects.select_related("player")
    }


MIDNIGHT = dt.datetime(2031, 3, 15, tzinfo=dt.UTC)
EXPECTED = {
    "ann": ("won", 55, 5, 60_000, at(20)),
    "bob": ("unfinished", 10, 1, 2 * 3_600_000, MIDNIGHT),
    "cy": ("unfinished", 20, 2, 3 * 3_600_000, MIDNIGHT),
    "dee": ("unfinished", 10, 1, 60_000, MIDNIGHT),
}


def test_before_the_close_only_finished_attempts_are_on_the_board(evening):
    assert entries() == {"ann": EXPECTED["ann"]}


def test_the_command_enters_unfinished_attempts_as_they_stood_at_midnight(evening, capsys):
    call_command("close_daily", "--date", "2031-03-14")
    assert "2031-03-14: closed, 3 unfinished attempt(s) entered." in capsys.readouterr().out
    assert entries() == EXPECTED
    assert DailyBoard.objects.get(date=DAY).closed_at is not None


def test_closing_again_changes_nothing(evening, capsys):
    call_command("close_daily", "--date", "2031-03-14")
    first = (entries(), DailyBoard.objects.get(date=DAY).closed_at)
    call_command("close_daily", "--date", "2031-03-14")
    call_command("close_daily")
    out = capsys.readouterr().out
    assert "already closed" in out and "No past daily leaderboard is open." in out
    assert (entries(), DailyBoard.objects.get(date=DAY).closed_at) == first


def test_the_command_without_a_date_closes_every_past_open_day(evening, capsys):
    call_command("close_daily")
    assert "2031-03-14: closed" in capsys.readouterr().out
    assert not DailyBoard.objects.filter(closed_at=None, date__lt=NEXT).exists()


@pytest.mark.parametrize(
    "date, code",
    [
        ("2031-03-15", "daily_not_closed"),
        ("2031-03-16", "date_in_future"),
        ("14.03.2031", "invalid_date"),
    ],
)
def test_the_command_refuses_open_future_and_malformed_dates(evening, date, code):
    with pytest.raises(CommandError, match=code):
        call_command("close_daily", "--date", date)
    assert DailyBoard.objects.get(date=DAY).closed_at is None and len(entries()) == 1


def test_reading_a_past_board_closes_it_on_demand(api, evening):
    body = board(api).json()
    assert body["closed"] is True and body["total"] == 4
    assert [e["player"]["name"] for e in body["results"]] == ["ann", "cy", "dee", "bob"]
    assert entries() == EXPECTED


def test_after_the_close_playing_on_changes_nothing(api, evening):
    people, games = evening
    board(api)
    people["bob"].play(games["bob"]["id"], WIN[1:2] + WIN[3:])  # bob wins his game now
    assert Game.objects.get(pk=games["bob"]["id"]).status == "won"
    assert entries()["bob"] == EXPECTED["bob"]


def test_the_live_day_cannot_be_closed(new_player, fake_clock, daily_deal):
    attempt(new_player(), fake_clock, at(10), at(11), [PAIR])
    with pytest.raises(daily.DailyNotClosed):
        daily.close_day(DAY)
    assert (
        DailyBoard.objects.get(date=DAY).closed_at is None and not LeaderboardEntry.objects.exists()
    )


def test_a_start_after_midnight_is_the_next_days_attempt(evening):
    people, _ = evening
    game = people["ann"].start_daily()
    assert (game["daily_date"], game["ranked"]) == ("2031-03-15", True)


@pytest.mark.postgres
def test_two_closers_at_once_close_the_day_once(evening):
    barrier, results, failures = threading.Barrier(2), [], []

    def close():
        try:
            barrier.wait(timeout=10)
            results.append(daily.close_day(DAY))
        except Exception as error:  # pragma: no cover - reported below
            failures.append(error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=close) for _ in range(2)]
    for thread in threads:
        thread.start()
    join_all(threads, 30, "a closer never finished")
    assert not failures
    assert sorted((r.closed_now, r.entered) for r in results) == [(False, 0), (True, 3)]
    assert entries() == EXPECTED and LeaderboardEntry.objects.count() == 4


def test_a_start_racing_the_close_is_refused_and_starts_nothing(evening, fake_clock):
    """A request that read the clock just before midnight, served after the close."""
    people, _ = evening
    call_command("close_daily", "--date", "2031-03-14")
    games = Game.objects.count()
    fake_clock.set(at(23, 59, 59))
    response = people["ann"].client.post(url("games"), {"daily": True}, format="json")
    assert response.status_code == 409 and response.json()["code"] == "daily_closed"
    assert Game.objects.count() == games and entries() == EXPECTED
