"""Positions part-way through random games on real deals, and the engine ↔ compact mapping."""

from __future__ import annotations

import random

from games.engine import Board, DealCode, Move
from games.solver.table import FREE, rank_of


def random_positions(seed: int, count: int):
    """``count`` boards reached by random legal moves from random deals (deal start included)."""
    rng = random.Random(seed)
    boards = []
    while len(boards) < count:
        board = Board(DealCode(rng.randrange(26**7)).layout())
        while len(boards) < count:
            boards.append(board.copy())
            moves = board.legal_moves()
            if not moves:
                break
            board.push(rng.choice(moves))
    return boards


def compact_move(board: Board, move: Move) -> tuple:
    """The solver's name for an engine move: pile tops by pile, free cards by rank."""
    sources = []
    for position in move.positions:
        card = board.card_at(position)
        if position < 12 and board.count(position) >= 2:
            sources.append((rank_of(card), int(position)))
        else:
            sources.append((rank_of(card), FREE + rank_of(card)))
    return tuple(s for _, s in sorted(sources))
