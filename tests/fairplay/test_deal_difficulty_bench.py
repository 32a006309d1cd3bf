"""The deal-difficulty experiment's parts (``bench/fairplay_deal_difficulty.py``)."""

import math

from bench import fairplay_deal_difficulty as experiment
from games.fairplay import evidence


def test_a_deals_difficulty_is_minus_log2_of_the_smoothed_win_rate():
    assert experiment.difficulty(100, 199) == -math.log2(100.5 / 200)
    assert experiment.difficulty(0, 200) == math.log2(201 / 0.5)  # never won: finite, large


def test_the_honest_models_playouts_are_legal_games_repeatable_by_seed():
    counts = experiment.win_counts(seed=7, deals=3, playouts=4, of=evidence.policy())
    again = experiment.win_counts(seed=7, deals=3, playouts=4, of=evidence.policy())
    assert counts == again and all(0 <= c <= 4 for c in counts)


def test_the_offset_is_the_log2_mean_of_the_ratios():
    assert experiment.log_mean_exp2([1.0, 3.0]) == math.log2((2 + 8) / 2)
