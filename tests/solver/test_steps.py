"""Where a game was lost: the first action after which the position could not be won."""

from games.engine import Action, Board, Move, Position
from games.solver import Verdict, first_losing_step, solve
from tests.support.layouts import table

LAYOUT = table(P1="6H 5S", P2="6D", R1="5H")  # R1+P2 first leaves 5S over 6H: lost


def move(text):
    return Action("move", Move.parse(text).positions)


def test_the_losing_move_is_found():
    step = first_losing_step(LAYOUT, [move("R1+P2")])
    assert (step.index, step.start, step.undecided) == (0, Verdict.WINNABLE, False)


def test_a_won_game_has_no_losing_step():
    step = first_losing_step(LAYOUT, [move("P1+P2"), move("P1+R1")])
    assert step.index is None and step.start is Verdict.WINNABLE


def test_an_undone_mistake_still_counts_where_it_was_made_and_taps_are_followed():
    actions = [
        Action("tap", (Position.P1,)),
        Action("tap", (Position.P2,)),  # P1+P2: fine
        Action("undo"),
        move("R1+P2"),
        Action("undo"),
    ]
    step = first_losing_step(LAYOUT, actions)
    assert step.index == 3


def test_a_deal_lost_from_the_start_has_no_losing_step():
    lost = table(P1="5S 6D", P2="4C 7H")  # each pair lies in one pile
    assert solve(lost).verdict is Verdict.LOST
    step = first_losing_step(lost, [])
    assert step.index is None and step.start is Verdict.LOST


def test_an_exhausted_budget_is_reported():
    from games.engine import DealCode

    layout = DealCode.parse("HM1-N-HALFMON").layout()
    board = Board(layout)
    first = board.legal_moves()[0]
    step = first_losing_step(layout, [Action("move", first.positions)], node_budget=1)
    assert step.undecided and step.start is Verdict.UNDECIDED and step.index is None
