"""Half Moon game engine: a pure library (no Django) for cards, deals, boards and replay.

>>> from games.engine import Board, DealCode, Move
>>> board = Board(DealCode.parse("HM1-N-HALFMON").layout())
>>> board.push(board.legal_moves()[0])  # doctest: +ELLIPSIS
Removal(...)
"""

from .board import PAIR_POINTS, TRIPLE_POINTS, UNDO_LIMIT, Board
from .cards import DOUBLE_DECK, PILES, RESERVE, Card, Position
from .deals import DEAL_COUNT, PUBLIC_KEY, DealCode, Layout, deal_layout, random_words
from .errors import (
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
    NeedsJackQueenKing,
    NothingToUndo,
    SumMustBe11,
    WrongNumberOfCards,
)
from .moves import Action, Move, Removal, Status, TapResult

__all__ = [
    "PAIR_POINTS",
    "TRIPLE_POINTS",
    "UNDO_LIMIT",
    "Board",
    "DOUBLE_DECK",
    "PILES",
    "RESERVE",
    "Card",
    "Position",
    "DEAL_COUNT",
    "PUBLIC_KEY",
    "DealCode",
    "Layout",
    "deal_layout",
    "random_words",
    "DuplicatePosition",
    "EmptyPosition",
    "EngineError",
    "GameFinished",
    "IllegalAction",
    "InvalidCard",
    "InvalidDealCode",
    "InvalidLayout",
    "InvalidPosition",
    "InvalidState",
    "NeedsJackQueenKing",
    "NothingToUndo",
    "SumMustBe11",
    "WrongNumberOfCards",
    "Action",
    "Move",
    "Removal",
    "Status",
    "TapResult",
]
