"""The solver's move generator agrees with the engine's ``Board.legal_moves``."""

import pytest

from games.solver.forward import ForwardSearch
from games.solver.moves import forward_moves
from games.solver.rules import ALL
from games.solver.table import Table

from .support import compact_move, random_positions

POSITIONS = random_positions(seed=14, count=600)


def compact_moves(board, **rules):
    search = ForwardSearch(Table.from_board(board), ALL)
    moves, safe = forward_moves(search.piles, search.heights, search.free, search.in_piles, **rules)
    named = {tuple(sorted(m, key=lambda s: (search._rank_at(s), s))) for m in moves}
    return named, safe


@pytest.mark.parametrize("chunk", range(3))
def test_every_removal_the_engine_allows_and_no_other(chunk):
    for board in POSITIONS[chunk::3]:
        engine = {compact_move(board, m) for m in board.legal_moves()}
        solver, safe = compact_moves(board, dominance=False, safe_moves=False)
        assert solver == engine, board
        assert not safe


def test_reduced_moves_are_engine_moves_and_never_empty_when_a_move_exists():
    for board in POSITIONS:
        engine = {compact_move(board, m) for m in board.legal_moves()}
        solver, safe = compact_moves(board, dominance=True, safe_moves=True)
        assert solver <= engine
        assert bool(solver) == bool(engine)
        assert not safe or len(solver) == 1
