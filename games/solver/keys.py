"""The canonical position key: one integer that names a position up to equivalence.

A position is fixed by how many cards each pile still holds (cards only ever leave from the
top, so the height says which cards are left) and by how many free cards of each rank are left
(see :mod:`games.solver.table`: free cards of one rank are interchangeable). Piles holding a
single card are folded into the free cards, so a pile height in the key is 0 or at least 2.

Two positions with the same key therefore hold the same cards in the same order on every pile
that matters and the same free cards: they are won or lost alike, whatever order of moves led to
them — the order of moves that commute never matters, because the key depends only on which
cards are left.

The key packs one bit field per pile, then one per rank: ``sum(h[p] << pile_shift[p]) +
sum(free[r] << free_shift[r])``. Moves change it by adding or subtracting single fields, so the
search keeps it up to date in a few operations.
"""

from __future__ import annotations

from .table import RANKS, Table

#: A rank has at most 8 cards in the double deck (4 suits × 2 copies).
FREE_BITS = 4


class KeyLayout:
    """Where each pile's height and each rank's free count sit in the key."""

    __slots__ = ("free_shift", "pile_bits", "pile_shift")

    def __init__(self, table: Table):
        tallest = max(map(len, table.piles), default=0)
        self.pile_bits = max(4, tallest.bit_length())
        self.pile_shift = tuple(self.pile_bits * p for p in range(len(table.piles)))
        base = self.pile_bits * len(table.piles)
        self.free_shift = (0,) + tuple(base + FREE_BITS * (r - 1) for r in RANKS)

    def key(self, heights, free) -> int:
        key = 0
        for p, h in enumerate(heights):
            key += h << self.pile_shift[p]
        for r in RANKS:
            key += free[r] << self.free_shift[r]
        return key

    def pile_height(self, key: int, pile: int) -> int:
        return (key >> self.pile_shift[pile]) & ((1 << self.pile_bits) - 1)
