"""Half Moon solver, for staff only: can a position be won, and how (SPEC §10).

A pure library on top of :mod:`games.engine` (no Django). Players never reach it.

    >>> from games.engine import DealCode
    >>> from games.solver import solve, Verdict
    >>> solution = solve(DealCode.parse("HM1-N-HALFMON").layout(), node_budget=100_000)
    >>> solution.verdict in (Verdict.WINNABLE, Verdict.LOST, Verdict.UNDECIDED)
    True

How it works: :mod:`~games.solver.table` (the compact table), :mod:`~games.solver.keys`
(canonical position keys), :mod:`~games.solver.moves` (removals, dominance and safe removals),
:mod:`~games.solver.pruning` (dead-end detection), :mod:`~games.solver.forward` and
:mod:`~games.solver.backward` (the two searches), :mod:`~games.solver.search` (``solve``),
:mod:`~games.solver.line` (engine moves) and :mod:`~games.solver.steps` (where a game was lost).
"""

from .rules import Rules
from .search import Solution, Verdict, solve
from .steps import LosingStep, first_losing_step
from .table import Table

__all__ = ["Rules", "Solution", "Verdict", "solve", "LosingStep", "first_losing_step", "Table"]
