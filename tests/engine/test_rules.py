"""SPEC §3: removals, score and move counter, undo, the end of a game, every error code."""

import pytest

from games.engine import (
    PAIR_POINTS,
    TRIPLE_POINTS,
    UNDO_LIMIT,
    Board,
    Card,
    DealCode,
    DuplicatePosition,
    EmptyPosition,
    EngineError,
    GameFinished,
    IllegalAction,
    InvalidCard,
    InvalidDealCode,
    InvalidLayout,
    InvalidPosition,
    InvalidState,
    Layout,
    Move,
    NeedsJackQueenKing,
    NothingToUndo,
    Position,
    Status,
    SumMustBe11,
    WrongNumberOfCards,
)
from tests.support.layouts import table
from tests.support.solver import find_winnable_code


def refused(board, move, error):
    """Assert that pushing ``move`` raises ``error`` and changes nothing; return the error."""
    before = board.state_string()
    with pytest.raises(error) as caught:
        board.push(move if isinstance(move, Move) else Move.parse(move))
    assert board.state_string() == before
    return caught.value


@pytest.mark.parametrize(
    "a, b", [("AS", "10H"), ("2C", "9D"), ("3H", "8H"), ("4D", "7S"), ("5C", "6C"), ("10D", "AC")]
)
def test_every_kind_of_pair_in_any_suits(a, b):
    board = Board(table(P1=a, P2=b))
    removal = board.push(Move.parse("P1+P2"))
    assert [c.code for _, c in removal.cards] == [a, b]
    assert (board.score, board.moves, board.cards_left, board.status) == (10, 1, 0, Status.WON)


@pytest.mark.parametrize(
    "a, b", [("AS", "9H"), ("5C", "5D"), ("10H", "10S"), ("6C", "4C"), ("AS", "AS")]
)
def test_number_cards_not_summing_to_11_are_refused(a, b):
    error = refused(Board(table(P1=a, P2=b)), "P1+P2", SumMustBe11)
    assert error.code == "sum_must_be_11"


@pytest.mark.parametrize(
    "a, b, error",
    [
        ("JH", "QH", NeedsJackQueenKing),
        ("KS", "KD", NeedsJackQueenKing),
        ("JC", "AS", SumMustBe11),
        ("10S", "KD", SumMustBe11),
        ("QH", "AH", SumMustBe11),
    ],
)
def test_face_cards_never_pair(a, b, error):
    refused(Board(table(P1=a, P2=b)), "P1+P2", error)


@pytest.mark.parametrize(
    "cards",
    [
        ("JH", "QH", "QD"),
        ("JH", "KH", "KC"),
        ("JC", "JD", "JH"),
        ("5S", "6D", "JC"),
        ("AS", "2S", "8H"),
        ("JS", "QS", "10S"),
    ],
)
def test_a_triple_is_exactly_one_jack_one_queen_one_king(cards):
    board = Board(table(P1=cards[0], P2=cards[1], P3=cards[2]))
    assert refused(board, "P1+P2+P3", NeedsJackQueenKing).code == "needs_jack_queen_king"


@pytest.mark.parametrize(
    "layout, move",
    [
        (table(P1="JS", P2="QD", P3="KH"), "P1+P2+P3"),
        (table(P1="JS", R1="QD", R8="KH"), "P1+R1+R8"),
        (table(R2="KC", R3="JD", R4="QC"), "R2+R3+R4"),
    ],
)
def test_triples_from_any_sources(layout, move):
    board = Board(layout)
    board.push(Move.parse(move))
    assert (board.score, board.moves, board.status) == (TRIPLE_POINTS, 1, Status.WON)


@pytest.mark.parametrize(
    "layout, move",
    [
        (table(P1="5S", R1="6D"), "P1+R1"),  # pile + reserve
        (table(R4="3H", R8="8C"), "R4+R8"),  # reserve + reserve
        (table(P3="9S", P12="2D"), "P3+P12"),  # pile + pile
    ],
)
def test_pairs_from_any_sources(layout, move):
    board = Board(layout)
    board.push(Move.parse(move))
    assert board.status is Status.WON and board.score == PAIR_POINTS


def test_only_top_cards_and_reserve_cards_are_playable():
    board = Board(table(P1="6D 5S", P2="AC", R1="10H"))
    assert [(p.name, c.code) for p, c in board.playable()] == [
        ("P1", "5S"),
        ("P2", "AC"),
        ("R1", "10H"),
    ]
    refused(board, "P1+P2", SumMustBe11)  # the buried 6D cannot join the 5S
    assert board.legal_moves() == [Move.parse("P2+R1")]


def test_emptied_positions_stay_empty():
    board = Board(table(P1="4S", P2="7C 3D", R1="8H", R2="7D"))
    board.push(Move.parse("P2+R1"))  # 3D + 8H: R1 is emptied
    board.push(Move.parse("P1+P2"))  # 4S + 7C: P1 and P2 are emptied
    assert [board.card_at(p) for p in (Position.P1, Position.P2, Position.R1)] == [None] * 3
    assert [board.count(p) for p in (Position.P1, Position.P2, Position.R1)] == [0, 0, 0]
    for move in ("P1+R2", "R1+R2"):
        assert refused(board, move, EmptyPosition).code == "empty_position"
    assert board.status is Status.STALLED and board.cards_left == 1


def test_score_and_move_counter_go_up_and_down_with_removals():
    board = Board(table(P1="JS 5S", P2="6D", P3="QH", R1="KD"))
    board.push(Move.parse("P1+P2"))
    assert (board.score, board.moves) == (10, 1)
    board.push(Move.parse("P1+P3+R1"))
    assert (board.score, board.moves, board.status) == (25, 2, Status.WON)


def test_undo_puts_the_cards_back_exactly_and_clears_the_selection():
    board = Board(table(P1="JS 5S", P2="6D", P3="QH", P4="AH", R1="KD", R2="10S"))
    before = board.state_string()
    board.push(Move.parse("P1+P2"))
    board.tap(Position.P4)
    removal = board.undo()
    assert [(p.name, c.code) for p, c in removal.cards] == [("P1", "5S"), ("P2", "6D")]
    assert board.selection == [] and (board.score, board.moves) == (0, 0)
    assert board.state_string() == before
    board.push(Move.parse("P1+P2"))
    middle = board.state_string()
    board.push(Move.parse("P1+P3+R1"))
    board.undo()
    assert board.state_string() == middle and (board.score, board.moves) == (10, 1)


def test_nothing_to_undo():
    board = Board(DealCode(7).layout())
    before = board.state_string()
    with pytest.raises(NothingToUndo) as caught:
        board.undo()
    assert caught.value.code == "nothing_to_undo" and board.state_string() == before
    assert not board.can_undo


def test_undo_reaches_back_to_the_start_of_the_longest_game():
    """A game has at most 48 removals, fewer than the 100-undo limit: all can be undone."""
    code, moves = find_winnable_code(start=0)
    board = Board(code.layout())
    start = board.state_string()
    for move in moves[:-1]:
        board.push(move)
    assert board.moves == 47 and UNDO_LIMIT == 100
    for _ in range(47):
        assert board.can_undo
        board.undo()
    assert board.state_string() == start
    with pytest.raises(NothingToUndo):
        board.undo()


def test_the_undo_history_keeps_the_last_100_removals():
    board = Board(table(P1="5S", P2="6D"))
    assert board.history.maxlen == UNDO_LIMIT == 100


def test_a_stalled_game_is_not_over_and_undo_makes_it_playable_again():
    board = Board(table(P1="6H 5S", P2="6D", P3="7C"))
    assert board.status is Status.PLAYING
    board.push(Move.parse("P1+P2"))
    assert board.status is Status.STALLED and board.legal_moves() == []
    assert not board.status.is_over and board.can_undo
    board.tap(Position.P1)  # a stalled game still takes taps
    board.undo()
    assert board.status is Status.PLAYING


def test_a_won_game_refuses_every_change():
    board = Board(table(P1="5S", P2="6D"))
    board.push(Move.parse("P1+P2"))
    assert board.status is Status.WON and board.status.is_over and not board.can_undo
    assert_finished(board, "won")


def test_a_resigned_game_refuses_every_change():
    board = Board(table(P1="5S", P2="6D", P3="JS"))
    board.tap(Position.P3)
    board.resign()
    assert board.status is Status.RESIGNED and board.selection == [] and not board.can_undo
    assert board.legal_moves() == []
    assert_finished(board, "resigned")


def assert_finished(board, status):
    before = board.state_string()
    actions = [
        lambda: board.push(Move.parse("P1+P2")),
        board.undo,
        board.resign,
        lambda: board.tap(Position.P1),
        lambda: board.tap(Position.P3),
    ]
    for action in actions:
        with pytest.raises(GameFinished) as caught:
            action()
        assert caught.value.code == "game_finished" and caught.value.details["status"] == status
    assert board.state_string() == before


@pytest.mark.parametrize(
    "positions, error",
    [
        (["P1", "P1"], DuplicatePosition),
        (["P1", "p1", "R1"], DuplicatePosition),
        (["P1"], WrongNumberOfCards),
        ([], WrongNumberOfCards),
        (["P1", "P2", "P3", "P4"], WrongNumberOfCards),
        (["P13", "P1"], InvalidPosition),
        (["R9", "P1"], InvalidPosition),
        (["P0", "P1"], InvalidPosition),
        (["X", "P1"], InvalidPosition),
        ([1, "P1"], InvalidPosition),
        ([None, "P1"], InvalidPosition),
        ("P1", InvalidPosition),
        (None, InvalidPosition),
        (5, InvalidPosition),
    ],
)
def test_malformed_moves(positions, error):
    with pytest.raises(error):
        Move.of(positions)


def test_move_positions_are_parsed_in_table_order():
    assert Move.of(["r6", " P1 "]) == Move.parse("P1+R6") == Move.parse("R6+P1")
    assert str(Move.parse("R6+P1")) == "P1+R6"


@pytest.mark.parametrize(
    "piles, reserve",
    [
        ([["AS"]] * 11, [None] * 8),  # 11 piles
        ([[]] * 12, [None] * 7),  # 7 reserve slots
        ([["AS", "AS", "AS"]] + [[]] * 11, [None] * 8),  # a card three times
        ([["AS", "AS"]] + [[]] * 11, ["AS"] + [None] * 7),
        ([["1S"]] + [[]] * 11, [None] * 8),  # no such card
        ([["AS"]] + [[]] * 11, ["ZZ"] + [None] * 7),
    ],
)
def test_impossible_layouts_are_refused(piles, reserve):
    with pytest.raises(InvalidLayout):
        Layout.build(piles, reserve)


@pytest.mark.parametrize("text", ["", "1S", "11H", "AX", "J", "ASX", "QQ", None])
def test_unknown_cards(text):
    with pytest.raises(InvalidCard):
        Card.parse(text)


def test_every_error_has_its_own_stable_code():
    expected = {
        InvalidCard: "invalid_card",
        InvalidPosition: "invalid_position",
        InvalidDealCode: "invalid_deal_code",
        InvalidLayout: "invalid_layout",
        InvalidState: "invalid_state",
        IllegalAction: "illegal_action",
        EmptyPosition: "empty_position",
        DuplicatePosition: "duplicate_position",
        WrongNumberOfCards: "wrong_number_of_cards",
        SumMustBe11: "sum_must_be_11",
        NeedsJackQueenKing: "needs_jack_queen_king",
        GameFinished: "game_finished",
        NothingToUndo: "nothing_to_undo",
    }
    assert {cls: cls.code for cls in expected} == expected
    assert len(set(expected.values())) == len(expected)
    for cls in expected:
        assert issubclass(cls, EngineError) and issubclass(cls, ValueError)
    for cls in (
        EmptyPosition,
        DuplicatePosition,
        WrongNumberOfCards,
        SumMustBe11,
        NeedsJackQueenKing,
        GameFinished,
        NothingToUndo,
    ):
        assert issubclass(cls, IllegalAction)
    error = SumMustBe11("The sum must equal 11", cards=["5S", "AH"])
    assert (error.message, error.details, str(error)) == (
        "The sum must equal 11",
        {"cards": ["5S", "AH"]},
        "The sum must equal 11",
    )
