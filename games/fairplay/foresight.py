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

**Look-alike classes.** Each step also groups its options by what the visible table shows of
them (:func:`alike_key`: per card taken, its rank and whether it is free, or the height of the
pile it tops when the player has not seen that pile's hidden cards, or the pile itself when an
undo has shown them): options of one class differ only by hidden cards, so an honest pick among
them is at chance. ``Step.classes`` gives every class's visible features
(:func:`visible_features`) and verdict counts, for the visible-only honest model of
:mod:`.evidence`; ``Foresight.alike_bits`` is the model-free figure that credits a pick only
within its class. Both use the verdicts the measure already has: no extra search.
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from games.engine import PUBLIC_KEY, Action, Board, DealCode, Layout, Move, Removal, TapResult
from games.solver import Table, Verdict, solve
from games.solver.table import rank_of

#: Positions the solver may search to decide one option (in the last pass).
NODE_BUDGET = 64_000
#: The budget of an option in the first pass (see :func:`ladder`).
FIRST_PASS = 1_000
#: Positions the solver may search for one game, all options together.
GAME_NODE_BUDGET = 1_000_000
#: The staff threshold: a win scoring more bits is flagged. Calibrated in ``docs/FAIR-PLAY.md``:
#: 1.1 % of honest bots' wins (none without undos) and 31-38 % of omniscient lines reach it.
THRESHOLD_BITS = 16.0
#: The share of informed picks the look-alike figure's cheater is taken to make
#: (:meth:`Step.alike_factor`): a cheater who asks on a few choices out of many.
ALIKE_EPSILON = 0.25


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
    #: The picked option's look-alikes (itself included): the options the visible table cannot
    #: tell from it (:func:`alike_key`), counted by the table they leave.
    alike: int = 1
    #: Of them, the ones proven to keep the deal winnable, and the undecided ones.
    alike_winnable: int = 0
    alike_undecided: int = 0
    #: Every class of look-alike options of the position: (its visible features, options,
    #: winnable, undecided), the picked option's class first.
    classes: tuple[tuple[tuple[int, ...], int, int, int], ...] = ()

    @property
    def alike_safe(self) -> int:
        return self.alike_winnable + self.alike_undecided

    def alike_factor(self, epsilon: float = ALIKE_EPSILON) -> float:
        """The step's likelihood ratio, a cheater who picks a winnable look-alike on a share
        ``epsilon`` of the steps (else plays as an honest player does) against an honest player,
        for whom the option picked within its look-alikes is at chance:

            (1 - epsilon) + epsilon * a / s   for a winnable pick,
            1 - epsilon                       for a losing one,
            1                                 when no look-alike loses, none keeps the deal
                                              winnable, or the pick is undecided,

        with ``a`` look-alikes of which ``s`` keep the deal winnable (undecided ones counted in
        ``s``: that only lowers the factor). Its mean under honest play is at most 1 whatever
        the honest player's policy (``docs/FAIR-PLAY.md``)."""
        return alike_factor(self.alike, self.alike_safe, self.picked, epsilon)

    def alike_bits(self, epsilon: float = ALIKE_EPSILON) -> float:
        """``log2`` of :meth:`alike_factor`: negative for a losing pick among look-alikes."""
        return math.log2(self.alike_factor(epsilon))

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


def alike_factor(alike: int, safe: int, picked: Verdict, epsilon: float = ALIKE_EPSILON) -> float:
    """:meth:`Step.alike_factor` from its counts: ``alike`` look-alikes, ``safe`` of them
    winnable or undecided, the verdict of the one ``picked``."""
    if not 0.0 < epsilon < 1.0:
        raise ValueError("epsilon is a share of the steps, above 0 and below 1")
    if safe >= alike or safe <= 0 or picked is Verdict.UNDECIDED:
        return 1.0
    if picked is Verdict.LOST:
        return 1.0 - epsilon
    return (1.0 - epsilon) + epsilon * alike / safe


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

    def alike_bits(self, epsilon: float = ALIKE_EPSILON) -> float:
        """The look-alike figure: the sum of the steps' :meth:`Step.alike_bits`, undone ones
        and retries included (undo never clears)."""
        return sum(step.alike_bits(epsilon) for step in self.steps)

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
        traps = frozenset(t for t in seen if oracle.get(t) is Verdict.LOST)
        steps.append(_step(oracle, position, len(traps), position.picked in before, traps))
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
    #: Piles some of whose hidden cards the player has seen (an undo put them back).
    seen_piles: frozenset[int] = frozenset()


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
            seen_piles = frozenset(
                i
                for i, (pile, low) in enumerate(zip(before.piles, lowest, strict=True))
                if len(pile) >= 2 and low < len(pile)
            )
            decisions.append(_Decision(index, before, removal.move, seen, seen_piles))
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
    #: The tables of the options the visible table cannot tell from the one picked.
    alike: frozenset[Table] = frozenset()
    #: Every option's look-alike key (:func:`alike_key`), and the picked one's.
    keys: dict[Table, tuple] | None = None
    key: tuple = ()
    #: Each look-alike class's visible features (:func:`visible_features`).
    features: dict[tuple, tuple[int, ...]] | None = None

    @classmethod
    def of(cls, decision: _Decision) -> _Position:
        moves = decision.before.legal_moves()
        outcomes: dict[Table, Board] = {}
        keys: dict[Table, tuple] = {}
        features: dict[tuple, tuple[int, ...]] = {}
        picked: Table | None = None
        counts = _rank_counts(decision.before)
        for move in moves:
            after = decision.before.copy()
            after.push(move)
            table = Table.from_board(after)
            outcomes.setdefault(table, after)
            key = alike_key(decision.before, move, decision.seen_piles)
            keys.setdefault(table, key)
            if key not in features:
                features[key] = visible_features(decision.before, move, counts)
            if move == decision.move:
                picked = table
        assert picked is not None, "the move played was legal where it was played"
        mine = alike_key(decision.before, decision.move, decision.seen_piles)
        alike = frozenset(t for t, key in keys.items() if key == mine) | {picked}
        before = Table.from_board(decision.before)
        return cls(decision, before, len(moves), outcomes, picked, alike, keys, mine, features)


def _rank_counts(board: Board) -> tuple[list[int], list[int]]:
    """Free cards of each rank, and cards of each rank still in play (known by counting)."""
    free, left = [0] * 14, [0] * 14
    for pile in board.piles:
        for card in pile:
            left[rank_of(card)] += 1
        if len(pile) == 1:
            free[rank_of(pile[0])] += 1
    for slot in board.reserve:
        if slot is not None:
            left[rank_of(slot)] += 1
            free[rank_of(slot)] += 1
    return free, left


def visible_features(
    board: Board, move: Move, counts: tuple[list[int], list[int]] | None = None
) -> tuple[int, ...]:
    """What a player sees of a removal, as numbers: (cards it takes, of them from the reserve,
    from piles with cards below, the heights of those piles summed, the tallest of them, the
    cards taken whose rank has every other card still in play free — "visibly safe" ranks)."""
    free, left = counts if counts is not None else _rank_counts(board)
    reserve = dug = height = tallest = whole = 0
    for position in move.positions:
        card = board.card_at(position)
        assert card is not None, "a legal removal takes cards that are there"
        rank = rank_of(card)
        is_free = position >= len(board.piles) or len(board.piles[position]) <= 1
        reserve += position >= len(board.piles)
        if not is_free:
            h = len(board.piles[position])
            dug, height, tallest = dug + 1, height + h, max(tallest, h)
        whole += left[rank] - 1 == free[rank] - is_free
    return (len(move.positions), reserve, dug, height, tallest, whole)


def alike_key(board: Board, move: Move, seen_piles: frozenset[int] = frozenset()) -> tuple:
    """What the visible table shows of a removal: per card taken, its rank and where it lies —
    a free card (the reserve, or a pile's last card), or the top of a pile of that height whose
    hidden cards the player has not seen (two such piles of one height differ only by what lies
    hidden below), or the top of that very pile when the player has seen some of its hidden
    cards (an undo showed them). Two removals with one key look alike: nothing the player can
    see tells them apart."""
    parts = []
    for position in move.positions:
        card = board.card_at(position)
        assert card is not None, "a legal removal takes cards that are there"
        rank = rank_of(card)
        if position >= len(board.piles) or len(board.piles[position]) <= 1:
            parts.append((rank, 0, -1))
        elif int(position) in seen_piles:
            parts.append((rank, len(board.piles[position]), int(position)))
        else:
            parts.append((rank, len(board.piles[position]), -1))
    return tuple(sorted(parts))


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


def _step(
    oracle: _Oracle,
    position: _Position,
    tried_lost: int = 0,
    repeat: bool = False,
    traps: frozenset[Table] = frozenset(),
) -> Step:
    """The step of a position; a retry's look-alikes and classes leave out the traps the player
    picked there before (``traps``: seen, so no lottery any more), and a repeat's are empty
    (scored the first time)."""
    verdicts = [oracle.get(table) for table in position.outcomes]
    decision = position.decision
    alike = [] if repeat else [t for t in position.alike if t not in traps]
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
        alike=max(1, len(alike)),
        alike_winnable=sum(oracle.get(t) is Verdict.WINNABLE for t in alike),
        alike_undecided=sum(oracle.get(t) is Verdict.UNDECIDED for t in alike),
        classes=() if repeat else _classes(oracle, position, traps),
    )


def _classes(
    oracle: _Oracle, position: _Position, traps: frozenset[Table] = frozenset()
) -> tuple[tuple[tuple[int, ...], int, int, int], ...]:
    counts: dict[tuple, list[int]] = {position.key: [0, 0, 0]}
    for table, key in (position.keys or {}).items():
        if table in traps:
            continue
        verdict = oracle.get(table)
        count = counts.setdefault(key, [0, 0, 0])
        count[0] += 1
        count[1] += verdict is Verdict.WINNABLE
        count[2] += verdict is Verdict.UNDECIDED
    features = position.features or {}
    return tuple((features.get(key, ()), n, w, u) for key, (n, w, u) in counts.items())
