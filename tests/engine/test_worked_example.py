"""SPEC §5: the rule pages' worked example, on a hand-built full layout."""

import pytest

from games.engine import Board, Move, NeedsJackQueenKing, Position, Status, SumMustBe11
from tests.support.layouts import EXAMPLE_RESERVE, EXAMPLE_TOPS, worked_example_layout

#: SPEC §5: the tops after the first move, with the counts SPEC gives (8 unless said).
TOPS_AFTER_FIRST_MOVE = {
    "P1": ("7H", 7),
    "P2": ("AH", 8),
    "P3": ("KH", 8),
    "P4": ("4C", 8),
    "P5": ("QH", 8),
    "P6": ("5H", 8),
    "P7": ("7S", 8),
    "P8": ("JC", 7),
    "P9": ("10D", 8),
    "P10": ("10C", 8),
    "P11": ("2D", 8),
    "P12": ("KH", 8),
}
RESERVE_AFTER_FIRST_MOVE = dict(
    zip(("R1", "R2", "R3", "R4", "R5", "R6", "R7", "R8"), EXAMPLE_RESERVE, strict=True)
)


def visible(board):
    """{position: (top card text or None, count)} for every position."""
    return {
        p.name: (None if board.card_at(p) is None else board.card_at(p).code, board.count(p))
        for p in Position
    }


@pytest.fixture
def board():
    return Board(worked_example_layout())


def test_the_hand_built_layout_is_a_full_double_deck_with_the_spec_tops(board):
    assert board.cards_left == 104
    assert board.status is Status.PLAYING
    assert visible(board)["P1"] == ("5S", 8) and visible(board)["P8"] == ("6D", 8)
    for name, cards in EXAMPLE_TOPS.items():
        assert visible(board)[name] == (cards[-1], 8)


def test_first_move_5s_6d_then_the_tops_spec_lists(board):
    removal = board.push(Move.parse("P1+P8"))
    assert [(p.name, c.code) for p, c in removal.cards] == [("P1", "5S"), ("P8", "6D")]
    assert (board.score, board.moves, board.cards_left) == (10, 1, 102)
    expected = {name: top for name, top in TOPS_AFTER_FIRST_MOVE.items()}
    expected.update({name: (card, 1) for name, card in RESERVE_AFTER_FIRST_MOVE.items()})
    assert visible(board) == expected


def test_then_jc_qh_kh_is_removed_as_a_triple(board):
    board.push(Move.parse("P1+P8"))
    removal = board.push(Move.parse("P8+P5+P3"))
    assert sorted(c.code for _, c in removal.cards) == ["JC", "KH", "QH"]
    assert (board.score, board.moves, board.cards_left) == (25, 2, 99)
    assert [board.count(Position[p]) for p in ("P3", "P5", "P8")] == [7, 7, 6]


def test_the_same_two_moves_by_touch(board):
    assert board.tap(Position.P1).removal is None
    first = board.tap(Position.P8)
    assert first.message is None and first.removal.move == Move.parse("P1+P8")
    board.tap(Position.P8)
    board.tap(Position.P5)
    second = board.tap(Position.P3)
    assert second.removal.move == Move.parse("P3+P5+P8")
    assert (board.score, board.moves, board.selection) == (25, 2, [])


@pytest.mark.parametrize(
    "positions",
    [
        "R6+P2",  # 5S + AH: the sum is not 11
        "R6+P3",  # 5S + KH: a number card and a face card
        "R6+P12",  # 5S + the other KH
    ],
)
def test_after_the_first_move_the_refused_pairs_change_nothing(board, positions):
    board.push(Move.parse("P1+P8"))
    before = board.state_string()
    with pytest.raises(SumMustBe11) as caught:
        board.push(Move.parse(positions))
    assert caught.value.code == "sum_must_be_11"
    assert board.state_string() == before


@pytest.mark.parametrize("positions", ["P1+P2", "P1+P3", "R6+P2", "R6+P12"])
def test_before_the_first_move_5s_with_ah_or_kh_is_refused_too(board, positions):
    before = board.state_string()
    with pytest.raises(SumMustBe11):
        board.push(Move.parse(positions))
    assert board.state_string() == before


def test_refused_by_touch_with_the_spec_messages(board):
    board.push(Move.parse("P1+P8"))
    before = board.state_string()
    # After the first move the playable 5S is the reserve's R6.
    board.tap(Position.R6)
    refused = board.tap(Position.P2)  # AH
    assert (refused.removal, refused.message, board.selection) == (None, "sum_must_be_11", [])
    board.tap(Position.R6)
    refused = board.tap(Position.P3)  # KH
    assert (refused.removal, refused.message, board.selection) == (None, "sum_must_be_11", [])
    board.tap(Position.P3)
    refused = board.tap(Position.R6)
    assert (refused.removal, refused.message) == (None, NeedsJackQueenKing.code)
    assert board.state_string() == before
