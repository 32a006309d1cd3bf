"""The solver's compact view of a table: ranks instead of cards, free cards instead of slots.

Suits never matter to the rules (SPEC §3: a pair is two number cards summing to 11, a triple is
one J, one Q and one K, "any suits"), so the solver sees a card as its *rank*: 1–10 for number
cards (the ace is 1), 11, 12, 13 for J, Q, K.

A card that covers nothing and can be played at any time — a reserve card, or the last card of a
pile — is a *free* card. Free cards of one rank are interchangeable: each is playable until it is
removed and none of them hides another card, so exchanging two of them maps every line of play to
a line of play. The solver therefore keeps, besides the piles, only how many free cards of each
rank are left; a pile is "folded" into the free cards as soon as it holds a single card.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.engine import Board, Card, Layout

JACK, QUEEN, KING = 11, 12, 13
RANKS = tuple(range(1, 14))
#: Sources at or above FREE name "a free card of rank source - FREE"; below, a pile index.
FREE = 100
_FACE_RANK = {"J": JACK, "Q": QUEEN, "K": KING}


def rank_of(card: Card) -> int:
    return _FACE_RANK[card.rank] if card.is_face else card.value


def partners_of(rank: int) -> tuple[int, ...]:
    """The ranks a card must be removed with: 11 - v for a number card, the other two faces."""
    if rank <= 10:
        return (11 - rank,)
    return tuple(r for r in (JACK, QUEEN, KING) if r != rank)


#: The removal classes: five kinds of pair and the J+Q+K triple (index 0 is unused).
CLASS_OF = (0, 1, 2, 3, 4, 5, 5, 4, 3, 2, 1, 6, 6, 6)
CLASS_RANKS = ((), (1, 10), (2, 9), (3, 8), (4, 7), (5, 6), (JACK, QUEEN, KING))
CLASSES = (1, 2, 3, 4, 5, 6)


@dataclass(frozen=True)
class Table:
    """Piles of ranks (bottom → top, each of 2 cards or more, or empty) and free-card counts.

    ``piles`` always has 12 entries so a pile index is the engine's pile position; ``free[r]``
    counts the free cards of rank ``r`` (index 0 unused).
    """

    piles: tuple[tuple[int, ...], ...]
    free: tuple[int, ...]

    @classmethod
    def of(cls, piles, reserve) -> Table:
        """Build from engine cards: ``piles`` bottom → top, ``reserve`` cards or None."""
        free = [0] * 14
        folded = []
        for pile in piles:
            ranks = tuple(rank_of(c) for c in pile)
            if len(ranks) == 1:
                free[ranks[0]] += 1
                ranks = ()
            folded.append(ranks)
        for card in reserve:
            if card is not None:
                free[rank_of(card)] += 1
        return cls(tuple(folded), tuple(free))

    @classmethod
    def from_layout(cls, layout: Layout) -> Table:
        return cls.of(layout.piles, layout.reserve)

    @classmethod
    def from_board(cls, board: Board) -> Table:
        return cls.of(board.piles, board.reserve)

    @classmethod
    def coerce(cls, position) -> Table:
        if isinstance(position, Table):
            return position
        if isinstance(position, Board):
            return cls.from_board(position)
        if isinstance(position, Layout):
            return cls.from_layout(position)
        raise TypeError(f"Cannot solve a {type(position).__name__}: give a Board or a Layout.")

    @property
    def card_count(self) -> int:
        return sum(map(len, self.piles)) + sum(self.free)

    def counts(self) -> list[int]:
        """How many cards of each rank are left (index 0 unused)."""
        counts = list(self.free)
        for pile in self.piles:
            for rank in pile:
                counts[rank] += 1
        return counts

    def is_balanced(self) -> bool:
        """Whether every card could have a partner: as many v as 11 - v, as many J as Q as K.

        Every removal takes one card of each rank of its class, so a table whose counts
        differ can never be cleared.
        """
        n = self.counts()
        return all(n[v] == n[11 - v] for v in range(1, 6)) and n[JACK] == n[QUEEN] == n[KING]
