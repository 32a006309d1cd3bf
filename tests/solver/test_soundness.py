"""The solver against the plain exhaustive search, on thousands of small positions: with every
reduction on, and with each reduction alone (so that each rule's soundness is checked by
itself, not only in company)."""

import pytest
from hypothesis import HealthCheck, given, settings

from games.engine import Board, Status
from games.solver import Rules, Verdict, solve
from games.solver.rules import PLAIN

from .plain import plain_winnable, small_layouts

#: Heavy (a solver search, a bench or a large board): `make test` runs it, not `make test-fast`.
pytestmark = pytest.mark.slow

EACH_RULE_ALONE = {
    "dominance": Rules(dominance=True, safe_moves=False, projections=False, backward=False),
    "safe_moves": Rules(dominance=False, safe_moves=True, projections=False, backward=False),
    "projections": Rules(dominance=False, safe_moves=False, projections=True, backward=False),
    "backward": Rules(dominance=False, safe_moves=False, projections=False, backward=True),
    "backward_with_pruning": Rules(
        dominance=True, safe_moves=False, projections=True, backward=True
    ),
    "none": PLAIN,
}
QUICK = settings(max_examples=250, deadline=None, suppress_health_check=list(HealthCheck))


def check_against_plain(layout, rules):
    solution = solve(layout, rules=rules)
    expected = plain_winnable(layout)
    assert solution.verdict is (Verdict.WINNABLE if expected else Verdict.LOST), layout.to_text()
    if expected:
        board = Board(layout)
        for move in solution.line:
            board.push(move)
        assert board.status is Status.WON


@settings(max_examples=2500, deadline=None, suppress_health_check=list(HealthCheck))
@given(small_layouts())
def test_the_solver_decides_small_positions_as_the_plain_search_does(layout):
    check_against_plain(layout, Rules())


@pytest.mark.parametrize("name", sorted(EACH_RULE_ALONE))
@QUICK
@given(layout=small_layouts())
def test_each_reduction_alone_keeps_the_verdict(name, layout):
    check_against_plain(layout, EACH_RULE_ALONE[name])


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(small_layouts(max_pairs=7, max_triples=3, max_piles=6))
def test_larger_small_positions(layout):
    check_against_plain(layout, Rules())
