"""A stalled ranked attempt and the daily board (SPEC §7, issue 26).

The game's clock stops at the stall, but the attempt is not over (an undo can reopen it): it
enters the board only when it is resigned or won, or still stalled when the day closes — then,
like every unfinished attempt, with its score at midnight, measured to midnight.
"""

import datetime as dt

import pytest
from django.core.management import call_command

from games.models import LeaderboardEntry
from tests.support.api import url
from tests.support.play import start_clock

from .helpers import DAY, at, store_daily_layout

pytestmark = pytest.mark.django_db(transaction=True)

MIDNIGHT = dt.datetime(2031, 3, 15, tzinfo=dt.UTC)
#: Winnable (P1+P2, then P1+R1: a date's deal is), but R1+P2 (5H+6S) leaves a lone 5S above a
#: 6D: stalled with 10 points after one move.
STALLING_PILES = [["6D", "5S"], ["6S"]] + [[]] * 10
STALLING_RESERVE = ["5H"] + [None] * 7


@pytest.fixture
def stalled(new_player, fake_clock):
    """ann's ranked attempt, started at 21:00 and stalled at 21:01."""
    store_daily_layout(DAY, piles=STALLING_PILES, reserve=STALLING_RESERVE)
    ann = new_player("ann")
    fake_clock.set(at(21))
    game = start_clock(ann.client, ann.start_daily())  # its clock starts at its deal
    fake_clock.set(at(21, 1))
    game = ann.move(game["id"], ["R1", "P2"])
    assert (game["status"], game["elapsed_ms"]) == ("stalled", 60_000)
    return ann, game


def entries():
    return [
        (e.result, e.score, e.moves, e.elapsed_ms, e.ended_at)
        for e in LeaderboardEntry.objects.all()
    ]


def test_a_stall_does_not_enter_the_board_before_the_close(stalled):
    assert entries() == []


def test_still_stalled_at_midnight_it_enters_as_unfinished_at_midnight(stalled, fake_clock):
    ann, game = stalled
    fake_clock.set(at(0, 5, day=DAY + dt.timedelta(days=1)))
    ann.resign(game["id"])  # after midnight: the board keeps it as it stood at midnight
    call_command("close_daily", "--date", DAY.isoformat())
    assert entries() == [("unfinished", 10, 1, 3 * 3_600_000, MIDNIGHT)]
    assert ann.client.get(url("games", game["id"])).json()["elapsed_ms"] == 60_000


def test_resigned_after_a_stall_it_enters_with_the_stalls_time(stalled, fake_clock):
    ann, game = stalled
    fake_clock.set(at(22))
    resigned = ann.resign(game["id"])
    assert resigned["elapsed_ms"] == 60_000
    assert entries() == [("resigned", 10, 1, 60_000, at(21, 1))]
