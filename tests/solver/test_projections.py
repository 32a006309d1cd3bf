"""Class projections along real games: each verdict (remembered across the game) is the plain
search's verdict on the projected table."""

import random

import pytest

from games.engine import Board, DealCode, Layout
from games.solver.pruning import ClassProjections
from games.solver.table import CLASS_OF, CLASSES, Table, rank_of

from .plain import plain_winnable


def projected_layout(board: Board, c: int) -> Layout:
    def keep(card):
        return CLASS_OF[rank_of(card)] == c

    return Layout(
        tuple(tuple(card for card in pile if keep(card)) for pile in board.piles),
        tuple(card if card is not None and keep(card) else None for card in board.reserve),
    )


@pytest.mark.parametrize("seed", range(4))
def test_projection_verdicts_along_random_games_match_the_plain_search(seed):
    rng = random.Random(seed)
    board = Board(DealCode(rng.randrange(26**7)).layout())
    projections = ClassProjections(Table.from_board(board).piles)
    checked = 0
    while True:
        table = Table.from_board(board)
        heights = [len(p) for p in table.piles]
        for c in CLASSES:
            expected = plain_winnable(projected_layout(board, c))
            assert projections.clearable(c, heights, table.free) is expected, (c, board)
            checked += 1
        moves = board.legal_moves()
        if not moves:
            break
        board.push(rng.choice(moves))
    assert checked >= 6 * 5
