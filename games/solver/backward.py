"""The backward search: rebuild the position from the empty table, removal by removal.

Played backwards, a game puts groups back: a pair or triple goes onto the next places of
distinct piles (bottom first) or back into the reserve. Every table the backward search builds
can therefore be cleared (play its moves forwards), and the position is winnable exactly when
the search can rebuild it. Exhausting the backward search without rebuilding it proves the
position lost, just as exhausting the forward search does.

Deals are mostly lost by what lies at the bottom of the piles, which the forward search meets
last and the backward search meets first; the two searches take turns (see
:mod:`games.solver.search`), and as soon as one reaches a table the other has reached, the
position is won: the forward search reaches only tables the position leads to, the backward
search only tables that can be cleared. Tables are compared by the canonical key of
:mod:`games.solver.keys`, computed here for the rebuilt table (a pile holding one card counts
as a free card).

The backward search itself does not skip a table because an *equivalent* one was rebuilt
before: equivalent tables play out alike from here on, but may sit differently inside the
position (a free 3 rebuilt as the bottom of pile 1 is not one rebuilt as the bottom of pile 2),
so it skips only the very same rebuilt table (same heights, same reserve cards back).
"""

from __future__ import annotations

from .forward import LOST, PAUSED, WON
from .keys import KeyLayout
from .moves import backward_moves
from .pruning import ClassProjections
from .table import CLASS_OF, FREE, Table


class BackwardSearch:
    def __init__(
        self,
        table: Table,
        projections: ClassProjections | None = None,
        dominance: bool = True,
        piles_first: bool = False,
    ):
        self.piles = table.piles
        self.lengths = [len(p) for p in table.piles]
        self.heights = [0] * len(table.piles)
        self.reserve_left = list(table.free)
        self.keys = KeyLayout(table)
        self.target = self.keys.key(self.lengths, table.free)
        self.key = 0
        self.exact = 0  # the rebuilt table itself: heights and reserve cards back, packed
        self.rebuilt: set[int] = {0}
        #: Canonical key of every table rebuilt so far (all can be cleared) -> the removal
        #: that first rebuilt one.
        self.seen: dict[int, tuple | None] = {0: None}
        self.path: list[tuple] = []
        self.stack: list[list] = []
        self.nodes = 0
        self.status = PAUSED
        self.meeting_key: int | None = None
        self.projections = projections
        self.dominance = dominance
        self.piles_first = piles_first
        if self.target == 0:
            self.status = WON
            self.meeting_key = 0
        else:
            self.stack.append(
                [backward_moves(self.piles, self.heights, self.reserve_left, piles_first), 0]
            )

    def _place(self, s: int) -> None:
        keys = self.keys
        if s >= FREE:
            r = s - FREE
            self.reserve_left[r] -= 1
            self.key += 1 << keys.free_shift[r]
            self.exact += 1 << keys.free_shift[r]
            return
        self.exact += 1 << keys.pile_shift[s]
        h = self.heights[s]
        pile = self.piles[s]
        if h == 0:
            self.key += 1 << keys.free_shift[pile[0]]
        elif h == 1:
            self.key += (2 << keys.pile_shift[s]) - (1 << keys.free_shift[pile[0]])
        else:
            self.key += 1 << keys.pile_shift[s]
        self.heights[s] = h + 1

    def _unplace(self, s: int) -> None:
        keys = self.keys
        if s >= FREE:
            r = s - FREE
            self.reserve_left[r] += 1
            self.key -= 1 << keys.free_shift[r]
            self.exact -= 1 << keys.free_shift[r]
            return
        self.exact -= 1 << keys.pile_shift[s]
        h = self.heights[s] - 1
        pile = self.piles[s]
        if h == 0:
            self.key -= 1 << keys.free_shift[pile[0]]
        elif h == 1:
            self.key -= (2 << keys.pile_shift[s]) - (1 << keys.free_shift[pile[0]])
        else:
            self.key -= 1 << keys.pile_shift[s]
        self.heights[s] = h

    def _rank_of(self, s: int) -> int:
        """The rank of the card a source put back (after it is placed)."""
        return s - FREE if s >= FREE else self.piles[s][self.heights[s] - 1]

    def _dominated(self, move) -> bool:
        """Whether the forward removal that ``move`` undoes takes a free card of a rank that
        some pile top (of a pile of 2 cards or more) has: the forward search never plays such a
        removal (dominance, :mod:`games.solver.moves`), and since it still wins every winnable
        table, so does the backward search without them."""
        heights, piles = self.heights, self.piles
        for s in move:
            if s >= FREE:
                rank = s - FREE
            elif heights[s] == 1:
                rank = piles[s][0]
            else:
                continue
            for p in range(len(piles)):
                h = heights[p]
                if h >= 2 and piles[p][h - 1] == rank:
                    return True
        return False

    def _undo(self) -> None:
        for s in self.path.pop():
            self._unplace(s)

    def run(self, limit: int, reached: dict | None = None) -> str:
        """Rebuild at most ``limit`` more tables. ``reached`` maps keys of tables the forward
        search is on to their depth; rebuilding one wins. Returns WON, LOST or PAUSED."""
        if self.status != PAUSED:
            return self.status
        stack, seen, rebuilt = self.stack, self.seen, self.rebuilt
        piles, projections = self.piles, self.projections
        budget = self.nodes + limit
        while stack:
            frame = stack[-1]
            moves, i = frame
            if i == len(moves):
                stack.pop()
                if stack:
                    self._undo()
                continue
            frame[1] = i + 1
            move = moves[i]
            for s in move:
                self._place(s)
            self.path.append(move)
            if self.exact in rebuilt or (self.dominance and self._dominated(move)):
                self._undo()
                continue
            rebuilt.add(self.exact)
            key = self.key
            seen.setdefault(key, move)
            self.nodes += 1
            if key == self.target or (reached is not None and key in reached):
                self.meeting_key = key
                self.status = WON
                return WON
            if projections is not None and not projections.clearable_above(
                CLASS_OF[self._rank_of(move[0])], self.heights, self.reserve_left
            ):
                self._undo()
                continue
            stack.append(
                [backward_moves(piles, self.heights, self.reserve_left, self.piles_first), 0]
            )
            if self.nodes >= budget:
                return PAUSED
        self.status = LOST
        return LOST

    def line_from(self, key: int) -> list[tuple]:
        """A winning line (forward removals) from a rebuilt table, read off ``seen``.

        Each step undoes the removal that rebuilt the table: its sources are turned into
        forward sources of the canonical table (a pile left with one card is a free card).
        """
        keys, line = self.keys, []
        while key:
            rebuilt = self.seen[key]
            assert rebuilt is not None, "every key on a rebuilt line was reached by a removal"
            forward = []
            for s in rebuilt:
                if s >= FREE:
                    key -= 1 << keys.free_shift[s - FREE]
                    forward.append(s)
                    continue
                height = keys.pile_height(key, s)
                bottom = self.piles[s][0]
                if height == 0:  # the pile held this one card: a free card
                    key -= 1 << keys.free_shift[bottom]
                    forward.append(FREE + bottom)
                elif height == 2:
                    key += (1 << keys.free_shift[bottom]) - (2 << keys.pile_shift[s])
                    forward.append(s)
                else:
                    key -= 1 << keys.pile_shift[s]
                    forward.append(s)
            line.append(tuple(forward))
        return line
