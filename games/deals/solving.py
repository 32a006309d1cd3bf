"""Running the solver for staff and for choosing deals; the results are stored.

The one module of the service (besides staff surfaces: the admin and management commands)
that imports :mod:`games.solver`. Its callers: ``solve_deals``, ``fill_winnable_pool``, the
admin, and the daily choice (:mod:`games.daily.choice`), which returns only a deal code.
Nothing here returns anything to players.

Budgets count positions (the solver's nodes), never time: a result depends only on the
layout and the budget, so it is the same on any machine and under any load.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from django.db import transaction

from games.engine import DealCode, Layout
from games.play import services as play
from games.play.models import Deal, Game
from games.play.selectors import action_of, log_of
from games.solver import Solution, first_losing_step, solve

from . import services
from .models import DealSolution, LossAnalysis, Verdict
from .selectors import pool_size


@lru_cache(maxsize=128)
def _solved(layout_text: str, budget: int) -> Solution:
    """The solver's answer for a layout and a budget: a pure function, so kept for a while
    (a process that needs it again — the daily choice of a date whose stored choice went
    away, as in tests that roll the database back — does not search again)."""
    return solve(Layout.from_text(layout_text), node_budget=budget)


def solve_deal(deal: Deal, budget: int) -> DealSolution:
    """The deal's stored solution, solving it first unless a stored one already covers
    ``budget`` (winnable or lost, or undecided at a budget at least as large)."""
    known = DealSolution.objects.filter(deal=deal).first()
    if known is not None and known.covers(budget):
        return known
    solution = _solved(deal.layout, budget)
    fields = {
        "verdict": solution.verdict.value,
        "nodes": solution.nodes,
        "seconds": solution.seconds,
        "budget": budget,
        "line": " ".join(str(move) for move in solution.line),
    }
    with transaction.atomic():
        stored, created = DealSolution.objects.select_for_update().get_or_create(
            deal=deal, defaults=fields
        )
        if not created and not stored.covers(budget):  # replace an undecided one
            for name, value in fields.items():
                setattr(stored, name, value)
            stored.save()
    return stored


def solve_code(code: DealCode, budget: int) -> DealSolution:
    """Solve the deal of a code (its stored layout; stored first if it never was)."""
    return solve_deal(play.deal_for(code), budget)


# -- the winnable pool ------------------------------------------------------------------------
@dataclass
class Filling:
    """What one filling of the pool did."""

    added: int = 0
    solved: int = 0
    lost: int = 0
    undecided: int = 0
    seconds: float = 0.0


def fill_pool(
    target: int, budget: int, on_solved: Callable[[DealSolution], None] | None = None
) -> Filling:
    """Solve random deals never stored before until the pool holds ``target`` winnable ones."""
    report = Filling()
    started = time.perf_counter()
    while pool_size() < target:
        code = DealCode.random()
        if Deal.objects.filter(code=code.text).exists():
            continue  # played or solved before: the pool takes fresh deals only
        solution = solve_code(code, budget)
        report.solved += 1
        if solution.verdict == Verdict.WINNABLE:
            report.added += services.add_to_pool(solution.deal)
        elif solution.verdict == Verdict.LOST:
            report.lost += 1
        else:
            report.undecided += 1
        if on_solved is not None:
            on_solved(solution)
    report.seconds = time.perf_counter() - started
    return report


# -- where a game was lost ----------------------------------------------------------------------
def locate_loss(game: Game, budget: int) -> LossAnalysis:
    """Find (and store, for the game's current version) the first action after which the
    game's position could no longer be won. Raises the engine's errors when the log does not
    replay."""
    started = time.perf_counter()
    events = log_of(game)
    step = first_losing_step(
        Layout.from_text(game.deal.layout), [action_of(e) for e in events], node_budget=budget
    )
    analysis, _ = LossAnalysis.objects.update_or_create(
        game=game,
        defaults={
            "version": game.version,
            "seq": events[step.index].seq if step.index is not None else None,
            "start": step.start.value,
            "undecided": step.undecided,
            "budget": budget,
            "seconds": time.perf_counter() - started,
        },
    )
    return analysis
