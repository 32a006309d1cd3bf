"""The test-only solver that other tests rely on to win games."""

import pytest

from games.engine import Board, DealCode, Status
from tests.support.layouts import table
from tests.support.solver import find_winnable_code, solve


@pytest.mark.slow
def test_find_winnable_code_returns_the_first_deal_it_wins_with_a_winning_line():
    code, moves = find_winnable_code(start=10)
    assert code.number >= 10
    for number in range(10, code.number):
        assert solve(DealCode(number).layout()) is None
    board = Board(code.layout())
    for move in moves:
        board.push(move)
    assert board.status is Status.WON


def test_solve_wins_a_small_layout_where_one_first_move_loses():
    layout = table(P1="6H 5S", P2="6D", R1="5H")  # 5H + 6D first would leave 5S over 6H
    moves = solve(layout)
    board = Board(layout)
    for move in moves:
        board.push(move)
    assert board.status is Status.WON and len(moves) == 2


def test_solve_gives_up_on_a_lost_layout():
    assert solve(table(P1="5S 6D", P2="7C")) is None


def test_find_winnable_code_raises_when_nothing_is_won():
    with pytest.raises(LookupError):
        find_winnable_code(start=0, tries=0)
