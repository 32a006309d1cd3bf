"""Removals on the compact table, for the search in both directions.

A move is a tuple of *sources*: a pile index (its top card, the pile holding 2 cards or more) or
``FREE + rank`` (any free card of that rank — they are interchangeable). Pairs list the lower
rank first, triples J, Q, K.

Two reductions keep the forward search small; both rest on one fact:

**Monotonicity.** Removing cards never takes a removal away from a later turn except by using
its cards: a card is playable when every card above it is gone, and "gone" only grows. So if a
line of play wins and some removal ``m`` of it is legal now, playing ``m`` first and then the
line without ``m`` wins too (each later removal finds at least the cards gone that it found
before).

**Dominance (pile before free).** Let ``m`` use a free card ``f`` of rank r while the top ``t``
of a pile (of 2 cards or more) also has rank r, and let ``m'`` be ``m`` with ``t`` instead of
``f``. Whatever wins after ``m`` also wins after ``m'``: after ``m'`` the table is the table
after ``m`` with ``t`` gone and ``f`` back. Play the same line, using ``f`` wherever it used
``t``: ``f`` is free, so it is playable whenever ``t`` was, and every card ``t`` covered is
uncovered even sooner. So the search may skip ``m``.

**Safe removals.** A pair (x, y) of ranks v and 11 − v that is legal now may be played at once,
as the only move tried, when every other card of rank v, or every other card of rank 11 − v, is
free. Proof: take a winning line L. If L removes x with y, use monotonicity. Otherwise L removes
x with some y' and y with some x'. Play (x, y) now, then L without those two removals, removing
(x', y') instead at the time L removed whichever of x', y' is not known to be free (by
assumption one of them is free). That card keeps its time, the free one is playable at any time
and covers nothing, so no card stays on the table longer than in L except a free one, which
hinders nothing; x and y leave earlier, which only helps (monotonicity).
The same regrouping proves a triple (j, q, k) safe when, for at least two of J, Q, K, every
other card of that rank is free: the cards left over from L's triples through j, q and k hold at
most two cards of the third rank; each keeps its time in L and is joined there by left-over
free cards of the two other ranks.
"""

from __future__ import annotations

from .table import FREE, JACK, KING, QUEEN


def forward_moves(piles, heights, free, in_piles, dominance=True, safe_moves=True, order=True):
    """The removals to try from a position, best first; a single safe removal when one exists.

    ``in_piles[r]`` counts the cards of rank r in piles of 2 cards or more (not free).
    Best first means taking from the tallest piles: that digs towards the buried cards, and
    leaves free cards (playable at any time) for later. Returns ``(moves, safe)``.
    """
    tops = [[], [], [], [], [], [], [], [], [], [], [], [], [], []]
    for p in range(len(piles)):
        h = heights[p]
        if h:
            tops[piles[p][h - 1]].append(p)
    sources = tops
    if dominance:
        for r in range(1, 14):
            if not tops[r] and free[r]:
                tops[r] = [FREE + r]
    else:
        sources = [t + [FREE + r] if free[r] else t for r, t in enumerate(tops)]
    moves, scores = [], []
    for v in range(1, 6):
        lows = sources[v]
        if not lows:
            continue
        highs = sources[11 - v]
        for x in lows:
            for y in highs:
                if safe_moves and (in_piles[v] == (x < FREE) or in_piles[11 - v] == (y < FREE)):
                    return [(x, y)], True
                moves.append((x, y))
                scores.append(-(heights[x] if x < FREE else 0) - (heights[y] if y < FREE else 0))
    jacks = sources[JACK]
    if jacks and sources[QUEEN] and sources[KING]:
        for j in jacks:
            for q in sources[QUEEN]:
                for k in sources[KING]:
                    if (
                        safe_moves
                        and (
                            (in_piles[JACK] == (j < FREE))
                            + (in_piles[QUEEN] == (q < FREE))
                            + (in_piles[KING] == (k < FREE))
                        )
                        >= 2
                    ):
                        return [(j, q, k)], True
                    moves.append((j, q, k))
                    scores.append(-sum([heights[s] for s in (j, q, k) if s < FREE]))
    if order and len(moves) > 1:
        moves = [moves[i] for i in sorted(range(len(moves)), key=scores.__getitem__)]
    return moves, False


def backward_moves(piles, heights, reserve_left, piles_first=False):
    """The removals that could have been the last one played before this position.

    The backward search rebuilds a table from the empty one: ``heights`` count the cards put
    back on each pile (bottom first), ``reserve_left[r]`` the reserve cards of rank r not yet
    put back. A removal can be undone when its cards are the next card of distinct piles or
    reserve cards. ``piles_first`` tries first the removals whose cards go back on the piles
    with most cards still to come, reserve cards last; otherwise table order.
    """
    nexts = [[], [], [], [], [], [], [], [], [], [], [], [], [], []]
    for p, pile in enumerate(piles):
        h = heights[p]
        if h < len(pile):
            nexts[pile[h]].append(p)
    for r in range(1, 14):
        if reserve_left[r]:
            nexts[r].append(FREE + r)
    moves = []
    for v in range(1, 6):
        for x in nexts[v]:
            for y in nexts[11 - v]:
                moves.append((x, y))
    for j in nexts[JACK]:
        for q in nexts[QUEEN]:
            for k in nexts[KING]:
                moves.append((j, q, k))
    if piles_first and len(moves) > 1:

        def weight(move):
            return sum([-100 if s >= FREE else len(piles[s]) - heights[s] for s in move])

        moves.sort(key=weight, reverse=True)
    return moves
