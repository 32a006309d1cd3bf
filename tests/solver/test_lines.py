"""Winning lines replay on real engine boards; verdicts on real deals and mid-game boards."""

import pytest

from games.engine import Board, DealCode, Layout, Status
from games.solver import Verdict, solve
from games.solver.rules import Rules
from tests.support.layouts import table, winnable_layout

from .support import random_positions


def replay(position, line) -> Board:
    board = Board(position) if isinstance(position, Layout) else position.copy()
    for move in line:
        board.push(move)
    return board


def test_a_line_found_from_a_deal_wins_it_on_the_engine():
    layout = DealCode.parse("HM1-N-HALFMON").layout()
    solution = solve(layout, node_budget=500_000)
    assert solution.verdict is Verdict.WINNABLE
    assert len(solution.line) == 48
    assert replay(layout, solution.line).status is Status.WON


def test_layouts_won_by_construction_are_found_winnable_with_a_replayable_line():
    import random

    rng = random.Random(11)
    for _ in range(15):
        layout, _ = winnable_layout(rng)
        solution = solve(layout, node_budget=2_000_000)
        assert solution.verdict is Verdict.WINNABLE
        assert replay(layout, solution.line).status is Status.WON


def test_lines_from_mid_game_boards_replay_from_those_boards():
    decided = 0
    for board in random_positions(seed=21, count=120)[::6]:
        solution = solve(board, node_budget=300_000)
        if solution.verdict is Verdict.WINNABLE:
            assert replay(board, solution.line).status is Status.WON
        if solution.decided:
            decided += 1
            forward_only = solve(board, node_budget=2_000_000, rules=Rules(backward=False))
            assert forward_only.verdict in (solution.verdict, Verdict.UNDECIDED)
    assert decided >= 15


def test_a_won_board_needs_no_move_and_a_stalled_one_is_lost():
    layout = table(P1="6H 5S", P2="6D", R1="5H")
    board = Board(layout)
    board.push(board.legal_moves()[0])
    board.push(board.legal_moves()[0])
    assert board.status is Status.WON
    assert solve(board).verdict is Verdict.WINNABLE and solve(board).line == []
    assert solve(table(P1="5S 6D", P2="7C")).verdict is Verdict.LOST


def test_budgets_leave_a_hard_position_undecided():
    layout = DealCode.parse("HM1-N-HALFMON").layout()
    tight = solve(layout, node_budget=1)
    assert tight.verdict is Verdict.UNDECIDED and tight.line == []
    timed = solve(layout, time_budget=0.0)
    assert timed.verdict in (Verdict.UNDECIDED, Verdict.WINNABLE)


def test_solve_refuses_what_is_not_a_position():
    with pytest.raises(TypeError):
        solve("HM1-N-HALFMON")
