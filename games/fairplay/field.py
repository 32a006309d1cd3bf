"""The deal's field as the baseline: a win's choices against what the other players of the deal
chose in the same positions, so that the deal's difficulty cancels out.

A pure library (the engine, the solver's table and the standard library; no Django), for staff
only. ``docs/FAIR-PLAY.md`` gives the calibration.

:mod:`.foresight` compares each pick with a *blind* chooser (an option picked uniformly at
random): ``p0 = w / n``, the chance of keeping the deal alive by luck. On a daily deal every
player meets the same deal, so the others' picks in the very same position (the table before the
removal: the same cards on every pile and the same free cards) say how easy that choice is for
a person who sees what the player saw. Of ``m`` other players who stood in the position, ``k``
picked an option that keeps the deal winnable; the step's chance of a safe pick becomes

    p = (k + PRIOR * p0) / (m + PRIOR)

(the field's rate, shrunk towards the blind baseline with the weight of ``PRIOR`` players), and
its **field bits** are ``-log2 p`` when the pick kept the deal winnable and the step counts in
:mod:`.foresight` (some trap the player had not seen, ``p0 = 2 ** -step.bits``), else 0. With no
field (``m = 0``) that is exactly the step's blind bits: a deal without a field (a race, a
challenge, or a position only this player reached) falls back to the visible-only baseline. A
position where most of the field walks into the trap makes a safe pick telling; one where
everybody picks safely makes it worth almost nothing, however many options lose.

Each other player counts once per position (their first pick there: a retry after an undo is
their own business); the player's own games never count.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from games.engine import Action, Board, Layout, Move, Removal, TapResult
from games.solver import Table

from .foresight import Step

#: The weight of the blind baseline, in players.
PRIOR = 2.0

#: A position → the tables the other players' first picks there left, counted.
Field = Mapping[Table, Counter[Table]]


def picks(layout: Layout, line: Iterable[Action | Move]) -> list[tuple[Table, Table]]:
    """Every removal of a line as (the table before it, the table it left); no solver, so it
    is cheap for any game of the deal, won or not. Raises the engine's errors."""
    board = Board(layout)
    out: list[tuple[Table, Table]] = []
    for entry in line:
        action = Action("move", entry.positions) if isinstance(entry, Move) else entry
        before = Table.from_board(board)
        result = board.apply(action)
        removal = result.removal if isinstance(result, TapResult) else result
        if action.kind in ("move", "tap") and isinstance(removal, Removal):
            out.append((before, Table.from_board(board)))
    return out


def field_of(lines: Iterable[Sequence[tuple[Table, Table]]]) -> dict[Table, Counter[Table]]:
    """The field of the deal from the other players' lines (as :func:`picks` gives them): per
    position, the tables their first picks there left."""
    field: dict[Table, Counter[Table]] = {}
    for line in lines:
        seen: set[Table] = set()
        for before, after in line:
            if before in seen:
                continue
            seen.add(before)
            field.setdefault(before, Counter())[after] += 1
    return field


@dataclass(frozen=True)
class FieldStep:
    """One step against the field."""

    index: int
    #: ``p0``: the blind chance of a safe pick (1 when the step does not count).
    blind: float
    #: ``m``: other players who stood in this position.
    visits: int
    #: ``k``: of them, the ones whose pick kept the deal winnable.
    safe_picks: int
    #: ``p``: the chance of a safe pick, by the field.
    chance: float

    @property
    def bits(self) -> float:
        return -math.log2(self.chance) if self.chance < 1.0 else 0.0


@dataclass(frozen=True)
class FieldFigure:
    steps: tuple[FieldStep, ...]

    @property
    def bits(self) -> float:
        """The game's figure against the field (the blind bits where there is none)."""
        return sum(step.bits for step in self.steps)

    @property
    def with_field(self) -> int:
        """Counted steps whose position some other player stood in."""
        return sum(step.visits > 0 and step.blind < 1.0 for step in self.steps)


def against_field(steps: Iterable[Step], field: Field, *, prior: float = PRIOR) -> FieldFigure:
    """Each counted step of a measured line (:class:`.foresight.Step`) against the field."""
    out = []
    for step in steps:
        blind = 2.0**-step.bits if step.bits > 0 else 1.0
        visits = safe = 0
        if blind < 1.0 and step.table is not None:
            counts = field.get(step.table, Counter())
            visits = sum(counts.values())
            safe = sum(n for table, n in counts.items() if table in step.safe_tables)
        chance = 1.0 if blind >= 1.0 else (safe + prior * blind) / (visits + prior)
        out.append(FieldStep(step.index, blind, visits, safe, chance))
    return FieldFigure(tuple(out))
