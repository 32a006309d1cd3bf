"""The day's deal is its first candidate proven winnable (SPEC §10): chosen ahead or on demand,
stored, never changed afterwards; choosers racing for one date resolve to one choice.

Candidates' layouts here are small hand-built tables stored as their deals (as the other daily
tests store their date's candidate 0), so every choice is decided at once.
"""

import datetime as dt
import threading
from itertools import islice
from types import SimpleNamespace

import pytest
from django.apps import apps
from django.core.management import call_command
from django.db import connections

from games.daily import choice
from games.daily.choice import NoWinnableCandidate, candidates, choose, daily_code
from games.deals import solving
from games.deals.models import Verdict
from games.engine import DealCode
from games.models import DailyDeal, DealSolution, Game
from tests.deals.tables import LOST, WINNABLE, store
from tests.support.api import url
from tests.support.daily_choice import TEST_DAILY_BUDGET
from tests.support.waiting import join_all

from .helpers import DAY

pytestmark = pytest.mark.django_db


def first_candidates(count: int, date=DAY) -> list[DealCode]:
    return list(islice(candidates(date), count))


def test_candidates_follow_the_spec():
    zero, one, two = first_candidates(3)
    assert zero == DealCode.daily(DAY)
    assert one == DealCode.daily_candidate(DAY, 1) and two == DealCode.daily_candidate(DAY, 2)
    assert len({zero, one, two}) == 3


def test_a_winnable_candidate_zero_is_the_deal_of_the_day(new_player, daily_deal):
    today = new_player().client.get(url("daily")).json()
    assert today["deal_code"] == daily_deal == DealCode.daily(DAY).text
    stored = DailyDeal.objects.get(date=DAY)
    assert (stored.code, stored.candidate, stored.budget) == (daily_deal, 0, TEST_DAILY_BUDGET)
    assert DealSolution.objects.get(deal__code=daily_deal).verdict == Verdict.WINNABLE


def test_the_first_candidate_proven_winnable_is_the_deal_of_the_day(new_player, fake_clock):
    zero, one, two = first_candidates(3)
    store(zero.text, LOST)
    store(one.text, LOST)
    store(two.text, WINNABLE)
    ann = new_player()
    assert ann.client.get(url("daily")).json()["deal_code"] == two.text
    game = ann.start_daily()
    assert (game["deal_code"], game["ranked"], game["daily_date"]) == (two.text, True, "2031-03-14")
    assert DailyDeal.objects.get(date=DAY).candidate == 2
    verdicts = dict(DealSolution.objects.values_list("deal__code", "verdict"))
    assert verdicts == {zero.text: "lost", one.text: "lost", two.text: "winnable"}
    # Candidate 0's code is an ordinary deal now; the chosen code is the daily deal however asked.
    by_zero = ann.client.post(url("games"), {"deal_code": zero.text}, format="json").json()
    assert (by_zero["daily_date"], by_zero["ranked"]) == (None, False)
    by_two = ann.client.post(url("games"), {"deal_code": two.text}, format="json").json()
    assert (by_two["daily_date"], by_two["ranked"]) == ("2031-03-14", False)  # practice


def test_the_choice_never_changes_afterwards(new_player, daily_deal, fake_clock):
    ann = new_player()
    chosen = ann.start_daily()["deal_code"]
    first = DailyDeal.objects.get(date=DAY)
    # Whatever happens to the deal's stored results afterwards, the day keeps its deal.
    store(chosen, LOST)
    DealSolution.objects.all().delete()
    call_command("prepare_daily", "--days", "1", "--from", DAY.isoformat(), stdout=None)
    again = choose(DAY)
    assert again.chosen_now is False and again.code.text == chosen
    assert DailyDeal.objects.get(date=DAY).chosen_at == first.chosen_at
    assert ann.client.get(url("daily")).json()["deal_code"] == chosen
    fake_clock.advance(days=1)  # and once the day is over, its board and layout are of it too
    board = ann.client.get(url("daily", DAY.isoformat(), "leaderboard")).json()
    assert board["deal_code"] == chosen


def test_nothing_is_stored_when_no_candidate_is_proven_winnable(monkeypatch):
    monkeypatch.setattr(choice, "MAX_CANDIDATES", 3)
    for code in first_candidates(3):
        store(code.text, LOST)
    with pytest.raises(NoWinnableCandidate):
        choose(DAY)
    assert not DailyDeal.objects.exists()


def test_a_code_that_is_no_candidate_is_ordinary_and_chooses_nothing(new_player, fake_clock):
    game = new_player().client.post(url("games"), {"deal_code": "HM1-N-HALFMON"}, format="json")
    assert game.json()["daily_date"] is None
    assert not DailyDeal.objects.exists() and not DealSolution.objects.exists()


def test_a_past_date_is_chosen_on_demand_like_any_other(new_player, fake_clock):
    yesterday = DAY - dt.timedelta(days=1)
    zero, one = first_candidates(2, yesterday)
    store(zero.text, LOST)
    store(one.text, WINNABLE)
    board = new_player().client.get(url("daily", yesterday.isoformat(), "leaderboard")).json()
    assert board["deal_code"] == one.text == daily_code(yesterday).text


def test_dates_played_before_winnable_daily_deals_keep_the_deal_they_were_played_with(
    new_player, daily_deal, fake_clock
):
    """The migration stores each played date's deal (candidate 0, as played) as its choice,
    even when candidate 0 cannot be won."""
    new_player().start_daily()
    DailyDeal.objects.all().delete()  # as before the migration
    store(daily_deal, LOST)
    migration = __import__("games.migrations.0006_daily_deals_played", fromlist=["x"])
    migration.store_played_days(apps, None)
    stored = DailyDeal.objects.get(date=DAY)
    assert (stored.code, stored.candidate, stored.budget) == (daily_deal, 0, None)
    assert daily_code(DAY).text == daily_deal
    assert Game.objects.filter(daily_date=DAY, deal__code=daily_deal).count() == 1


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_two_choosers_racing_on_demand_resolve_to_one_choice(monkeypatch):
    """Both choosers find no stored choice, then one sees candidate 0 lost (say, a smaller
    budget) and the other winnable: whichever stores first, both return the stored choice."""
    zero, one = first_candidates(2)
    store(zero.text, WINNABLE)
    store(one.text, WINNABLE)
    real_solve = solving.solve_code
    barrier, waited, results = threading.Barrier(2), set(), {}

    def solve_code(code, budget):
        name = threading.current_thread().name
        if name not in waited:  # both choosers have read "no choice stored" by now
            waited.add(name)
            barrier.wait(timeout=10)
        if name == "sees-zero-lost" and code == zero:
            return SimpleNamespace(verdict=Verdict.LOST, deal=None)
        return real_solve(code, budget)

    monkeypatch.setattr(solving, "solve_code", solve_code)

    def chooser():
        try:
            results[threading.current_thread().name] = choose(DAY)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=chooser, name=n) for n in ("sees-zero-lost", "sees-won")]
    for thread in threads:
        thread.start()
    join_all(threads, 30, "a chooser never finished")
    stored = DailyDeal.objects.get(date=DAY)
    assert DailyDeal.objects.count() == 1
    assert {r.code.text for r in results.values()} == {stored.code}
    assert sorted(r.chosen_now for r in results.values()) == [False, True]
