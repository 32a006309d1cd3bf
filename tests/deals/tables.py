"""Small hand-built deals for the deals tests: the solver decides each at once.

Stored under codes of their own (a ``Deal`` row with the hand-built layout, as the daily tests
do for their date), so services that solve a deal's stored layout search only a few positions.
"""

from __future__ import annotations

from games.engine import Layout
from games.models import Deal

EMPTY = [[] for _ in range(12)]
NO_RESERVE = [None] * 8


def table(piles: dict[int, list[str]], reserve=NO_RESERVE) -> Layout:
    """A layout from ``{pile number: cards bottom→top}``."""
    rows = [list(piles.get(number, [])) for number in range(1, 13)]
    return Layout.build(rows, reserve)


#: One pair (5S + 6D): won in one move.
WINNABLE = table({1: ["5S"], 2: ["6D"]})
#: 5S and 5D: no pair, no triple, never won.
LOST = table({1: ["5S"], 2: ["5D"]})
#: Won by P1+P2 (6D + 5S, uncovering 5C for 6H), lost by P2+P3 (5S + 6H: 5C stays buried
#: under 6D with nothing to pair).
LOSABLE = table({1: ["5C", "6D"], 2: ["5S"], 3: ["6H"]})
LOSING_MOVE = ["P2", "P3"]
WINNING_LINE = [["P1", "P2"], ["P1", "P3"]]


def store(code: str, layout: Layout) -> Deal:
    deal, _ = Deal.objects.update_or_create(code=code, defaults={"layout": layout.to_text()})
    return deal
