"""Turning the search's compact removals into engine moves, checked on a real board."""

from __future__ import annotations

from games.engine import Board, Layout, Move, Position

from .table import FREE, rank_of


def table_layout(position) -> Layout:
    """The cards on the table of a Board (whatever its status), or the Layout itself."""
    if isinstance(position, Board):
        return Layout(tuple(map(tuple, position.piles)), tuple(position.reserve))
    return position


def engine_line(position, line) -> list[Move]:
    """The engine moves that play ``line`` from ``position``, each pushed on a board built from
    the position (so an illegal one raises rather than being returned).

    A pile source is that pile's top. A free source of rank r may be any reserve card of rank r
    or any pile holding a single card of rank r: they are interchangeable (see
    :mod:`games.solver.table`), so the first one found is used.
    """
    board = Board(table_layout(position))
    moves = []
    for removal in line:
        positions = []
        for source in removal:
            if source < FREE:
                positions.append(Position(source))
            else:
                positions.append(_free_card(board, source - FREE, positions))
        move = Move(tuple(sorted(positions)))
        board.push(move)
        moves.append(move)
    return moves


def _free_card(board: Board, rank: int, taken) -> Position:
    for position, card in board.playable():
        if position not in taken and rank_of(card) == rank and board.count(position) == 1:
            return position
    raise AssertionError(f"no free card of rank {rank} on the table")
