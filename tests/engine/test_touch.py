"""SPEC §4, the touch protocol, rule by rule at engine level, and ``Board.dimmed``."""

import pytest

from games.engine import (
    Board,
    EmptyPosition,
    GameFinished,
    Move,
    NeedsJackQueenKing,
    Position,
    SumMustBe11,
)
from tests.support.layouts import table

P = Position


@pytest.fixture
def board():
    """5S, 6D, AH, 10H and the 6S/AC reserve cards; J, Q, Q, K, K, J faces; P9 and R3 empty."""
    return Board(
        table(
            P1="2C 5S",
            P2="6D",
            P3="AH",
            P4="JC",
            P5="QH",
            P6="KH",
            P7="KS",
            P8="QD",
            P10="JD",
            P11="9C",
            P12="3H",
            R1="10H",
            R2="6S",
            R5="AC",
        )
    )


def tap(board, position, removal=None, message=None, selection=()):
    """Tap, then check the result's removal (as a move text), message and the new selection."""
    result = board.tap(position)
    assert (None if result.removal is None else str(result.removal.move)) == removal
    assert result.message == message
    assert sorted(board.selection) == sorted(selection)
    return result


@pytest.mark.parametrize("empty", [P.P9, P.R3, P.R8])
def test_tap_on_an_empty_position_is_refused_and_changes_nothing(board, empty):
    tap(board, P.P1, selection=[P.P1])
    before = board.state_string()
    with pytest.raises(EmptyPosition) as caught:
        board.tap(empty)
    assert caught.value.code == "empty_position"
    assert board.state_string() == before and board.selection == [P.P1]


def test_nothing_selected_the_card_becomes_the_selection(board):
    tap(board, P.R2, selection=[P.R2])


def test_tap_on_a_selected_position_deselects_it(board):
    tap(board, P.P1, selection=[P.P1])
    tap(board, P.P1, selection=[])
    tap(board, P.P4, selection=[P.P4])
    tap(board, P.P5, selection=[P.P4, P.P5])
    tap(board, P.P4, selection=[P.P5])
    assert board.moves == 0


@pytest.mark.parametrize(
    "first, second, move",
    [
        (P.P1, P.P2, "P1+P2"),  # pile + pile: 5S + 6D
        (P.R2, P.P1, "P1+R2"),  # reserve + pile: 6S + 5S
        (P.R1, P.R5, "R1+R5"),  # reserve + reserve: 10H + AC
    ],
)
def test_two_number_cards_summing_to_11_are_removed(board, first, second, move):
    tap(board, first, selection=[first])
    tap(board, second, removal=move, selection=[])
    assert (board.score, board.moves) == (10, 1)
    assert board.history[-1].move == Move.parse(move)


@pytest.mark.parametrize("second", [P.P3, P.P11, P.R5])  # AH, 9C, AC with 5S: not 11
def test_two_number_cards_not_summing_to_11_clear_the_selection(board, second):
    before = board.state_string()
    tap(board, P.P1, selection=[P.P1])
    tap(board, second, message="sum_must_be_11", selection=[])
    assert board.state_string() == before


@pytest.mark.parametrize("face", [P.P4, P.P5, P.P6])
def test_a_number_card_then_a_face_card_clears_the_selection(board, face):
    before = board.state_string()
    tap(board, P.P1, selection=[P.P1])
    tap(board, face, message=SumMustBe11.code, selection=[])
    assert board.state_string() == before


@pytest.mark.parametrize("face", [P.P4, P.P5, P.P6])
def test_a_face_card_then_a_number_card_clears_the_selection(board, face):
    before = board.state_string()
    tap(board, face, selection=[face])
    tap(board, P.R1, message=NeedsJackQueenKing.code, selection=[])
    assert board.state_string() == before


@pytest.mark.parametrize("first, second", [(P.P6, P.P7), (P.P5, P.P8), (P.P4, P.P10)])
def test_a_face_card_then_one_of_the_same_rank_becomes_the_selection(board, first, second):
    """The rule pages list this among the cards that do not fit: the move-errors message."""
    tap(board, first, selection=[first])
    tap(board, second, message=NeedsJackQueenKing.code, selection=[second])


@pytest.mark.parametrize("first, second", [(P.P4, P.P5), (P.P6, P.P4), (P.P8, P.P7)])
def test_a_face_card_then_one_of_another_rank_selects_both(board, first, second):
    tap(board, first, selection=[first])
    tap(board, second, selection=[first, second])


@pytest.mark.parametrize("order", [(P.P4, P.P5, P.P6), (P.P7, P.P8, P.P10), (P.P6, P.P4, P.P8)])
def test_two_face_cards_then_the_third_rank_removes_the_triple(board, order):
    a, b, c = order
    tap(board, a, selection=[a])
    tap(board, b, selection=[a, b])
    tap(board, c, removal=str(Move(tuple(sorted(order)))), selection=[])
    assert (board.score, board.moves, board.cards_left) == (15, 1, 12)


@pytest.mark.parametrize("third, kept", [(P.P8, P.P4), (P.P10, P.P5)])
def test_two_face_cards_then_a_rank_already_selected_replaces_that_card(board, third, kept):
    tap(board, P.P4, selection=[P.P4])  # JC
    tap(board, P.P5, selection=[P.P4, P.P5])  # QH
    tap(
        board,
        third,
        message=NeedsJackQueenKing.code,  # QD replaces QH / JD replaces JC
        selection=[kept, third],
    )
    tap(board, P.P6, removal=str(Move(tuple(sorted((kept, third, P.P6))))), selection=[])


@pytest.mark.parametrize("number", [P.P1, P.R2, P.P12])
def test_two_face_cards_then_a_number_card_clears_the_selection(board, number):
    before = board.state_string()
    tap(board, P.P4, selection=[P.P4])
    tap(board, P.P6, selection=[P.P4, P.P6])
    tap(board, number, message="needs_jack_queen_king", selection=[])
    assert board.state_string() == before


def test_the_game_never_completes_a_selection_for_the_player():
    board = Board(table(P1="5S", P2="6D", P3="JC", P4="QH", P5="KH"))
    tap(board, P.P1, selection=[P.P1])  # only 6D fits, yet nothing happens
    assert board.cards_left == 5
    tap(board, P.P1, selection=[])
    tap(board, P.P3, selection=[P.P3])
    tap(board, P.P4, selection=[P.P3, P.P4])  # only KH fits, yet nothing happens
    assert board.cards_left == 5 and board.moves == 0


def test_after_a_removal_or_an_undo_the_selection_is_empty(board):
    board.push(Move.parse("P1+P2"))
    tap(board, P.P4, selection=[P.P4])
    tap(board, P.P5, selection=[P.P4, P.P5])
    board.undo()
    assert board.selection == []
    tap(board, P.R1, selection=[P.R1])
    board.push(Move.parse("P4+P5+P6"))
    assert board.selection == []


def test_a_tap_removal_can_be_undone_like_a_move(board):
    before = board.state_string()
    tap(board, P.P4, selection=[P.P4])
    tap(board, P.P5, selection=[P.P4, P.P5])
    tap(board, P.P6, removal="P4+P5+P6")
    board.undo()
    assert board.state_string() == before


def test_taps_after_the_game_ends_are_refused(board):
    tap(board, P.P1, selection=[P.P1])
    board.resign()
    with pytest.raises(GameFinished):
        board.tap(P.P2)
    assert board.selection == []


def test_taps_still_work_on_a_stalled_game():
    board = Board(table(P1="5S", P2="7D", P3="JC"))
    assert board.legal_moves() == []
    tap(board, P.P1, selection=[P.P1])
    tap(board, P.P2, message="sum_must_be_11", selection=[])
    tap(board, P.P3, selection=[P.P3])


# -- dimmed (placement aid) ---------------------------------------------------------------------


def test_nothing_is_dimmed_without_a_selection(board):
    assert board.dimmed() == []


def test_a_number_card_lights_only_its_partners(board):
    board.tap(P.P1)  # 5S: 6D (P2) and 6S (R2) can join it
    playable = {p for p, _ in board.playable()}
    assert set(board.dimmed()) == playable - {P.P1, P.P2, P.R2}
    assert P.P9 not in board.dimmed() and P.R3 not in board.dimmed()  # empty: never listed


def test_a_face_card_lights_the_other_two_ranks(board):
    board.tap(P.P4)  # JC: the queens and kings can join it; JD cannot
    playable = {p for p, _ in board.playable()}
    assert set(board.dimmed()) == playable - {P.P4, P.P5, P.P6, P.P7, P.P8}
    assert P.P10 in board.dimmed()


def test_two_face_cards_light_the_missing_rank(board):
    board.tap(P.P4)
    board.tap(P.P5)
    playable = {p for p, _ in board.playable()}
    assert set(board.dimmed()) == playable - {P.P4, P.P5, P.P6, P.P7}


def test_a_card_without_partner_dims_every_other_playable_card():
    board = Board(table(P1="5S", P2="7D", P3="JC", R1="4H"))
    board.tap(P.P2)  # 7D: 4H fits
    assert board.dimmed() == [P.P1, P.P3]
    board.tap(P.P2)
    board.tap(P.P1)  # 5S: nothing fits
    assert board.dimmed() == [P.P2, P.P3, P.R1]


def test_a_face_card_lights_the_other_ranks_even_without_the_third_on_the_table():
    """JS selected, no king anywhere: the queens are still accepted by a tap, so not dimmed."""
    board = Board(table(P1="JS", P2="QH", P3="QC", P4="JD", P5="5S", R1="6H"))
    board.tap(P.P1)
    assert board.dimmed() == [P.P4, P.P5, P.R1]
    tap(board, P.P2, selection=[P.P1, P.P2])  # accepted, as the aid promised
    assert board.dimmed() == [P.P3, P.P4, P.P5, P.R1]
    tap(board, P.P3, message="needs_jack_queen_king", selection=[P.P1, P.P3])  # dimmed: replaced


def test_dimmed_is_what_a_tap_would_not_add(board):
    """Every first card in turn: a dimmed card's tap changes the selection otherwise, an
    undimmed card's tap makes it a pair removal or a two-card selection."""
    playable = sorted(p for p, _ in board.playable())
    for first in playable:
        board.tap(first)
        dimmed = set(board.dimmed())
        for other in playable:
            if other == first:
                continue
            trial = board.copy()
            result = trial.tap(other)
            joined = result.removal is not None or trial.selection == [first, other]
            assert joined == (other not in dimmed), (first, other)
        board.tap(first)
