"""Dead-end detection: proving a position lost by looking at one removal class at a time.

**Class projection.** Take the six removal classes (A+10, 2+9, 3+8, 4+7, 5+6 and J+Q+K) and one
class C. The *projection* of a position on C deletes every card not in C: piles keep the order of
their C cards, free cards of C stay free. If the position can be won, so can its projection:
restrict a winning line to its removals of class C. Each of them took cards that were playable,
i.e. all cards above them were gone — in particular all C cards above them, which is what
playable means in the projection; and every C card is removed, since every card is. So a
position whose projection on some class cannot be cleared is lost.

This covers the counting arguments: a card whose partners all lie beneath it in its own pile,
a pile holding more cards of a class than the class has removals left, a J whose every Q is
buried under the Ks it would need, unequal counts of v and 11 − v or of J, Q and K — each makes
its class's projection unclearable. The projection is also exact within its class: it sees every
deadlock among the cards of one class, however deep.

Projections are small (16 cards for a pair class, 24 for the faces, at most) and a position's
projection on C changes only when a C card leaves, so each projected position is solved once
by plain exhaustive search and remembered.
"""

from __future__ import annotations

from itertools import accumulate

from .keys import FREE_BITS
from .moves import forward_moves
from .table import CLASS_OF, CLASS_RANKS, CLASSES, FREE


class ClassProjections:
    """Remembers which projections of one deal's positions can be cleared."""

    def __init__(self, piles):
        self.piles = piles
        self.bits = max(4, max(map(len, piles), default=0).bit_length())
        #: prefix[c][p][h]: how many class-c cards the bottom h cards of pile p hold.
        self.prefix = [None] + [
            [tuple(accumulate((CLASS_OF[r] == c for r in pile), initial=0)) for pile in piles]
            for c in CLASSES
        ]
        #: cards[c][p]: the class-c cards of pile p, bottom → top.
        self.cards = [None] + [
            [tuple(r for r in pile if CLASS_OF[r] == c) for pile in piles] for c in CLASSES
        ]
        self.known: dict[tuple[int, int], bool] = {}
        self.known_above: dict[tuple[int, int], bool] = {}
        self.nodes = 0

    def key(self, c: int, heights, free) -> int:
        prefix, bits, key = self.prefix[c], self.bits, 0
        for p in range(len(heights)):
            key = (key << bits) | prefix[p][heights[p]]
        for r in CLASS_RANKS[c]:
            key = (key << FREE_BITS) | free[r]
        return key

    def clearable(self, c: int, heights, free) -> bool:
        """Whether the projection of the position on class ``c`` can be cleared."""
        key = self.key(c, heights, free)
        known = self.known.get((c, key))
        if known is None:
            known = self._search(c, key, heights, free)
        return known

    def _search(self, c: int, key: int, heights, free) -> bool:
        """Plain exhaustive search of the projection (with the moves' dominance and safe
        removals), remembering the verdict of every projected position it meets, under the
        same key as :meth:`key`, so that later positions of the main search find theirs.

        Its piles are the projected piles, never folded: pile p's class-c cards are the first
        ``count[p]`` of that pile's class-c cards, which is what the key names.
        """
        ranks = CLASS_RANKS[c]
        prefix = self.prefix[c]
        piles = self.cards[c]
        counts = [prefix[p][h] for p, h in enumerate(heights)]
        active = [p for p, n in enumerate(counts) if n]
        loose = [free[r] if r in ranks else 0 for r in range(14)]
        in_piles = [0] * 14
        for p in active:
            for r in piles[p][: counts[p]]:
                in_piles[r] += 1
        bits, n = self.bits, len(piles)
        pile_unit = [1 << (bits * (n - 1 - p) + FREE_BITS * len(ranks)) for p in range(n)]
        free_unit = [0] * 14
        for i, r in enumerate(ranks):
            free_unit[r] = 1 << (FREE_BITS * (len(ranks) - 1 - i))
        known, memo_key = self.known, [key]

        def take(s):
            if s >= FREE:
                loose[s - FREE] -= 1
                memo_key[0] -= free_unit[s - FREE]
            else:
                counts[s] -= 1
                in_piles[piles[s][counts[s]]] -= 1
                memo_key[0] -= pile_unit[s]

        def put(s):
            if s >= FREE:
                loose[s - FREE] += 1
                memo_key[0] += free_unit[s - FREE]
            else:
                in_piles[piles[s][counts[s]]] += 1
                counts[s] += 1
                memo_key[0] += pile_unit[s]

        def search(left) -> bool:
            if left == 0:
                return True
            here = (c, memo_key[0])
            verdict = known.get(here)
            if verdict is not None:
                return verdict
            self.nodes += 1
            for move in _class_moves(piles, active, counts, loose, in_piles, ranks):
                for s in move:
                    take(s)
                won = search(left - len(move))
                for s in reversed(move):
                    put(s)
                if won:
                    known[here] = True
                    return True
            known[here] = False
            return False

        return search(sum(counts) + sum(loose))

    def clearable_above(self, c: int, heights, reserve_left) -> bool:
        """Whether the projection on class ``c`` of the cards *above* ``heights`` (each pile's
        cards from index ``heights[p]`` up, and the free cards ``reserve_left``) can be cleared.

        For the backward search: a table the deal leads to has the deal's cards above it
        removed first, by removals that play out as a game of their own (the cards below never
        matter to them), so a table whose cards above cannot be cleared is never reached.
        """
        key = (c, self.key(c, heights, reserve_left))
        known = self.known_above.get(key)
        if known is None:
            ranks = CLASS_RANKS[c]
            piles = [
                tuple(r for r in pile[h:] if CLASS_OF[r] == c)
                for pile, h in zip(self.piles, heights, strict=True)
            ]
            projected_free = [reserve_left[r] if r in ranks else 0 for r in range(14)]
            known = self.known_above[key] = _clearable(piles, projected_free, self)
        return known

    def lost_class(self, heights, free, classes=CLASSES):
        """The first of ``classes`` whose projection cannot be cleared, or None."""
        for c in classes:
            if not self.clearable(c, heights, free):
                return c
        return None


def _class_moves(piles, active, counts, loose, in_piles, ranks):
    """:func:`games.solver.moves.forward_moves` for the cards of one class (same dominance and
    safe removals, proved there), on unfolded piles: a one-card pile counts as a pile, which
    only makes both rules apply less often."""
    sources = {r: [] for r in ranks}
    for p in active:
        k = counts[p]
        if k:
            sources[piles[p][k - 1]].append(p)
    for r in ranks:
        if not sources[r] and loose[r]:
            sources[r] = [FREE + r]
    moves = []
    if len(ranks) == 2:
        a, b = ranks
        for x in sources[a]:
            for y in sources[b]:
                if in_piles[a] == (x < FREE) or in_piles[b] == (y < FREE):
                    return [(x, y)]
                moves.append((x, y))
        return moves
    j, q, k = ranks
    for x in sources[j]:
        for y in sources[q]:
            for z in sources[k]:
                if (
                    (in_piles[j] == (x < FREE))
                    + (in_piles[q] == (y < FREE))
                    + (in_piles[k] == (z < FREE))
                ) >= 2:
                    return [(x, y, z)]
                moves.append((x, y, z))
    return moves


def _clearable(piles, free, counter) -> bool:
    """Plain exhaustive search (with the moves' dominance and safe removals) on a small table."""
    piles = list(piles)
    for p, pile in enumerate(piles):
        if len(pile) == 1:
            free[pile[0]] += 1
            piles[p] = ()
    heights = [len(p) for p in piles]
    in_piles = [0] * 14
    for pile in piles:
        for r in pile:
            in_piles[r] += 1
    lost = set()

    def take(s):
        if s >= FREE:
            free[s - FREE] -= 1
            return
        h = heights[s]
        in_piles[piles[s][h - 1]] -= 1
        if h == 2:
            heights[s] = 0
            in_piles[piles[s][0]] -= 1
            free[piles[s][0]] += 1
        else:
            heights[s] = h - 1

    def put(s):
        if s >= FREE:
            free[s - FREE] += 1
            return
        h = heights[s]
        if h == 0:
            free[piles[s][0]] -= 1
            in_piles[piles[s][0]] += 1
            h = 1
        heights[s] = h + 1
        in_piles[piles[s][h]] += 1

    def search(left) -> bool:
        if left == 0:
            return True
        state = (tuple(heights), tuple(free))
        if state in lost:
            return False
        counter.nodes += 1
        moves, _ = forward_moves(piles, heights, free, in_piles, order=False)
        for move in moves:
            for s in move:
                take(s)
            won = search(left - len(move))
            for s in reversed(move):
                put(s)
            if won:
                return True
        lost.add(state)
        return False

    return search(sum(heights) + sum(free))
