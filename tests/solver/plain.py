"""The plain exhaustive search the solver is checked against, and small positions to check on.

It plays on a real engine :class:`Board` (``legal_moves``/``push``/``undo``), tries every legal
move, and remembers only the exact tables (pile heights, reserve slots) it has proven lost: no
canonical key, no move order, no pruning. It decides small positions quickly.
"""

from __future__ import annotations

from hypothesis import strategies as st

from games.engine import Board, Card, Layout

SUITS = "CDHS"
NUMBER_RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10"]


def plain_winnable(layout: Layout) -> bool:
    board = Board(layout)
    lost: set[tuple] = set()

    def table() -> tuple:
        return tuple(map(len, board.piles)) + tuple(c is None for c in board.reserve)

    def search() -> bool:
        if board.cards_left == 0:
            return True
        key = table()
        if key in lost:
            return False
        for move in board.legal_moves():
            board.push(move)
            if search():
                return True  # a won game cannot be undone, and need not be
            board.undo()
        lost.add(key)
        return False

    return search()


@st.composite
def small_layouts(draw, max_pairs: int = 5, max_triples: int = 2, max_piles: int = 5):
    """A small hand-built layout: a few pairs and triples dealt at random onto a few piles and
    the reserve, sometimes with a card too many (so that counting alone proves it lost)."""
    cards: list[Card] = []
    for _ in range(draw(st.integers(0, max_pairs))):
        v = draw(st.integers(1, 5))
        cards += [
            Card(NUMBER_RANKS[v - 1], draw(st.sampled_from(SUITS))),
            Card(NUMBER_RANKS[10 - v], draw(st.sampled_from(SUITS))),
        ]
    for _ in range(draw(st.integers(0, max_triples))):
        cards += [Card(rank, draw(st.sampled_from(SUITS))) for rank in "JQK"]
    if draw(st.integers(0, 9)) == 0:
        cards.append(
            Card(
                draw(st.sampled_from(NUMBER_RANKS + ["J", "Q", "K"])), draw(st.sampled_from(SUITS))
            )
        )
    # The double deck has two copies of each card: swap suits until no card is there thrice.
    for i, card in enumerate(cards):
        suit = 0
        while cards[: i + 1].count(cards[i]) > 2:
            cards[i] = Card(card.rank, SUITS[suit])
            suit += 1
    cards = draw(st.permutations(cards))
    piles_used = draw(st.integers(1, max_piles))
    reserve_room = draw(st.integers(0, 8))
    piles: list[list[Card]] = [[] for _ in range(12)]
    reserve: list[Card | None] = [None] * 8
    free_slots = list(range(reserve_room))
    for card in cards:
        where = draw(st.integers(0, piles_used - 1 + len(free_slots)))
        if where < piles_used:
            piles[where].append(card)
        else:
            reserve[free_slots.pop(where - piles_used)] = card
    # Spread the used piles over the table so pile indices other than P1..P5 are exercised.
    order = draw(st.permutations(range(12)))
    spread: list[list[Card]] = [[] for _ in range(12)]
    for index, pile in enumerate(piles):
        spread[order[index]] = pile
    return Layout(tuple(map(tuple, spread)), tuple(reserve))
