"""The honest-model features experiment's parts (``bench/fairplay_features.py``)."""

from bench import fairplay_calibration as cal
from bench import fairplay_features as experiment
from games.fairplay import evidence

VISIBLE = (2, 0, 2, 9, 6, 1)


def test_base_is_the_model_before_the_squares_and_squares_make_it_the_kept_one():
    kept = evidence.features(VISIBLE, 3)
    base = experiment.variant("base")(VISIBLE, 3)
    assert len(base) == experiment.BASE_COUNT == len(kept) - 2
    assert experiment.variant("squares")(VISIBLE, 3) == kept
    assert experiment.variant("kept")(VISIBLE, 3) == kept
    assert experiment.variant("kept+nodug")(VISIBLE, 3) == (*kept, 0.0)


def test_a_variant_is_fitted_on_the_calibration_and_evidence_is_restored_after():
    calibration = cal.pooled([experiment.CALIBRATION])[:12]
    before = evidence.features, evidence.policy, evidence.model
    with experiment.scored_with("base", calibration) as fitted:
        assert len(evidence.policy().weights) == experiment.BASE_COUNT
        assert evidence.model("model") is fitted and fitted.offset > 0
    assert (evidence.features, evidence.policy, evidence.model) == before
    assert len(evidence.policy().weights) == len(evidence.features(VISIBLE, 3))
