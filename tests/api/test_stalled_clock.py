"""A stalled game's clock and honest statistics (issue 26, SPEC §7), through REST.

A stall stops every game's clock (``finished_at`` = the stall, ``elapsed_ms`` frozen) and counts
as not won in the win rate; an undo out of it makes the clock run again from ``clock_started_at``.
Time moves by the service's clock (``games.core.clock.now``), never by sleeping.
"""

import datetime as dt

import pytest

from games.core import clock
from games.models import Game
from tests.support.api import post, url
from tests.support.clock import FakeClock
from tests.support.play import start_clock

from .helpers import refused

pytestmark = pytest.mark.django_db

T0 = dt.datetime(2026, 3, 2, 9, 0, tzinfo=dt.UTC)
#: One pair left: P1+P2 wins.
WINNABLE = {"piles": [["5S"], ["6D"]] + [[]] * 10, "reserve": [None] * 8}
#: P1+P2 leaves a lone 5H: stalled.
STALLING = {"piles": [["5H", "5S"], ["6D"]] + [[]] * 10, "reserve": [None] * 8}


@pytest.fixture
def fake_clock(monkeypatch):
    fake = FakeClock(T0)
    monkeypatch.setattr(clock, "now", fake)
    return fake


@pytest.fixture
def table(table):
    """As ``tests/api/conftest.py``'s, with a playing game's clock started as it is dealt (a tap
    and its undoing: :func:`tests.support.play.start_clock`): these tests are about when the
    clock stops; when it starts is ``tests/api/test_clock_start.py``'s."""

    def make(**options):
        client, game = table(**options)
        if game["status"] == "playing":
            game = start_clock(client, game)
        return client, game

    return make


def move(client, game_id):
    return post(client, url("games", game_id, "moves"), {"positions": ["P1", "P2"]})


def read(client, game_id):
    return client.get(url("games", game_id)).json()


def stats(client, player_id):
    return client.get(url("players", player_id, "stats")).json()


def stall(table, fake_clock, client=None, after_s=61):
    """A game started at the clock's moment that stalls ``after_s`` seconds later."""
    client, game = table(client=client, **STALLING)
    fake_clock.advance(seconds=after_s)
    stalled = move(client, game["id"]).json()
    assert stalled["status"] == "stalled"
    return client, stalled


def test_a_stall_stops_the_clock_while_time_passes(table, fake_clock):
    client, stalled = stall(table, fake_clock)
    assert stalled["elapsed_ms"] == 61_000
    assert stalled["finished_at"] == "2026-03-02T09:01:01Z"
    fake_clock.advance(minutes=13)
    later = read(client, stalled["id"])
    assert (later["status"], later["elapsed_ms"]) == ("stalled", 61_000)
    assert later["finished_at"] == stalled["finished_at"]


def test_an_undo_out_of_the_stall_makes_the_clock_run_again(table, fake_clock):
    client, stalled = stall(table, fake_clock)
    fake_clock.advance(minutes=9)  # 10:01 since the start
    again = post(client, url("games", stalled["id"], "undo")).json()
    assert (again["status"], again["finished_at"]) == ("playing", None)
    assert again["elapsed_ms"] == 601_000  # wall time since started_at: the stall counts
    fake_clock.advance(seconds=5)
    assert read(client, stalled["id"])["elapsed_ms"] == 606_000
    fake_clock.advance(seconds=4)
    restalled = move(client, stalled["id"]).json()  # stalls again: stops at the new stall
    assert (restalled["status"], restalled["elapsed_ms"]) == ("stalled", 610_000)
    fake_clock.advance(minutes=1)
    assert read(client, stalled["id"])["elapsed_ms"] == 610_000


def test_a_resignation_after_a_stall_keeps_the_stalls_moment(table, fake_clock):
    client, stalled = stall(table, fake_clock)
    fake_clock.advance(minutes=5)
    resigned = post(client, url("games", stalled["id"], "resign")).json()
    assert resigned["status"] == "resigned"
    assert (resigned["finished_at"], resigned["elapsed_ms"]) == (stalled["finished_at"], 61_000)


def test_a_resignation_while_playing_stops_the_clock_then(table, fake_clock):
    client, game = table(**STALLING)
    fake_clock.advance(seconds=30)
    resigned = post(client, url("games", game["id"], "resign")).json()
    assert (resigned["status"], resigned["elapsed_ms"]) == ("resigned", 30_000)
    fake_clock.advance(minutes=2)
    assert read(client, game["id"])["elapsed_ms"] == 30_000


def test_refusals_in_a_stall_leave_its_clock_as_it_was(table, fake_clock):
    client, stalled = stall(table, fake_clock)
    fake_clock.advance(minutes=1)
    refused(stalled["id"], lambda: move(client, stalled["id"]), 400, "empty_position")
    refused(
        stalled["id"],
        lambda: post(client, url("games", stalled["id"], "taps"), {"position": "P2"}),
        400,
        "empty_position",
    )
    assert read(client, stalled["id"])["elapsed_ms"] == 61_000


def test_a_win_and_a_stall_make_a_win_rate_of_one_half(table, fake_clock, player_client):
    client, player = player_client("ann")
    _, won = table(client=client, **WINNABLE)
    fake_clock.advance(seconds=20)
    assert move(client, won["id"]).json()["status"] == "won"
    _, stalled = stall(table, fake_clock, client=client)
    body = stats(client, player.pk)
    assert (body["games_played"], body["games_finished"], body["games_won"]) == (2, 2, 1)
    assert (body["games_stalled"], body["win_rate"]) == (1, 0.5)
    assert body["best_win_ms"] == body["average_win_ms"] == 20_000
    recent = {game["id"]: game for game in body["recent_games"]}
    assert (recent[stalled["id"]]["status"], recent[stalled["id"]]["elapsed_ms"]) == (
        "stalled",
        61_000,
    )
    fake_clock.advance(minutes=13)
    assert stats(client, player.pk)["recent_games"] == body["recent_games"]  # frozen

    # Another player sees the same figures, but not the stalled game (it may still undo).
    other, _ = player_client("bob")
    seen = stats(other, player.pk)
    assert (seen["games_finished"], seen["games_stalled"], seen["win_rate"]) == (2, 1, 0.5)
    assert [game["id"] for game in seen["recent_games"]] == [won["id"]]

    # An undo reopens the stalled game: it no longer counts as ended.
    post(client, url("games", stalled["id"], "undo"))
    body = stats(client, player.pk)
    assert (body["games_finished"], body["games_stalled"], body["win_rate"]) == (1, 0, 1.0)
    # Resigning it ends it for good: still not a win.
    post(client, url("games", stalled["id"], "resign"))
    body = stats(client, player.pk)
    assert (body["games_finished"], body["games_stalled"], body["win_rate"]) == (2, 0, 0.5)


def test_a_deal_that_starts_stalled_has_a_stopped_clock(table, fake_clock):
    client, game = table(piles=[["5H"], ["5S"]] + [[]] * 10, reserve=[None] * 8)
    assert (game["status"], game["elapsed_ms"], game["finished_at"]) == (
        "stalled",
        0,
        "2026-03-02T09:00:00Z",
    )
    fake_clock.advance(minutes=3)
    assert read(client, game["id"])["elapsed_ms"] == 0


def test_a_stall_stored_before_this_rule_shows_the_time_to_its_last_change(table, fake_clock):
    """Rows stalled before stalls stopped the clock have no ``finished_at`` (no migration)."""
    client, stalled = stall(table, fake_clock)
    Game.objects.filter(pk=stalled["id"]).update(finished_at=None)
    fake_clock.advance(minutes=30)
    assert read(client, stalled["id"])["elapsed_ms"] == 61_000
