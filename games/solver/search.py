"""``solve``: the forward and backward searches taking turns within a node or time budget.

Search effort on solitaire deals is heavy-tailed: a move order that finds one deal's win at
once may wander for a million positions on another. So besides the forward search, two
backward searches run with different move orders (table order, and "piles with most cards to
come first"); all three take turns, and the first to decide wins. Each is complete on its own,
so the verdict never depends on which one decides.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from enum import Enum

from games.engine import Move

from .backward import BackwardSearch
from .forward import LOST, WON, ForwardSearch, make_projections
from .line import engine_line
from .rules import ALL, Rules
from .table import Table

#: Positions the forward search takes per turn at first; turns grow so that switching costs
#: little. Each backward search takes a quarter as many: most deals are won by the forward
#: search within its first turns.
FIRST_TURN = 64
LONGEST_TURN = 16_384
BACKWARD_SHARE = 4


class Verdict(str, Enum):
    WINNABLE = "winnable"
    LOST = "lost"
    UNDECIDED = "undecided"  # the budget ran out first


@dataclass(frozen=True)
class Solution:
    verdict: Verdict
    nodes: int  # positions searched, projections included
    seconds: float
    line: list[Move] = field(default_factory=list)  # wins from the position when WINNABLE

    @property
    def decided(self) -> bool:
        return self.verdict is not Verdict.UNDECIDED


class _Winnable:
    """The union of the backward searches' rebuilt tables, for the forward search to meet."""

    def __init__(self, searches):
        self.searches = searches

    def __contains__(self, key) -> bool:
        return any(key in s.seen for s in self.searches)

    def holder(self, key) -> BackwardSearch:
        return next(s for s in self.searches if key in s.seen)


def solve(
    position,
    *,
    node_budget: int | None = None,
    time_budget: float | None = None,
    rules: Rules = ALL,
) -> Solution:
    """Decide whether a position (a :class:`~games.engine.Board` or a
    :class:`~games.engine.Layout`) can be won, with a winning line when it can.

    ``node_budget`` caps the positions searched, ``time_budget`` the seconds spent; past
    either the verdict is UNDECIDED. Without a budget the search runs until it decides.
    """
    started = time.perf_counter()
    table = Table.coerce(position)
    projections = make_projections(table, rules)
    forward = ForwardSearch(table, rules, projections)
    backwards = (
        [
            BackwardSearch(table, projections, rules.dominance, piles_first=order)
            for order in (False, True)
        ]
        if rules.backward
        else []
    )
    winnable = _Winnable(backwards) if backwards else None

    def nodes() -> int:
        return (
            forward.nodes
            + sum(b.nodes for b in backwards)
            + (projections.nodes if projections else 0)
        )

    def finish(verdict: Verdict, line=()) -> Solution:
        moves = engine_line(position, line) if verdict is Verdict.WINNABLE else []
        return Solution(verdict, nodes(), time.perf_counter() - started, moves)

    turn = FIRST_TURN
    while True:
        result = forward.run(turn, winnable)
        if result == WON:
            if forward.left == 0:
                return finish(Verdict.WINNABLE, list(forward.path))
            assert winnable is not None, "the forward search meets known keys only with them"
            holder = winnable.holder(forward.key)
            assert holder is not None, "a WON forward result met a key some search holds"
            return finish(Verdict.WINNABLE, forward.path + holder.line_from(forward.key))
        if result == LOST:
            return finish(Verdict.LOST)
        for backward in backwards:
            result = backward.run(max(1, turn // BACKWARD_SHARE), forward.on_path)
            if result == WON:
                meeting = backward.meeting_key
                assert meeting is not None, "a WON backward result met the forward path"
                depth = forward.on_path.get(meeting, 0) if meeting != backward.target else 0
                return finish(Verdict.WINNABLE, forward.path[:depth] + backward.line_from(meeting))
            if result == LOST:
                return finish(Verdict.LOST)
        if node_budget is not None and nodes() >= node_budget:
            return finish(Verdict.UNDECIDED)
        if time_budget is not None and time.perf_counter() - started >= time_budget:
            return finish(Verdict.UNDECIDED)
        turn = min(turn * 2, LONGEST_TURN)
