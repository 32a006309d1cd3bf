"""Hand-built layouts for tests: the worked example of SPEC §5 and layouts won by construction."""

from __future__ import annotations

import random
from collections import Counter

from games.engine import DOUBLE_DECK, PILES, RESERVE, Board, Card, Layout, Move

#: SPEC §5: the top cards (P1 and P8 with the card below), bottom → top, and the reserve.
EXAMPLE_TOPS = {
    "P1": ["7H", "5S"],
    "P2": ["AH"],
    "P3": ["KH"],
    "P4": ["4C"],
    "P5": ["QH"],
    "P6": ["5H"],
    "P7": ["7S"],
    "P8": ["JC", "6D"],
    "P9": ["10D"],
    "P10": ["10C"],
    "P11": ["2D"],
    "P12": ["KH"],
}
EXAMPLE_RESERVE = ["10H", "6S", "3D", "4S", "7D", "5S", "JH", "AC"]


def worked_example_layout() -> Layout:
    """A full 104-card layout whose visible cards are those of SPEC §5's example deal.

    The cards under the ones SPEC names are the rest of the double deck in deck order; the spec
    says nothing about them and no test may rely on them.
    """
    named = Counter(Card.parse(c) for cards in EXAMPLE_TOPS.values() for c in cards)
    named.update(Card.parse(c) for c in EXAMPLE_RESERVE)
    rest = list((Counter(DOUBLE_DECK) - named).elements())
    piles = []
    for index in range(12):
        top = EXAMPLE_TOPS[f"P{index + 1}"]
        below, rest = rest[: 8 - len(top)], rest[8 - len(top) :]
        piles.append([c.code for c in below] + top)
    assert not rest
    return Layout.build(piles, EXAMPLE_RESERVE)


def _removal_groups(rng: random.Random) -> list[list[Card]]:
    """The double deck split at random into 40 pairs summing to 11 and 8 J+Q+K triples."""
    by_rank: dict[str, list[Card]] = {}
    for card in DOUBLE_DECK:
        by_rank.setdefault(card.rank, []).append(card)
    for cards in by_rank.values():
        rng.shuffle(cards)
    ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10"]
    groups = [
        [by_rank[ranks[v - 1]][i], by_rank[ranks[10 - v]][i]] for v in range(1, 6) for i in range(8)
    ]
    groups += [[by_rank["J"][i], by_rank["Q"][i], by_rank["K"][i]] for i in range(8)]
    rng.shuffle(groups)
    return groups


def winnable_layout(rng: random.Random) -> tuple[Layout, list[Move]]:
    """A random full 104-card layout together with a sequence of moves that wins it.

    Built backwards: the removals of the winning sequence are put back on the table last one
    first, each card of a removal on a different pile or on a reserve slot not used yet (an
    emptied slot stays empty, so each slot is filled at most once). Piles may end up with any
    number of cards and reserve slots may stay empty.
    """
    piles: list[list[Card]] = [[] for _ in PILES]
    reserve: list[Card | None] = [None] * len(RESERVE)
    free_slots = list(RESERVE)
    moves = []
    for group in reversed(_removal_groups(rng)):
        choices = [p for p in PILES] + free_slots
        positions = rng.sample(choices, len(group))
        for position, card in zip(positions, group, strict=True):
            if position.is_pile:
                piles[position].append(card)
            else:
                reserve[position - 12] = card
                free_slots.remove(position)
        moves.append(Move(tuple(sorted(positions))))
    # Cards were stacked in reverse play order, so each pile is already bottom → top.
    layout = Layout(tuple(map(tuple, piles)), tuple(reserve))
    return layout, list(reversed(moves))


def table_cards(board: Board) -> Counter:
    """Every card on the table (hidden ones included), as a multiset."""
    cards = Counter(c for pile in board.piles for c in pile)
    cards.update(c for c in board.reserve if c is not None)
    return cards


def table(**positions: str) -> Layout:
    """A small hand-built layout: ``table(P1="2C 5S", R3="KH")``, piles bottom → top, every
    position not named empty."""
    piles = [positions.pop(f"P{i + 1}", "").split() for i in range(12)]
    reserve = [positions.pop(f"R{i + 1}", None) for i in range(8)]
    if positions:
        raise ValueError(f"unknown positions {sorted(positions)}")
    return Layout.build(piles, reserve)
