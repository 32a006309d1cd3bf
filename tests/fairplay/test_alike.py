"""The look-alike figure (games.fairplay.foresight: ``Step.alike_*``, ``Foresight.alike_bits``):
a pick is credited only among the options the visible table cannot tell apart, on small
hand-made tables with exact numbers."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from games.engine import Action, Board, Move
from games.fairplay.foresight import ALIKE_EPSILON, alike_factor, alike_key, measure
from games.solver import Verdict
from tests.support.layouts import table

#: Two 5s on piles of two cards, one free 6 for either. P1+R1 frees 6D, which takes 5D and
#: uncovers 7C for 4H: won. P3+R1 frees 7C (4H takes it) but leaves 5S on its own 6D: lost.
#: Nothing visible tells the two 5s apart: same rank, same pile height, hidden cards unseen.
TWINS = table(P1="6D 5S", P3="7C 5D", R1="6H", R2="4H")
#: The same, but the second 5 sits on a taller pile: the player can tell the two apart.
UNEQUAL = table(P1="6D 5S", P3="8C 7C 5D", R1="6H", R2="4H", R3="3S")


def move(text: str) -> Action:
    return Action("move", Move.parse(text).positions)


def test_the_factor_is_a_likelihood_ratio_with_honest_mean_one():
    eps = 0.25
    assert alike_factor(2, 1, Verdict.WINNABLE, eps) == pytest.approx(0.75 + 0.25 * 2)  # 1.25
    assert alike_factor(3, 1, Verdict.WINNABLE, eps) == pytest.approx(0.75 + 0.25 * 3)  # 1.5
    assert alike_factor(2, 1, Verdict.LOST, eps) == pytest.approx(0.75)
    assert alike_factor(3, 3, Verdict.WINNABLE, eps) == 1.0  # no look-alike loses
    assert alike_factor(3, 0, Verdict.LOST, eps) == 1.0  # every look-alike loses: no lottery
    assert alike_factor(3, 1, Verdict.UNDECIDED, eps) == 1.0
    assert alike_factor(1, 1, Verdict.WINNABLE, eps) == 1.0  # no look-alike at all
    # An honest pick is at chance among its look-alikes: the factor's mean is exactly 1.
    for a in range(2, 7):
        for s in range(1, a):
            e = Fraction(1, 4)
            mean = (s * ((1 - e) + e * Fraction(a, s)) + (a - s) * (1 - e)) / a
            assert mean == 1
            floats = s * alike_factor(a, s, Verdict.WINNABLE, 0.25)
            floats += (a - s) * alike_factor(a, s, Verdict.LOST, 0.25)
            assert floats / a == pytest.approx(1.0)
    with pytest.raises(ValueError):
        alike_factor(2, 1, Verdict.WINNABLE, 1.0)


def test_look_alikes_share_rank_and_height_and_hidden_cards_unseen():
    board = Board(TWINS)
    a, b = Move.parse("P1+R1"), Move.parse("P3+R1")
    assert alike_key(board, a) == alike_key(board, b)
    assert alike_key(board, a, frozenset({2})) != alike_key(board, b, frozenset({2}))  # P3 seen
    tall = Board(UNEQUAL)
    assert alike_key(tall, a) != alike_key(tall, b)


def test_picking_the_winnable_twin_is_credited_and_the_losing_one_debited():
    won = measure(TWINS, [move("P1+R1"), move("P3+P1"), move("P3+R2")])
    first = won.steps[0]
    assert (first.options, first.winnable, first.bits) == (2, 1, 1.0)
    assert (first.alike, first.alike_winnable, first.alike_undecided) == (2, 1, 0)
    assert first.alike_factor() == pytest.approx(1 + ALIKE_EPSILON)
    assert won.won and won.alike_bits() == pytest.approx(math.log2(1.25))  # 0.3219 bits
    assert won.alike_bits(0.5) == pytest.approx(math.log2(1.5))

    lost = measure(TWINS, [move("P3+R1")])
    assert lost.steps[0].picked is Verdict.LOST
    assert lost.alike_bits() == pytest.approx(math.log2(0.75))  # -0.415 bits


def test_a_choice_the_visible_table_explains_is_not_credited():
    # The same trap, but the winning 5 is on the shorter pile: blind bits count it, the
    # look-alike figure does not (the player could prefer the shorter pile by what they see).
    won = measure(UNEQUAL, [move("P1+R1")])
    step = won.steps[0]
    assert step.lost >= 1 and step.bits > 0
    assert step.alike == 1 and step.alike_factor() == 1.0 and won.alike_bits() == 0.0


def test_undo_never_clears_and_a_retry_after_seeing_the_trap_scores_nothing():
    line = [
        move("P3+R1"),  # the losing twin: debited, and it shows 7C under 5D
        Action("undo"),
        move("P1+R1"),  # now P3's hidden card has been seen: the twins no longer look alike
        move("P3+P1"),
        move("P3+R2"),
    ]
    result = measure(TWINS, line)
    first, retry = result.steps[0], result.steps[1]
    assert first.picked is Verdict.LOST and first.alike_factor() == pytest.approx(0.75)
    assert retry.picked is Verdict.WINNABLE and retry.alike == 1 and retry.alike_factor() == 1.0
    assert result.won and result.undos == 1
    assert result.alike_bits() == pytest.approx(math.log2(0.75))  # the blunder still counts
