"""The deal of a date (SPEC §10): the first of the date's candidates proven winnable, chosen
once, stored, and never changed afterwards.

``manage.py prepare_daily`` chooses ahead of the day; a date with no stored choice is chosen
on demand, the first time anything needs its code. Choosers racing for one date (two requests,
a request and the command) resolve to one: the first choice stored wins, and every chooser
returns the stored one. The choice depends only on the deal key, the date and the node budget
(the solver has no randomness and its budget counts positions, not time), so choosers with
one budget pick the same code anyway.

A candidate's layout is its stored deal's when there is one (tests store a small hand-built
table for a date's candidate 0: solving it is instant), else the code's layout under the
deployment's key. The candidates' solutions are stored like any other (staff see them).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from dataclasses import dataclass, field
from itertools import count, islice

from django.conf import settings
from django.db import transaction

from games.deals import solving
from games.deals.models import DealSolution, Verdict
from games.engine import DealCode

from .models import DailyDeal

#: The day's deal is among its first candidates: each is winnable with probability about
#: 0.975 (docs/SOLVABILITY.md), so 32 all failing has a probability below 10^-50.
MAX_CANDIDATES = 32


class NoWinnableCandidate(RuntimeError):
    """None of a date's first MAX_CANDIDATES candidates was proven winnable (never seen)."""


@dataclass(frozen=True)
class Choice:
    """A date's stored choice; ``tried`` holds the solutions this call computed or read (empty
    when the choice was stored already)."""

    daily: DailyDeal
    chosen_now: bool
    tried: list[DealSolution] = field(default_factory=list)

    @property
    def code(self) -> DealCode:
        return DealCode.parse(self.daily.code)


def candidates(date: dt.date) -> Iterator[DealCode]:
    """The date's candidates in order: candidate 0 is the SPEC §2 daily number."""
    for index in count():
        yield DealCode.daily_candidate(date, index, settings.HALFMOON_DEAL_KEY)


def stored_code(date: dt.date) -> DealCode | None:
    code = DailyDeal.objects.filter(date=date).values_list("code", flat=True).first()
    return DealCode.parse(code) if code else None


def daily_code(date: dt.date) -> DealCode:
    """The deal of a date: its stored choice, chosen now when there is none."""
    return stored_code(date) or choose(date).code


def is_daily_code(code: DealCode, date: dt.date) -> bool:
    """Whether ``code`` is the date's deal. Without a stored choice a code that is none of the
    date's first candidates is not (and nothing is chosen for it)."""
    stored = stored_code(date)
    if stored is None:
        if code not in set(islice(candidates(date), MAX_CANDIDATES)):
            return False
        stored = choose(date).code
    return code == stored


def choose(date: dt.date, budget: int | None = None) -> Choice:
    """The date's stored choice, or the first candidate proven winnable, stored now.

    The candidates are solved outside any transaction (a solve may take seconds); storing is
    an insert that keeps the row another chooser stored first.
    """
    known = DailyDeal.objects.filter(date=date).first()
    if known is not None:
        return Choice(known, chosen_now=False)
    budget = budget or settings.HALFMOON_DAILY_BUDGET
    tried = []
    for index, code in enumerate(islice(candidates(date), MAX_CANDIDATES)):
        solution = solving.solve_code(code, budget)
        tried.append(solution)
        if solution.verdict == Verdict.WINNABLE:
            with transaction.atomic():
                daily, created = DailyDeal.objects.get_or_create(
                    date=date, defaults={"code": code.text, "candidate": index, "budget": budget}
                )
            return Choice(daily, chosen_now=created, tried=tried)
    raise NoWinnableCandidate(
        f"None of the first {MAX_CANDIDATES} candidates of {date} was proven winnable "
        f"within {budget} positions."
    )
