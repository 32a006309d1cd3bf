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
"""
from __future__ import annotations

from .forward import LOST, PAUSED, WON
from .keys import KeyLayout
from .moves import backward_moves
from .table import FREE, Table


class BackwardSearch:
    def __init__(self, table: Table):
        self.piles = table.piles
        self.lengths = [len(p) for p in table.piles]
        self.heights = [0] * len(table.piles)
        self.reserve_left = list(table.free)
        self.keys = KeyLayout(table)
        self.target = self.keys.key(self.lengths, table.free)
        self.key = 0
        #: Every table rebuilt so far (all can be cleared) -> the removal that rebuilt it.
        self.seen: dict[int, tuple | None] = {0: None}
        self.path: list[tuple] = []
        self.stack: list[list] = []
        self.nodes = 0
        self.status = PAUSED
        self.meeting_key: int | None = None
        if self.target == 0:
            self.status = WON
            self.meeting_key = 0
        else:
            self.stack.append([backward_moves(self.piles, self.heights, self.reserve_left), 0])

    def _place(self, s: int) -> None:
        keys = self.keys
        if s >= FREE:
            r = s - FREE
            self.reserve_left[r] -= 1
            self.key += 1 << keys.free_shift[r]
            return
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
            return
        h = self.heights[s] - 1
        pile = self.piles[s]
        if h == 0:
            self.key -= 1 << keys.free_shift[pile[0]]
        elif h == 1:
            self.key -= (2 << keys.pile_shift[s]) - (1 << keys.free_shift[pile[0]])
        else:
            self.key -= 1 << keys.pile_shift[s]
        self.heights[s] = h

    def _undo(self) -> None:
        for s in self.path.pop():
            self._unplace(s)

    def run(self, limit: int, reached: dict | None = None) -> str:
        """Rebuild at most ``limit`` more tables. ``reached`` maps keys of tables the forward
        search is on to their depth; rebuilding one wins. Returns WON, LOST or PAUSED."""
        if self.status != PAUSED:
            return self.status
        stack, seen, piles = self.stack, self.seen, self.piles
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
            key = self.key
            if key in seen:
                self._undo()
                continue
            seen[key] = move
            self.nodes += 1
            if key == self.target or (reached is not None and key in reached):
                self.meeting_key = key
                self.status = WON
                return WON
            stack.append([backward_moves(piles, self.heights, self.reserve_left), 0])
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
