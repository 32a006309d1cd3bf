"""Foresight (games.fairplay.foresight): the bits a line's choices reveal about hidden cards."""

from __future__ import annotations

import math
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from games.engine import (
    Action,
    Board,
    DealCode,
    GameFinished,
    Move,
    NothingToUndo,
    Position,
    SumMustBe11,
)
from games.fairplay.foresight import Foresight, Step, ladder, measure
from games.solver import Verdict, solve
from tests.support.layouts import table

#: R1+P2 leaves 5S over 6H with nothing to take it: lost. P1+P2 then P1+R1 wins.
TRAP = table(P1="6H 5S", P2="6D", R1="5H")
#: A fast winnable deal of the vectors (tests/data/deal-vectors.json).
DEAL = "HM1-N-ZZZZZZZ"
SMALL = {"node_budget": 8_000, "game_node_budget": 200_000}


def move(text: str) -> Action:
    return Action("move", Move.parse(text).positions)


@pytest.fixture(scope="module")
def deal_line() -> list[Move]:
    solution = solve(DealCode.parse(DEAL).layout(), node_budget=200_000)
    assert solution.verdict is Verdict.WINNABLE
    return solution.line


# -- an independent check: brute force over the legal removals, on the engine board -------------
FACES = {"J": 11, "Q": 12, "K": 13}


def _rank(card) -> int:
    return FACES.get(card.rank, card.value)


def _key(board: Board) -> tuple:
    """What a removal leaves, up to what cannot matter: suits, and which free card of a rank
    (a reserve card or a pile's last card) was used."""
    piles = tuple(tuple(map(_rank, p)) if len(p) >= 2 else () for p in board.piles)
    free = [_rank(p[0]) for p in board.piles if len(p) == 1]
    free += [_rank(c) for c in board.reserve if c is not None]
    return piles, tuple(sorted(free))


def _winnable(board: Board, memo: dict) -> bool:
    if board.cards_left == 0:
        return True
    key = _key(board)
    if key not in memo:
        memo[key] = False
        for candidate in board.legal_moves():
            after = board.copy()
            after.push(candidate)
            if _winnable(after, memo):
                memo[key] = True
                break
    return memo[key]


def _brute_force(board: Board, picked: Move, memo: dict) -> tuple[int, int, bool]:
    """(options, winnable options, whether the picked one is winnable), by exhaustive search."""
    verdicts = {}
    for candidate in board.legal_moves():
        after = board.copy()
        after.push(candidate)
        verdicts[_key(after)] = _winnable(after, memo)
        if candidate == picked:
            chosen = verdicts[_key(after)]
    return len(verdicts), sum(verdicts.values()), chosen


# -- the figure on hand-built positions ---------------------------------------------------------
def test_dodging_the_trap_reveals_one_bit_and_falling_in_reveals_none():
    won = measure(TRAP, [move("P1+P2"), move("P1+R1")])
    first, last = won.steps
    assert (first.options, first.winnable, first.lost, first.picked) == (2, 1, 1, Verdict.WINNABLE)
    assert first.mattered and first.bits == 1.0
    assert (last.options, last.bits, last.mattered) == (1, 0.0, False)  # forced
    assert won.won and won.bits == 1.0 and won.mattered == 1 and won.start is Verdict.WINNABLE

    lost = measure(TRAP, [move("R1+P2")])
    (step,) = lost.steps
    assert step.picked is Verdict.LOST and step.mattered and step.bits == 0.0
    assert not lost.won and lost.bits == 0.0


def test_a_position_where_every_removal_is_winnable_contributes_nothing():
    layout = table(P1="6H 5S", P2="6D 5D", R1="6C", R2="6S", R3="5C", R4="5H")
    board = Board(layout)
    options, winnable, _ = _brute_force(board, board.legal_moves()[0], {})
    assert options >= 3 and winnable == options  # checked independently: all are safe
    for first in board.legal_moves():
        step = measure(layout, [first]).steps[0]
        assert (step.options, step.winnable, step.lost) == (options, options, 0)
        assert step.bits == 0.0 and not step.mattered and step.picked_winnable


def test_interchangeable_cards_are_one_option():
    # Taking 5S with either free 6 leaves the same table; so does any free 5 with any free 6.
    layout = table(P1="6H 5S", P2="6D", P3="6C", R1="5H", R2="5C")
    board = Board(layout)
    step = measure(layout, [move("P1+P2")]).steps[0]
    assert (step.legal, step.options, step.winnable) == (6, 2, 2)
    assert (step.options, step.winnable, True) == _brute_force(board, Move.parse("P1+P2"), {})
    assert step.bits == 0.0


def test_the_log_is_followed_taps_and_undos_included():
    line = [
        move("R1+P2"),  # the losing removal: 0 bits
        Action("undo"),
        Action("tap", (Position.P1,)),
        Action("tap", (Position.P2,)),  # completes P1+P2: a retry avoiding the trap it saw
        Action("tap", (Position.R1,)),
        Action("tap", (Position.P1,)),  # completes P1+R1: forced
    ]
    result = measure(TRAP, line)
    assert [s.index for s in result.steps] == [0, 3, 5]
    assert [s.picked for s in result.steps] == [Verdict.LOST, Verdict.WINNABLE, Verdict.WINNABLE]
    assert [s.bits for s in result.steps] == [0.0, 0.0, 0.0]
    assert [s.tried_lost for s in result.steps] == [0, 1, 0] and result.retries == 1
    assert result.won and result.undos == 1 and result.bits == 0.0


def test_a_hidden_card_seen_before_an_undo_is_marked_and_left_out_of_the_blind_bits():
    line = [move("P1+P2"), Action("undo"), move("P1+P2"), move("P1+R1")]  # 6H seen, put back
    result = measure(TRAP, line)
    assert [s.seen_hidden for s in result.steps] == [False, True, False]
    # The undone removal's own step counts; making the same pick again scores once, not twice.
    assert [s.bits for s in result.steps] == [1.0, 0.0, 0.0]
    assert [s.repeat for s in result.steps] == [False, True, False]
    assert result.bits == 1.0 and result.bits_blind == 1.0


# -- a real deal ----------------------------------------------------------------------------------
def test_the_solvers_own_line_wins_with_every_pick_winnable_and_scores(deal_line):
    result = measure(DEAL, deal_line, **SMALL)
    assert isinstance(result, Foresight) and all(isinstance(s, Step) for s in result.steps)
    assert result.won and result.start is Verdict.WINNABLE and result.decisions == 48
    assert all(step.picked_winnable for step in result.steps)
    assert not result.budget_hit and result.undecided == 0
    assert result.mattered > 0 and result.bits > 0  # it dodged losses nothing visible showed
    expected = sum(math.log2(s.options / s.winnable) for s in result.steps if s.mattered)
    assert result.bits == pytest.approx(expected)
    assert result.bits_per_mattered == pytest.approx(result.bits / result.mattered)
    assert result.solves > 0 and result.nodes > 0 and result.seconds > 0
    # A line whose every choice is forced scores nothing, so less than the solver's line.
    forced = measure(table(P1="6S 5H", P2="5S 6D"), [move("P1+P2"), move("P1+P2")])
    assert forced.won and forced.bits == 0.0 and forced.mattered == 0
    assert result.bits > forced.bits


@pytest.mark.slow
def test_the_per_step_counts_agree_with_brute_force(deal_line):
    layout = DealCode.parse(DEAL).layout()
    checked = lost_options = losing_picks = 0
    for seed in range(3):
        rng = random.Random(seed)
        board = Board(layout)
        line = list(deal_line[:36])  # the solver's line to 32 cards, then blind play
        for m in line:
            board.push(m)
        while board.legal_moves():
            line.append(rng.choice(board.legal_moves()))
            board.push(line[-1])
        result = measure(layout, line, **SMALL)
        board, memo = Board(layout), {}
        for m, step in zip(line, result.steps, strict=True):
            if board.cards_left <= 32:
                assert (step.options, step.winnable, step.picked_winnable) == _brute_force(
                    board, m, memo
                )
                assert step.undecided == 0
                checked += 1
                lost_options += step.lost
                losing_picks += step.picked is Verdict.LOST
            board.push(m)
    assert checked >= 30 and lost_options > 0 and losing_picks > 0


def test_a_deal_code_is_dealt_under_the_key_given(deal_line):
    by_code = measure(DEAL, deal_line, **SMALL)
    by_layout = measure(DealCode.parse(DEAL).layout(), deal_line, **SMALL)
    assert by_code.steps == by_layout.steps
    with pytest.raises(Exception):  # noqa: B017 -- another key deals other cards
        measure(DEAL, deal_line, key=b"another-secret", **SMALL)


# -- refused lines ------------------------------------------------------------------------------
def test_an_illegal_line_is_refused_with_the_engines_error():
    with pytest.raises(SumMustBe11):
        measure(TRAP, [move("P1+R1")])  # 5S + 5H
    with pytest.raises(GameFinished):
        measure(TRAP, [move("P1+P2"), move("P1+R1"), move("P1+R1")])
    with pytest.raises(NothingToUndo):
        measure(TRAP, [Action("undo")])


# -- budgets --------------------------------------------------------------------------------------
def test_undecided_options_only_lower_the_figure(deal_line):
    full = measure(DEAL, deal_line, **SMALL)
    starved = measure(DEAL, deal_line, node_budget=1, game_node_budget=200_000)
    assert starved.budget_hit and starved.undecided > 0
    assert starved.bits <= full.bits
    for cheap, exact in zip(starved.steps, full.steps, strict=True):
        assert cheap.options == exact.options and cheap.bits <= exact.bits
        assert cheap.picked is Verdict.WINNABLE  # the game won from it: known without search
    nothing = measure(DEAL, deal_line, game_node_budget=0)
    assert nothing.exhausted and nothing.solves == 0 and nothing.nodes == 0
    assert nothing.bits == 0.0 and nothing.budget_hit
    no_time = measure(DEAL, deal_line, time_budget=0.0)
    assert no_time.exhausted and no_time.solves == 0 and no_time.bits == 0.0


def test_the_passes_grow_eightfold_up_to_the_budget():
    assert ladder(64_000) == [1_000, 8_000, 64_000]
    assert ladder(20_000) == [1_000, 8_000, 20_000]
    assert ladder(1) == [1]


# -- purity ---------------------------------------------------------------------------------------
def test_importing_foresight_loads_no_django():
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    probe = (
        "import sys, games.fairplay.foresight; "
        "print(sorted(m for m in sys.modules if m == 'django' or m.startswith('django.')))"
    )
    result = subprocess.run(
        [sys.executable, "-c", probe],
        cwd=Path(__file__).resolve().parents[2],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"
