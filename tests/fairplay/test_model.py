"""The figure against the visible-only honest model (games.fairplay.evidence: ``Policy``,
``factor``, ``model_bits``, ``fit_policy``, ``Normalized``), on small hand-made cases with exact
numbers, and measured on a hand-made table (games.fairplay.foresight: ``Step.classes``)."""

from __future__ import annotations

import math

import pytest

from games.engine import Action, Move
from games.fairplay import evidence
from games.fairplay.foresight import measure
from tests.support.layouts import table

#: A uniform honest model: every option as likely (no weights, all on the uniform pick).
WEIGHTS = evidence.WEIGHTS
UNIFORM = evidence.Policy((0.0,) * WEIGHTS, uniform=1.0)
#: Two classes: one option that loses (a free pair), three look-alikes of which one wins.
FREE_LOSES = ((2, 1, 0, 0, 0, 0), 1, 0, 0)
DIG = ((2, 0, 2, 6, 3, 0), 3, 1, 0)


def test_the_uniform_model_is_the_blind_chooser():
    classes = [DIG, FREE_LOSES]  # the picked one first
    assert UNIFORM.chances(classes) == [0.75, 0.25]
    assert UNIFORM.safe_chance(classes) == pytest.approx(0.25)  # 1 winnable option of 4
    eps = 0.25
    assert evidence.factor(classes, "winnable", UNIFORM, eps) == pytest.approx(0.75 + 0.25 * 4)
    assert evidence.factor(classes, "lost", UNIFORM, eps) == pytest.approx(0.75)
    assert evidence.factor(classes, "undecided", UNIFORM, eps) == 1.0
    # No lottery: every option wins, or every option loses.
    assert evidence.factor([((2, 0, 1, 3, 3, 0), 2, 2, 0)], "winnable", UNIFORM) == 1.0
    assert evidence.factor([FREE_LOSES], "lost", UNIFORM) == 1.0
    with pytest.raises(ValueError):
        evidence.factor(classes, "winnable", UNIFORM, 1.0)


def test_a_model_that_prefers_what_wins_credits_the_pick_less():
    # Weights on "piles dug" only: e^(2 * 1) for DIG against e^0 for the free pair.
    prefers = evidence.Policy((0.0, 0.0, 1.0) + (0.0,) * (WEIGHTS - 3), uniform=0.0)
    classes = [DIG, FREE_LOSES]
    p_dig = math.exp(2) / (math.exp(2) + 1)  # 0.8808
    assert prefers.chances(classes) == pytest.approx([p_dig, 1 - p_dig])
    assert prefers.safe_chance(classes) == pytest.approx(p_dig / 3)  # 0.2936
    expected = 0.75 + 0.25 * 3 / p_dig
    assert evidence.factor(classes, "winnable", prefers) == pytest.approx(expected)  # 1.6015
    # Mixing in a uniform pick: half each.
    half = evidence.Policy(prefers.weights, uniform=0.5)
    assert half.chances(classes) == pytest.approx([0.5 * p_dig + 0.375, 0.5 * (1 - p_dig) + 0.125])


def test_the_factors_honest_mean_is_one():
    # Under the model itself: each class with its chance, each option of it alike.
    model = evidence.Policy((0.3, -0.5, 0.7, 1.1, 0.4, 0.9, 0.2, 0.5, -0.6), uniform=0.3)
    classes = [DIG, FREE_LOSES, ((3, 1, 1, 5, 5, 1), 2, 1, 0)]
    for eps in (0.1, 0.25, 0.5):
        chances = model.chances(classes)
        s = model.safe_chance(classes)
        win, lose = evidence.factor(classes, "winnable", model, eps), 1 - eps
        mean = sum(
            p * (w / n * win + (n - w) / n * lose)
            for p, (_, n, w, _) in zip(chances, classes, strict=True)
        )
        assert mean == pytest.approx(1.0)
        assert win == pytest.approx((1 - eps) + eps / s)


def test_a_games_model_bits_add_up_its_steps():
    safe = ((2, 0, 1, 3, 3, 0), 2, 2, 0)  # no option loses: adds nothing
    steps = [([DIG, FREE_LOSES], "winnable"), ([DIG, FREE_LOSES], "lost"), ([safe], "winnable")]
    assert evidence.model_bits(steps, UNIFORM, 0.25) == pytest.approx(math.log2(1.75 * 0.75))
    # Several shares: the mean of the games' likelihood ratios, each share as likely.
    half = (0.5 + 0.5 * 4) * 0.5  # 1.25
    mixed = evidence.model_bits(steps, UNIFORM, (0.25, 0.5))
    assert mixed == pytest.approx(math.log2((1.75 * 0.75 + half) / 2))
    assert evidence.model_bits(steps, UNIFORM) == pytest.approx(
        math.log2(
            sum(((1 - e) + e * 4) * (1 - e) for e in evidence.EPSILONS) / len(evidence.EPSILONS)
        )
    )


def test_the_offset_makes_honest_wins_mean_one():
    normalized = evidence.fit_offset("model", [0.0, 1.0, 2.0, 3.0])
    assert normalized.offset == pytest.approx(math.log2((1 + 2 + 4 + 8) / 4))  # 1.907
    assert normalized.honest_wins == 4
    assert normalized.llr(3.0) == pytest.approx(3.0 - normalized.offset)
    assert normalized.llr(50.0) == evidence.LLR_CAP
    llrs = [normalized.llr(x) for x in (0.0, 1.0, 2.0, 3.0)]
    assert sum(2**x for x in llrs) / 4 == pytest.approx(1.0)
    with pytest.raises(ValueError):
        evidence.fit_offset("model", [])


def test_the_kept_offset_is_an_upper_bound_of_the_plain_one_read_by_bootstrap():
    # Two resamples of [0, 4]: the plain offset is log2((1 + 16) / 2) = 3.09; a resample is one
    # of {0, 0}, {0, 4}, {4, 4} (offsets 0, 3.09, 4), so the 99th percentile of many is 4.
    bounded = evidence.fit_offset("model", [0.0, 4.0], confidence=0.99, resamples=400)
    assert bounded.plain_offset == pytest.approx(math.log2(17 / 2))
    assert bounded.offset == pytest.approx(4.0)
    assert bounded == evidence.fit_offset("model", [0.0, 4.0], confidence=0.99, resamples=400)
    # Without a tail the bound is the plain offset: every resample is the same.
    flat = evidence.fit_offset("model", [1.5] * 10, confidence=0.99)
    assert flat.offset == pytest.approx(1.5) and flat.plain_offset == pytest.approx(1.5)
    # Never below the plain offset, and the honest wins' mean 2 ** llr is then below 1.
    heavy = [0.0] * 20 + [6.0]
    kept = evidence.fit_offset("model", heavy, confidence=0.99)
    assert kept.offset > kept.plain_offset
    assert sum(2 ** kept.llr(x) for x in heavy) / len(heavy) < 1.0
    with pytest.raises(ValueError):
        evidence.fit_offset("model", heavy, confidence=1.0)


def test_the_kept_model_carries_its_offset_and_the_plain_one():
    kept = evidence.model(evidence.MODEL)
    assert isinstance(kept, evidence.Normalized)
    assert kept.plain_offset is not None and kept.offset >= kept.plain_offset
    assert evidence.Normalized(**{"figure": "model", **kept.as_data()}) == kept


def test_fit_policy_learns_a_preference_it_sees():
    # An honest player who always takes the reserve pair over the pile pair.
    reserve, pile = ((2, 2, 0, 0, 0, 0), 1, 1, 0), ((2, 0, 1, 4, 4, 0), 1, 0, 0)
    fitted = evidence.fit_policy([[reserve, pile]] * 20 + [[pile, reserve]] * 2, ridge=1.0)
    p_reserve = fitted.chances([reserve, pile])[0]
    assert 0.75 < p_reserve < 0.9  # 20 of 22 picks, pulled in by the ridge and the uniform mix
    assert fitted.uniform == evidence.UNIFORM
    assert evidence.fit_policy([[reserve]]).weights == (0.0,) * WEIGHTS  # one class tells nothing


#: Two 5s on piles of two cards, one free 6 (tests/fairplay/test_alike.py): P1+R1 wins.
TWINS = table(P1="6D 5S", P3="7C 5D", R1="6H", R2="4H")


def test_the_measured_steps_carry_their_classes():
    line = [Action("move", Move.parse(m).positions) for m in ("P1+R1", "P3+P1", "P3+R2")]
    result = measure(TWINS, line)
    first = result.steps[0]
    assert first.classes == (((2, 1, 1, 2, 2, 0), 2, 1, 0),)  # the twins: one class
    steps = [(s.classes, s.picked) for s in result.steps]
    assert evidence.model_bits(steps, UNIFORM, 0.25) == pytest.approx(math.log2(1.25))


def test_a_retry_leaves_out_the_trap_it_saw_and_a_repeat_scores_once():
    # R1+P2 loses; after the undo the player knows it: the retry is no lottery any more.
    trap = table(P1="6H 5S", P2="6D", R1="5H")
    line = [Action("move", Move.parse("R1+P2").positions), Action("undo")]
    line += [Action("move", Move.parse(m).positions) for m in ("P1+P2", "P1+R1")]
    first, retry, _ = measure(trap, line).steps
    assert sum(n - w - u for _, n, w, u in first.classes) == 1  # the trap, in the first try
    assert retry.tried_lost == 1 and all(n == w + u for _, n, w, u in retry.classes)
    steps = [(first.classes, first.picked), (retry.classes, retry.picked)]
    assert evidence.model_bits(steps[1:], UNIFORM, 0.25) == 0.0  # dodging a seen trap: nothing
    assert evidence.model_bits(steps, UNIFORM, 0.25) == pytest.approx(math.log2(0.75))
    again = [Action("move", Move.parse("P1+P2").positions), Action("undo")] + line[2:]
    _, repeat, _ = measure(trap, again).steps
    assert repeat.repeat and repeat.classes == () and repeat.alike_factor() == 1.0


def test_a_steps_numbers_are_its_classes_features():
    tall = ((2, 0, 2, 9, 5, 0), 1, 1, 0)
    short = ((2, 0, 1, 4, 4, 0), 1, 0, 0)
    rows = evidence.step_features([short, tall])
    assert rows == [evidence.features(c[0], c[1]) for c in (short, tall)]
    assert len(rows[0]) == WEIGHTS == len(evidence.policy().weights)
