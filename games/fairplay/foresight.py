"""Foresight: how much a game's choices knew about the cards its player could not see.

A pure library (the engine, the solver and the standard library; no Django), for staff only:
players never learn anything of it (SPEC §10). ``docs/FAIR-PLAY.md`` gives the calibration.

**The figure.** At each removal the player made, let the *options* be the legal removals of the
position counted by what they leave on the table (two removals that leave the same cards on
every pile and the same free cards, in the solver's sense of :mod:`games.solver.table`, are one
option: taking one 5 of the reserve or the other is no choice), ``n`` of them, and let ``w`` of
them keep the deal winnable. The step's *bits* are

    log2(n / w)   when the option picked keeps the deal winnable,
    0             when it does not (or when the solver could not tell).

``log2(n / w)`` is the surprise, under blind play (an option picked uniformly at random), of
the pick keeping the deal alive: 0 when every option is safe (or there is one option), 1 when
half of them lose, and so on. A pick that loses reveals no knowledge of where the win lies, so
it adds nothing (it is never negative either: the figure is not an average that a few blunders
could dilute). The game's figure is the sum over its removals: ``2 ** -bits`` is the chance
that a blind chooser, put in the very positions of the line, would have kept the deal winnable
at every one of them. The player sees the pile tops, the pile heights, the reserve and (by
counting) which cards are still hidden, but not where; the solver sees everything. A line whose
choices kept dodging losses that nothing visible announced scores high.

**Budgets and undecided positions.** Options are solved in passes (:func:`ladder`): every
option within 1,000 positions first, the undecided ones again within 8,000, and so on up to
``node_budget``, all within ``game_node_budget`` positions for the game (past it, options are
left unsolved), so that a few hard options cannot spend the game's budget before the later
steps are tried at all. Each distinct table is solved once; every table on a winning line the
solver returns is winnable too, and so is every table on the line of removals in effect when
the game was won (no search); a lost position's options are all lost. An option the solver
could not decide is counted as winnable in ``w`` and, if it is the one picked, the step adds 0:
both only lower the figure, so with undecided options (``Foresight.budget_hit``) the figure is
a lower bound of the exact one (the one an unbounded solver would give). Cost with the default
budgets: a median of 0.9 s a won game on this repository's 2-core machine, at most the
1,000,000 positions of the game's budget (about 10 s of one idle core; 28 s was the slowest of
909 wins measured with the cores shared, ``docs/FAIR-PLAY.md``).

**The line** is a game's move log as engine :class:`~games.engine.Action`\\ s (what
``games.play.selectors.action_of`` makes of each log entry), or bare :class:`~games.engine.Move`\\
s. Every removal is a decision, measured in the position where it was made, whether by a move
or by a tap that completed one, and whether or not it was undone later; undos are followed.
An undo shows the player the cards it puts back, so a step whose hidden cards had been seen
before is marked (``Step.seen_hidden``) and ``Foresight.bits_blind`` leaves those steps out;
the headline figure ``bits`` keeps them (an undo cannot launder a line).

**Undo never clears.** An undone removal's own step counts like any other. A *retry* (a removal
in a position the player had been in before and left by an undo) is scored on its own terms:
the lost options the player had already picked there (traps they saw) are left out of its
options, so avoiding a trap one has walked into is not foresight, while dodging the traps one
has not seen still is; making again a pick one had made there before scores once, not twice.
Neither the undo count nor ``bits_blind`` is evidence of honesty.
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from games.engine import PUBLIC_KEY, Action, Board, DealCode, Layout, Move, Removal, TapResult
from games.solver import Table, Verdict, solve

#: Positions the solver may search to decide one option (in the last pass).
NODE_BUDGET = 64_000
#: The budget of an option in the first pass (see :func:`ladder`).
FIRST_PASS = 1_000
#: Positions the solver may search for one game, all options together.
GAME_NODE_BUDGET = 1_000_000
#: The staff threshold: a win scoring more bits is flagged. Calibrated in ``docs/FAIR-PLAY.md``:
#: 1.1 % of honest bots' wins (none without undos) and 31-38 % of omniscient lines reach it.
THRESHOLD_BITS = 16.0


@dataclass(frozen=True)
class Step:
    """One removal of the line, in the position where it was made."""

    #: Index of the action in the line (the log entry that made the removal).
    index: int
    move: Move
    #: Legal removals of the position (engine moves, interchangeable cards counted apart).
    legal: int
    #: ``n``: the options (legal removals counted by the table they leave).
    options: int
    #: Options proven to keep the deal winnable.
    winnable: int
    #: Options the solver could not decide within its budget (counted as winnable in ``w``).
    undecided: int
    #: The verdict of the option picked.
    picked: Verdict
    #: Some card hidden in this position had been seen before (an undo put it back).
    seen_hidden: bool
    #: A retry: lost options the player had picked in this very position before (and undone).
    #: The trap was seen, so avoiding it now is no foresight: they leave ``n`` and the lost.
    tried_lost: int = 0
    #: A repeat: the player had made this very pick in this position before (and undone it);
    #: it was scored then, not again.
    repeat: bool = False
    #: The position (the table before the removal): the field's key (:mod:`.field`).
    table: Table | None = None
    #: The table the removal left.
    picked_table: Table | None = None
    #: The tables of the options that keep the deal winnable (undecided ones included).
    safe_tables: frozenset[Table] = frozenset()

    @property
    def lost(self) -> int:
        """Options proven to lose the deal."""
        return self.options - self.winnable - self.undecided

    @property
    def safe(self) -> int:
        """``w``: the options that keep the deal winnable, undecided ones included."""
        return self.winnable + self.undecided

    @property
    def picked_winnable(self) -> bool:
        return self.picked is Verdict.WINNABLE

    @property
    def mattered(self) -> bool:
        """Some option lost the deal and some did not: the choice decided the game."""
        return self.lost > 0 and self.safe > 0

    @property
    def retry(self) -> bool:
        """A removal in a position the player had left by an undo before."""
        return self.tried_lost > 0 or self.repeat

    @property
    def bits(self) -> float:
        """``log2(n / w)`` for a winnable pick among options some of which lose; a retry
        counts only the traps not seen yet (``n - tried_lost`` options, the same ``w``), and a
        repeat of a pick made there before counts 0 (it counted the first time)."""
        lost = self.lost - self.tried_lost
        if not self.picked_winnable or lost <= 0 or self.repeat:
            return 0.0
        return math.log2((self.options - self.tried_lost) / self.safe)


@dataclass(frozen=True)
class Foresight:
    """The foresight of one line: its figure, every step, and what the solver spent."""

    steps: tuple[Step, ...]
    #: The line ended with every card removed.
    won: bool
    #: Undos in the line.
    undos: int
    #: The deal's own verdict (WINNABLE without search when the line won it).
    start: Verdict
    #: Distinct positions the solver left undecided (each within ``node_budget``).
    undecided: int
    #: The game's budget ran out: some options were not searched at all (counted undecided).
    exhausted: bool
    #: Positions the solver searched, over the whole line.
    nodes: int
    #: Calls of the solver (one per distinct position it had to decide).
    solves: int
    #: Wall-clock seconds of the whole measure.
    seconds: float

    @property
    def retries(self) -> int:
        """Steps that retried a position after walking into one of its traps."""
        return sum(step.retry for step in self.steps)

    @property
    def bits(self) -> float:
        """The figure: the sum of the steps' bits."""
        return sum(step.bits for step in self.steps)

    @property
    def bits_blind(self) -> float:
        """The bits of the steps whose hidden cards the player had never seen."""
        return sum(step.bits for step in self.steps if not step.seen_hidden)

    @property
    def decisions(self) -> int:
        """Removals made (the steps)."""
        return len(self.steps)

    @property
    def mattered(self) -> int:
        """Steps where some option lost the deal and some did not."""
        return sum(step.mattered for step in self.steps)

    @property
    def budget_hit(self) -> bool:
        """Some option stayed undecided: ``bits`` is then a lower bound of the exact figure."""
        return self.undecided > 0 or self.exhausted

    @property
    def bits_per_mattered(self) -> float:
        """Bits per step where the choice mattered (0 when none did)."""
        return self.bits / self.mattered if self.mattered else 0.0


def measure(
    deal: Layout | DealCode | str,
    line: Iterable[Action | Move],
    *,
    node_budget: int = NODE_BUDGET,
    game_node_budget: int = GAME_NODE_BUDGET,
    time_budget: float | None = None,
    key: bytes = PUBLIC_KEY,
) -> Foresight:
    """Measure the foresight of ``line`` played from ``deal``.

    ``deal`` is the game's layout (``Layout.from_text(game.deal.layout)`` in the service, whose
    deal key is secret) or a deal code, dealt under ``key``. ``line`` is the game's log as
    engine actions (or bare moves). The whole line is replayed first: an action the engine
    refuses raises the engine's error (an :class:`~games.engine.EngineError`) before anything
    is solved. Budgets count the solver's positions, so the result depends only on the deal,
    the line and the budgets, never on the machine; ``time_budget`` (seconds, off by default)
    caps the wall-clock time of the solving as well, at the price of that: past it, options
    are left unsolved as past ``game_node_budget``.
    """
    started = time.perf_counter()
    layout = _layout_of(deal, key)
    entries = list(line)
    decisions, final = _replay(layout, entries)
    won = final.cards_left == 0
    known = _won_path(layout, final) if won else {}
    deadline = None if time_budget is None else started + time_budget
    oracle = _Oracle(known, game_node_budget, deadline)
    positions = [_Position.of(decision) for decision in decisions]
    deal_table = Table.from_board(Board(layout))
    for budget in ladder(node_budget):
        oracle.decide(deal_table, Board(layout), budget)
        for position in positions:
            oracle.settle(position, budget)
        if oracle.exhausted:
            break
    tried: dict[Table, set[Table]] = {}
    steps = []
    for position in positions:
        before = tried.setdefault(position.before, set())
        seen = [t for t in before if t != position.picked]
        lost = sum(oracle.get(t) is Verdict.LOST for t in seen)
        steps.append(_step(oracle, position, lost, position.picked in before))
        before.add(position.picked)
    return Foresight(
        steps=tuple(steps),
        won=won,
        undos=sum(isinstance(e, Action) and e.kind == "undo" for e in entries),
        start=oracle.get(deal_table),
        undecided=sum(
            oracle.get(table) is Verdict.UNDECIDED
            for table in {t for position in positions for t in position.outcomes}
        ),
        exhausted=oracle.exhausted,
        nodes=oracle.nodes,
        solves=oracle.solves,
        seconds=time.perf_counter() - started,
    )


# -- replaying the line -----------------------------------------------------------------------
@dataclass(frozen=True)
class _Decision:
    index: int
    before: Board
    move: Move
    seen_hidden: bool


def _layout_of(deal: Layout | DealCode | str, key: bytes) -> Layout:
    if isinstance(deal, Layout):
        return deal
    code = deal if isinstance(deal, DealCode) else DealCode.parse(deal)
    return code.layout(key)


def _replay(layout: Layout, line: Sequence[Action | Move]) -> tuple[list[_Decision], Board]:
    """Every removal of the line with the board before it; raises the engine's errors."""
    board = Board(layout)
    lowest = [len(pile) for pile in board.piles]  # the lowest each pile has been: seen down to
    decisions: list[_Decision] = []
    for index, entry in enumerate(line):
        action = Action("move", entry.positions) if isinstance(entry, Move) else entry
        before = board.copy()
        result = board.apply(action)
        removal = result.removal if isinstance(result, TapResult) else result
        if action.kind in ("move", "tap") and isinstance(removal, Removal):  # not an undo's
            seen = any(
                len(pile) >= 2 and low < len(pile)
                for pile, low in zip(before.piles, lowest, strict=True)
            )
            decisions.append(_Decision(index, before, removal.move, seen))
        lowest = [min(low, len(pile)) for low, pile in zip(lowest, board.piles, strict=True)]
    return decisions, board


def _won_path(layout: Layout, final: Board) -> dict[Table, Verdict]:
    """The tables on the line of removals in effect in a won game: each one was won from."""
    board = Board(layout)
    known = {Table.from_board(board): Verdict.WINNABLE}
    for removal in final.history:
        board.push(removal.move)
        known[Table.from_board(board)] = Verdict.WINNABLE
    return known


# -- the solver, within the budgets -----------------------------------------------------------
@dataclass(frozen=True)
class _Position:
    """The options of one decision: the table each legal removal leaves, and the one picked."""

    decision: _Decision
    before: Table
    legal: int
    outcomes: dict[Table, Board]
    picked: Table

    @classmethod
    def of(cls, decision: _Decision) -> _Position:
        moves = decision.before.legal_moves()
        outcomes: dict[Table, Board] = {}
        picked: Table | None = None
        for move in moves:
            after = decision.before.copy()
            after.push(move)
            table = Table.from_board(after)
            outcomes.setdefault(table, after)
            if move == decision.move:
                picked = table
        assert picked is not None, "the move played was legal where it was played"
        return cls(decision, Table.from_board(decision.before), len(moves), outcomes, picked)


def ladder(node_budget: int) -> list[int]:
    """The budgets of the passes: every option is tried cheaply first, the hard ones again
    with eight times the budget, up to ``node_budget``, so that a few hard options early in
    a game cannot spend the game's budget before the later steps are tried at all."""
    budgets = []
    budget = FIRST_PASS
    while budget < node_budget:
        budgets.append(budget)
        budget *= 8
    return budgets + [node_budget]


class _Oracle:
    """The verdict of each distinct table, solved at most once per pass, within the game's
    budget. A table is undecided until a pass decides it."""

    def __init__(
        self, known: dict[Table, Verdict], game_node_budget: int, deadline: float | None = None
    ):
        self.verdicts = dict(known)
        self.tried: dict[Table, int] = {}
        self.left = game_node_budget
        self.deadline = deadline
        self.nodes = 0
        self.solves = 0
        self.exhausted = False

    def get(self, table: Table) -> Verdict:
        return self.verdicts.get(table, Verdict.UNDECIDED)

    def decide(self, table: Table, board: Board, budget: int) -> None:
        if self.get(table) is not Verdict.UNDECIDED or self.tried.get(table, 0) >= budget:
            return
        if table.card_count == 0:
            self.verdicts[table] = Verdict.WINNABLE
            return
        seconds = None if self.deadline is None else self.deadline - time.perf_counter()
        if self.left <= 0 or (seconds is not None and seconds <= 0):
            self.exhausted = True
            return
        solution = solve(board, node_budget=min(budget, self.left), time_budget=seconds)
        self.solves += 1
        self.nodes += solution.nodes
        self.left -= solution.nodes
        self.tried[table] = budget
        self.verdicts[table] = solution.verdict
        if solution.verdict is Verdict.WINNABLE:  # every table on its winning line is too
            board = board.copy()
            for move in solution.line[:-1]:
                board.push(move)
                self.verdicts[Table.from_board(board)] = Verdict.WINNABLE

    def settle(self, position: _Position, budget: int) -> None:
        before = self.get(position.before)
        if before is Verdict.LOST:  # a lost position stays lost, whatever is removed
            for table in position.outcomes:
                self.verdicts[table] = Verdict.LOST
        elif before is Verdict.WINNABLE and len(position.outcomes) == 1:
            self.verdicts[position.picked] = Verdict.WINNABLE  # forced: still winnable
        else:
            for table, board in position.outcomes.items():
                self.decide(table, board, budget)


def _step(oracle: _Oracle, position: _Position, tried_lost: int = 0, repeat: bool = False) -> Step:
    verdicts = [oracle.get(table) for table in position.outcomes]
    decision = position.decision
    return Step(
        index=decision.index,
        move=decision.move,
        legal=position.legal,
        options=len(verdicts),
        winnable=verdicts.count(Verdict.WINNABLE),
        undecided=verdicts.count(Verdict.UNDECIDED),
        picked=oracle.get(position.picked),
        seen_hidden=decision.seen_hidden,
        tried_lost=tried_lost,
        repeat=repeat,
        table=position.before,
        picked_table=position.picked,
        safe_tables=frozenset(
            t for t, v in zip(position.outcomes, verdicts, strict=True) if v is not Verdict.LOST
        ),
    )
