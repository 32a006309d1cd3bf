"""A game's clock starts at its first change (SPEC §7, issue 38): reading the table, a guide or
a dialog before the first tap costs no time — on a solo game, a ranked daily attempt and a
challenge alike; a race's games run on the race's clock from its start. Time moves by the
service's clock, never by sleeping."""

from __future__ import annotations

import datetime as dt

import pytest

from games.core import clock
from games.models import Game, LeaderboardEntry
from tests.daily.helpers import store_daily_layout
from tests.support.api import assert_error, post, url
from tests.support.clock import FakeClock

pytestmark = pytest.mark.django_db

T0 = dt.datetime(2026, 3, 2, 9, 0, tzinfo=dt.UTC)


@pytest.fixture
def fake_clock(monkeypatch):
    fake = FakeClock(T0)
    monkeypatch.setattr(clock, "now", fake)
    return fake


def read(client, game_id):
    return client.get(url("games", game_id)).json()


def test_the_clock_waits_for_the_first_tap_then_runs(table, fake_clock):
    client, game = table()
    assert (game["clock_started_at"], game["elapsed_ms"]) == (None, 0)
    fake_clock.advance(minutes=2)  # the table read, a guide open: no time counted
    assert (read(client, game["id"])["elapsed_ms"], read(client, game["id"])["version"]) == (0, 0)
    tapped = post(client, url("games", game["id"], "taps"), {"position": "P1"}).json()["game"]
    assert tapped["clock_started_at"] == "2026-03-02T09:02:00Z"
    assert tapped["elapsed_ms"] == 0
    fake_clock.advance(seconds=5)
    assert read(client, game["id"])["elapsed_ms"] == 5_000
    # Later changes leave the start where it is.
    fake_clock.advance(seconds=5)
    again = post(client, url("games", game["id"], "taps"), {"position": "P1"}).json()["game"]
    assert (again["clock_started_at"], again["elapsed_ms"]) == ("2026-03-02T09:02:00Z", 10_000)


def test_a_refused_first_action_starts_no_clock(table, fake_clock):
    client, game = table()
    fake_clock.advance(seconds=30)
    assert_error(
        post(client, url("games", game["id"], "moves"), {"positions": ["P1", "P1"]}),
        400,
        "duplicate_position",
    )
    assert_error(post(client, url("games", game["id"], "undo")), 400, "nothing_to_undo")
    stored = Game.objects.get(pk=game["id"])
    assert (stored.clock_started_at, stored.version, stored.elapsed_ms()) == (None, 0, 0)


def test_resigning_at_once_ends_the_game_at_zero(table, fake_clock):
    client, game = table()
    fake_clock.advance(minutes=3)
    resigned = post(client, url("games", game["id"], "resign")).json()
    assert (resigned["status"], resigned["elapsed_ms"]) == ("resigned", 0)
    assert resigned["clock_started_at"] == resigned["finished_at"] == "2026-03-02T09:03:00Z"


def test_a_ranked_daily_attempts_time_on_the_board_counts_from_its_first_tap(
    player_client, fake_clock
):
    store_daily_layout(T0.date())
    client, player = player_client("ann")
    attempt = post(client, url("games"), {"daily": True}).json()
    assert attempt["ranked"] is True and attempt["clock_started_at"] is None
    fake_clock.advance(minutes=4)  # the rules read first
    post(client, url("games", attempt["id"], "taps"), {"position": "P1"})
    fake_clock.advance(seconds=42)
    post(client, url("games", attempt["id"], "resign"))
    entry = LeaderboardEntry.objects.get(game_id=attempt["id"])
    assert entry.elapsed_ms == 42_000
    board = client.get(url("daily", T0.date().isoformat(), "leaderboard")).json()
    assert board["results"][0]["elapsed_ms"] == 42_000


def test_a_challengers_clock_starts_at_their_first_tap(player_client, fake_clock):
    ann, _ = player_client("ann")
    first = post(ann, url("games"), {"deal_code": "HM1-N-AAAAAAA"}).json()
    post(ann, url("games", first["id"], "resign"))
    code = post(ann, url("games", first["id"], "challenge")).json()["code"]
    bo, _ = player_client("bo")
    taken = post(bo, url("challenges", code, "games")).json()
    assert taken["clock_started_at"] is None
    fake_clock.advance(minutes=1)
    post(bo, url("games", taken["id"], "taps"), {"position": "P1"})
    fake_clock.advance(seconds=7)
    resigned = post(bo, url("games", taken["id"], "resign")).json()
    assert resigned["elapsed_ms"] == 7_000
    board = bo.get(url("challenges", code, "board")).json()
    assert [row["elapsed_ms"] for row in board["results"]] == [7_000]
