"""The staff commands: solve_deals (stored, resumable), prepare_daily and fill_winnable_pool."""

import datetime as dt
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from games.deals.models import DealSolution, PooledDeal, Verdict
from games.engine import Board, DealCode, Layout, Move
from games.models import DailyDeal, Deal

from .tables import LOST, WINNABLE, store

pytestmark = pytest.mark.django_db

#: Real deals the solver decides within a few hundred positions (docs/SOLVABILITY.md's solver).
LOST_DEAL = "HM1-N-PESMSBR"  # candidate 0 of 2027-08-16
WON_DEAL = "HM1-N-OCLHCEH"  # candidate 1 of 2027-08-16, its daily deal
SMALL_BUDGET = 20_000
#: Winnable, but only after some 17,000 positions: undecided within a budget of one.
HARDER_DEAL, HARDER_BUDGET = "HM1-N-ABQHXLF", 100_000


def run(*args) -> str:
    out = StringIO()
    call_command(*args, stdout=out, stderr=StringIO())
    return out.getvalue()


def replays_to_a_win(deal: Deal, line: str) -> bool:
    board = Board(Layout.from_text(deal.layout))
    for text in line.split():
        board.push(Move.parse(text))
    return board.cards_left == 0 and board.status.value == "won"


def test_solve_deals_stores_each_verdict_with_its_effort_and_winning_line():
    output = run("solve_deals", WON_DEAL, LOST_DEAL, "--budget", str(SMALL_BUDGET))
    won = DealSolution.objects.get(deal__code=WON_DEAL)
    lost = DealSolution.objects.get(deal__code=LOST_DEAL)
    assert (won.verdict, lost.verdict) == (Verdict.WINNABLE, Verdict.LOST)
    assert won.nodes > 0 and won.seconds > 0 and won.budget == SMALL_BUDGET
    assert replays_to_a_win(won.deal, won.line)
    assert lost.line == ""
    # The stored layout is the code's under this deployment's key.
    assert won.deal.layout == DealCode.parse(WON_DEAL).layout().to_text()
    assert "2 solved now, 0 already solved" in output and "1 winnable, 1 lost" in output


def test_solve_deals_is_resumable_and_skips_deals_solved_at_the_budget():
    run("solve_deals", WON_DEAL, "--no-progress")
    first = DealSolution.objects.get(deal__code=WON_DEAL)
    output = run("solve_deals", WON_DEAL, LOST_DEAL, "--no-progress")
    assert "1 solved now, 1 already solved at this budget (skipped)" in output
    again = DealSolution.objects.get(deal__code=WON_DEAL)
    assert (again.solved_at, again.nodes, again.line) == (first.solved_at, first.nodes, first.line)
    assert DealSolution.objects.count() == 2


def test_an_undecided_deal_is_solved_again_with_a_larger_budget_only():
    run("solve_deals", HARDER_DEAL, "--budget", "1", "--no-progress")
    undecided = DealSolution.objects.get(deal__code=HARDER_DEAL)
    assert (undecided.verdict, undecided.budget, undecided.line) == (Verdict.UNDECIDED, 1, "")
    assert "0 solved now, 1 already solved" in run(
        "solve_deals", HARDER_DEAL, "--budget", "1", "--no-progress"
    )
    run("solve_deals", HARDER_DEAL, "--budget", str(HARDER_BUDGET), "--no-progress")
    decided = DealSolution.objects.get(deal__code=HARDER_DEAL)
    assert decided.verdict == Verdict.WINNABLE and decided.budget == HARDER_BUDGET
    assert replays_to_a_win(decided.deal, decided.line)
    # A decided verdict is final: a smaller budget later changes nothing.
    run("solve_deals", HARDER_DEAL, "--budget", "1", "--no-progress")
    assert DealSolution.objects.get(deal__code=HARDER_DEAL).solved_at == decided.solved_at


def test_random_deals_from_a_seed_are_the_same_deals_so_a_run_can_be_resumed():
    run("solve_deals", "--random", "3", "--seed", "7", "--budget", str(SMALL_BUDGET))
    codes = set(Deal.objects.values_list("code", flat=True))
    assert len(codes) == 3 and DealSolution.objects.count() == 3
    output = run("solve_deals", "--random", "4", "--seed", "7", "--budget", str(SMALL_BUDGET))
    assert "1 solved now, 3 already solved" in output
    assert codes < set(Deal.objects.values_list("code", flat=True))


def test_the_progress_bar_counts_the_deals():
    output = run("solve_deals", WON_DEAL, LOST_DEAL, "--budget", str(SMALL_BUDGET))
    assert "2/2" in output and "won=1" in output and "lost=1" in output


def test_solve_deals_solves_the_stored_layout_of_a_deal():
    store("HM1-N-TINYWIN", WINNABLE)
    store("HM1-N-TINYLOS", LOST)
    run("solve_deals", "HM1-N-TINYWIN", "hm1-n-tinylos ", "--no-progress")
    assert DealSolution.objects.get(deal__code="HM1-N-TINYWIN").line == "P1+P2"
    assert DealSolution.objects.get(deal__code="HM1-N-TINYLOS").verdict == Verdict.LOST


@pytest.mark.parametrize(
    "args", [("HM1-N-NOTACODE",), (), ("--random", "-1"), (WON_DEAL, "--budget", "-5")]
)
def test_bad_arguments_are_refused_and_store_nothing(args):
    with pytest.raises(CommandError):
        run("solve_deals", *args)
    assert not Deal.objects.exists() and not DealSolution.objects.exists()


# -- prepare_daily ----------------------------------------------------------------------------
def test_prepare_daily_chooses_each_date_once_and_never_changes_it():
    output = run("prepare_daily", "--days", "3", "--from", "2027-08-15")
    chosen = {d.date.isoformat(): (d.code, d.candidate) for d in DailyDeal.objects.all()}
    assert chosen == {
        "2027-08-15": (DealCode.daily(dt.date(2027, 8, 15)).text, 0),
        "2027-08-16": (WON_DEAL, 1),  # candidate 0 of that day is lost
        "2027-08-17": (DealCode.daily(dt.date(2027, 8, 17)).text, 0),
    }
    assert f"2027-08-16: {WON_DEAL} (candidate 1) chosen: {LOST_DEAL} lost" in output
    # Its candidates' solutions are stored for staff.
    assert DealSolution.objects.get(deal__code=LOST_DEAL).verdict == Verdict.LOST
    stamps = dict(DailyDeal.objects.values_list("date", "chosen_at"))
    output = run("prepare_daily", "--days", "2", "--from", "2027-08-16")
    assert output.count("stored already") == 2
    assert dict(DailyDeal.objects.values_list("date", "chosen_at")) == stamps


def test_prepare_daily_starts_today_by_default(monkeypatch):
    from games.core import clock

    noon = dt.datetime(2027, 8, 16, 12, tzinfo=dt.UTC)
    monkeypatch.setattr(clock, "now", lambda: noon)
    run("prepare_daily", "--days", "1")
    assert list(DailyDeal.objects.values_list("date", "code")) == [(dt.date(2027, 8, 16), WON_DEAL)]


# -- fill_winnable_pool -----------------------------------------------------------------------
def test_fill_winnable_pool_fills_to_the_target_with_proven_winnable_fresh_deals():
    played = Deal.objects.create(code="HM1-N-PLAYEDA", layout=WINNABLE.to_text())
    output = run("fill_winnable_pool", "--target", "4", "--budget", str(SMALL_BUDGET))
    pooled = list(PooledDeal.objects.select_related("deal"))
    assert len(pooled) == 4 and played.pk not in {p.deal_id for p in pooled}
    for entry in pooled:
        solution = DealSolution.objects.get(deal=entry.deal)
        assert solution.verdict == Verdict.WINNABLE
        assert replays_to_a_win(entry.deal, solution.line)
    assert output.startswith("Pool: 4 deal(s), target 4: 4 added after solving")
    # Full already: a second run solves nothing.
    assert "0 added after solving 0" in run("fill_winnable_pool", "--target", "4")
    assert PooledDeal.objects.count() == 4


def test_fill_winnable_pool_refills_what_was_taken():
    run("fill_winnable_pool", "--target", "3", "--budget", str(SMALL_BUDGET))
    taken = PooledDeal.objects.first()
    taken.delete()
    run("fill_winnable_pool", "--target", "3", "--budget", str(SMALL_BUDGET), "--keep-filled", "0")
    assert PooledDeal.objects.count() == 3
    assert not PooledDeal.objects.filter(deal_id=taken.deal_id).exists()
