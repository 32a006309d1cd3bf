"""The honest-model features experiment's parts (``bench/fairplay_features.py``)."""

from bench import fairplay_calibration as cal
from bench import fairplay_features as experiment
from games.fairplay import evidence


def test_the_variants_are_the_kept_model_before_and_after_its_parts():
    step = [((2, 0, 2, 9, 6, 1), 3, 1, 0), ((2, 1, 1, 4, 4, 0), 1, 1, 0)]
    kept = evidence.step_features(step)
    assert experiment.variant("kept")(step) == kept
    squares = experiment.variant("squares")(step)
    assert [len(row) for row in squares] == [experiment.SQUARES_COUNT] * 2
    assert [row[: experiment.SQUARES_COUNT] for row in kept] == squares
    base = experiment.variant("base")(step)
    assert [row for row in base] == [row[: experiment.BASE_COUNT] for row in squares]
    assert experiment.variant("squares")(step) == kept
    assert experiment.variant("kept+mostheight")(step) == [(*kept[0], 1.0), (*kept[1], 0.0)]
    assert experiment.variant("kept+nodug")(step) == [(*row, 0.0) for row in kept]
    assert [row[-1] for row in experiment.variant("base+mostreserve")(step)] == [0.0, 1.0]


def test_a_variant_is_fitted_on_the_calibration_and_evidence_is_restored_after():
    calibration = cal.pooled([experiment.CALIBRATION])[:12]
    before = evidence.step_features, evidence.policy, evidence.model
    with experiment.scored_with("base", calibration) as fitted:
        assert len(evidence.policy().weights) == experiment.BASE_COUNT
        assert evidence.model("model") is fitted and fitted.offset > 0
    assert (evidence.step_features, evidence.policy, evidence.model) == before
