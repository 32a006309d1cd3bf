"""The canonical key: kept up to date move by move, and blind to what cannot matter."""

import random

from games.engine import Board, Move
from games.solver.forward import ForwardSearch
from games.solver.keys import KeyLayout
from games.solver.rules import ALL
from games.solver.table import Table
from tests.support.layouts import table

from .support import compact_move, random_positions


def scratch_key(board, layout_of):
    t = Table.from_board(board)
    return layout_of.key([len(p) for p in t.piles], t.free)


def test_the_incremental_key_matches_the_key_computed_from_scratch():
    rng = random.Random(3)
    for start in random_positions(seed=5, count=40):
        board = start.copy()
        search = ForwardSearch(Table.from_board(board), ALL)
        keys = KeyLayout(Table.from_board(start))
        while board.legal_moves():
            move = rng.choice(board.legal_moves())
            search._play(compact_move(board, move))
            board.push(move)
            assert search.key == scratch_key(board, keys)
            assert search.left == board.cards_left


def test_commuting_moves_in_either_order_reach_the_same_key():
    layout = table(P1="KH 2C", P2="AC 9D", P3="3S 8H", R1="3D")
    keys = KeyLayout(Table.from_layout(layout))
    one, two = Board(layout), Board(layout)
    first, second = Move.parse("P1+P2"), Move.parse("P3+R1")
    one.push(first)
    one.push(second)
    two.push(second)
    two.push(first)
    assert scratch_key(one, keys) == scratch_key(two, keys)
    three = Board(layout)
    three.push(first)
    assert scratch_key(three, keys) != scratch_key(one, keys)


def test_suits_reserve_slots_and_single_card_piles_do_not_change_the_key():
    a = table(P1="2C 9S 4H", P2="7D", R3="JH", R5="4S")
    b = table(P1="2D 9C 4S", R1="7C", R2="JS", P7="4H")  # same ranks, free cards moved about
    keys = KeyLayout(Table.from_layout(a))
    assert scratch_key(Board(a), keys) == scratch_key(Board(b), keys)
    c = table(P1="2C 9S 4H", P2="7D", R3="JH", R5="5S")
    assert scratch_key(Board(c), keys) != scratch_key(Board(a), keys)
