"""The forward search: depth-first from the position, with a table of positions proven lost.

Written with an explicit stack so that :meth:`ForwardSearch.run` can stop after a given number
of positions and carry on later, taking turns with the backward search.
"""

from __future__ import annotations

from .keys import KeyLayout
from .moves import forward_moves
from .pruning import ClassProjections
from .rules import Rules
from .table import CLASS_OF, FREE, Table

LOST, WON, PAUSED = "lost", "won", "paused"


class ForwardSearch:
    def __init__(self, table: Table, rules: Rules, projections: ClassProjections | None = None):
        self.rules = rules
        self.piles = table.piles
        self.heights = [len(p) for p in table.piles]
        self.free = list(table.free)
        self.in_piles = [0] * 14
        for pile in table.piles:
            for r in pile:
                self.in_piles[r] += 1
        self.keys = KeyLayout(table)
        self.key = self.keys.key(self.heights, self.free)
        self.left = table.card_count
        self.projections = projections if rules.projections else None
        self.lost: set[int] = set()
        self.on_path: dict[int, int] = {}  # key of each position on the current line -> depth
        self.path: list[tuple] = []  # the removals that lead to the current position
        self.stack: list[list] = []  # [moves, next index, key] per position on the line
        self.nodes = 0
        self.status = PAUSED
        self._root()

    # -- moving on the compact table --------------------------------------------------------
    def _take(self, s: int) -> None:
        keys = self.keys
        if s >= FREE:
            self.free[s - FREE] -= 1
            self.key -= 1 << keys.free_shift[s - FREE]
            return
        h = self.heights[s]
        pile = self.piles[s]
        self.in_piles[pile[h - 1]] -= 1
        if h == 2:  # one card left: it becomes a free card
            bottom = pile[0]
            self.heights[s] = 0
            self.in_piles[bottom] -= 1
            self.free[bottom] += 1
            self.key += (1 << keys.free_shift[bottom]) - (2 << keys.pile_shift[s])
        else:
            self.heights[s] = h - 1
            self.key -= 1 << keys.pile_shift[s]

    def _put(self, s: int) -> None:
        keys = self.keys
        if s >= FREE:
            self.free[s - FREE] += 1
            self.key += 1 << keys.free_shift[s - FREE]
            return
        h = self.heights[s]
        pile = self.piles[s]
        if h == 0:  # the pile was folded into the free cards
            bottom = pile[0]
            self.free[bottom] -= 1
            self.in_piles[bottom] += 1
            self.key += (2 << keys.pile_shift[s]) - (1 << keys.free_shift[bottom])
            h = 1
        else:
            self.key += 1 << keys.pile_shift[s]
        self.heights[s] = h + 1
        self.in_piles[pile[h]] += 1

    def _play(self, move) -> None:
        for s in move:
            self._take(s)
        self.left -= len(move)
        self.path.append(move)

    def _unplay(self) -> None:
        move = self.path.pop()
        for s in reversed(move):
            self._put(s)
        self.left += len(move)

    def _rank_at(self, s: int) -> int:
        """The rank of the card a source names (before it is taken)."""
        return s - FREE if s >= FREE else self.piles[s][self.heights[s] - 1]

    # -- the search -------------------------------------------------------------------------
    def _root(self) -> None:
        if self.left == 0:
            self.status = WON
            return
        self.nodes += 1
        if self.projections and self.projections.lost_class(self.heights, self.free) is not None:
            self.lost.add(self.key)
            self.status = LOST
            return
        self._push_frame()

    def _push_frame(self) -> bool:
        moves, _ = forward_moves(
            self.piles,
            self.heights,
            self.free,
            self.in_piles,
            self.rules.dominance,
            self.rules.safe_moves,
        )
        if not moves:
            self.lost.add(self.key)
            return False
        self.on_path[self.key] = len(self.path)
        self.stack.append([moves, 0, self.key])
        return True

    def run(self, limit: int, winnable=None) -> str:
        """Search at most ``limit`` more positions. ``winnable`` holds keys of positions known
        to be won (the backward search's); reaching one wins. Returns WON, LOST or PAUSED."""
        if self.status != PAUSED:
            return self.status
        stack, lost, on_path, projections = self.stack, self.lost, self.on_path, self.projections
        budget = self.nodes + limit
        while stack:
            frame = stack[-1]
            moves, i = frame[0], frame[1]
            if i == len(moves):
                stack.pop()
                lost.add(frame[2])
                del on_path[frame[2]]
                if stack:
                    self._unplay()
                continue
            frame[1] = i + 1
            move = moves[i]
            cls = CLASS_OF[self._rank_at(move[0])]
            self._play(move)
            key = self.key
            if self.left == 0 or (winnable is not None and key in winnable):
                self.status = WON
                return WON
            if key in lost:
                self._unplay()
                continue
            self.nodes += 1
            if projections is not None and not projections.clearable(cls, self.heights, self.free):
                lost.add(key)
                self._unplay()
                continue
            if not self._push_frame():
                self._unplay()
            if self.nodes >= budget:
                return PAUSED
        self.status = LOST
        return LOST


def make_projections(table: Table, rules: Rules) -> ClassProjections | None:
    return ClassProjections(table.piles) if rules.projections else None
