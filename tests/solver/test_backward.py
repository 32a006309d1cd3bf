"""The backward search on its own, run to the end: it rebuilds exactly the winnable positions."""

import pytest
from hypothesis import HealthCheck, given, settings

from games.engine import Board, Status
from games.solver.backward import BackwardSearch
from games.solver.forward import LOST, WON
from games.solver.line import engine_line
from games.solver.pruning import ClassProjections
from games.solver.table import Table

from .plain import plain_winnable, small_layouts

#: Heavy (a solver search, a bench or a large board): `make test` runs it, not `make test-fast`.
pytestmark = pytest.mark.slow

SETTINGS = settings(max_examples=400, deadline=None, suppress_health_check=list(HealthCheck))


def check_backward(layout, pruned: bool, piles_first: bool = False):
    table = Table.from_layout(layout)
    search = BackwardSearch(
        table,
        ClassProjections(table.piles) if pruned else None,
        dominance=pruned,
        piles_first=piles_first,
    )
    result = search.run(10**9)
    expected = plain_winnable(layout)
    assert result == (WON if expected else LOST), layout.to_text()
    if expected:
        board = Board(layout)
        for move in engine_line(layout, search.line_from(search.target)):
            board.push(move)
        assert board.status is Status.WON


@SETTINGS
@given(small_layouts(max_pairs=6, max_triples=2, max_piles=6))
def test_backward_search_alone_decides_as_the_plain_search(layout):
    check_backward(layout, pruned=False)


@SETTINGS
@given(small_layouts(max_pairs=6, max_triples=2, max_piles=6))
def test_backward_search_with_dominance_and_projections_decides_as_the_plain_search(layout):
    check_backward(layout, pruned=True)


@SETTINGS
@given(small_layouts(max_pairs=6, max_triples=2, max_piles=6))
def test_backward_search_in_piles_first_order_decides_as_the_plain_search(layout):
    check_backward(layout, pruned=True, piles_first=True)
