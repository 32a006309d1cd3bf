"""Real deals decided by different routes agree: the forward search alone against the whole
solver (forward + backward searches), on deals either proves lost or wins."""

import pytest

from games.engine import Board, DealCode, Status
from games.solver import Rules, Verdict, solve

FORWARD_ONLY = Rules(backward=False)


@pytest.mark.parametrize("code", ["HM1-N-MEJDJTN", "HM1-N-DXAEGGH"])
def test_lost_deals_are_lost_by_either_route(code):
    layout = DealCode.parse(code).layout()
    assert solve(layout, node_budget=1_000_000).verdict is Verdict.LOST
    assert solve(layout, node_budget=1_000_000, rules=FORWARD_ONLY).verdict is Verdict.LOST


@pytest.mark.slow
@pytest.mark.parametrize("code", ["HM1-N-LRQPCYO"])
def test_harder_lost_deals_are_lost_by_either_route(code):
    layout = DealCode.parse(code).layout()
    assert solve(layout, node_budget=3_000_000).verdict is Verdict.LOST
    assert solve(layout, node_budget=3_000_000, rules=FORWARD_ONLY).verdict is Verdict.LOST


@pytest.mark.slow
@pytest.mark.parametrize("code", ["HM1-N-HZQVIDZ"])
def test_hard_winnable_deals_win_by_either_route(code):
    layout = DealCode.parse(code).layout()
    for rules in (Rules(), FORWARD_ONLY):
        solution = solve(layout, node_budget=3_000_000, rules=rules)
        assert solution.verdict is Verdict.WINNABLE
        board = Board(layout)
        for move in solution.line:
            board.push(move)
        assert board.status is Status.WON
