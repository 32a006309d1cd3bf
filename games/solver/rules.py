"""Which of the solver's reductions a search uses (all of them unless a test says otherwise).

Each reduction is proved sound where it is implemented; the tests switch them on one at a time
and compare the verdicts with the plain exhaustive search.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Rules:
    #: Never use a free card of a rank while a pile top of that rank could take its place
    #: (:func:`games.solver.moves.forward_moves`).
    dominance: bool = True
    #: Play a provably safe removal alone (:func:`games.solver.moves.forward_moves`).
    safe_moves: bool = True
    #: Prove a position lost when one removal class alone cannot be cleared
    #: (:mod:`games.solver.pruning`).
    projections: bool = True
    #: Search backwards from the empty table too (:mod:`games.solver.backward`).
    backward: bool = True


ALL = Rules()
PLAIN = Rules(dominance=False, safe_moves=False, projections=False, backward=False)
