"""The calibration bench's smoke test: ``--quick`` plays a tiny set and prints every figure
(per game AUCs, per player catch rates after 1, 5 and 10 wins, Wilson intervals)."""

from __future__ import annotations

import pytest

from bench import fairplay_calibration

#: Heavy (a solver search, a bench or a large board): `make test` runs it, not `make test-fast`.
pytestmark = pytest.mark.slow


def test_the_quick_run_prints_the_figures(capsys):
    fairplay_calibration.main(["--quick"])
    out = capsys.readouterr().out
    assert "Fair-play calibration" in out and "2 deals (seed 2026)" in out
    assert "Per game: ROC AUC against all honest wins (blind bits / field bits / look-alike" in out
    assert "model bits / llr of the model figure)" in out
    assert "sequential test (model llr, cross-fitted)" in out
    assert "flagged when the score reaches 6.64 bits = log2(1/0.01)" in out
    for kind in ("every", "k12", "k6", "k3"):
        assert f"\n  {kind:8} " in out
    assert "after 1" in out and "after 5" in out and "after 10" in out
    assert "plain sum of bits" in out and "(95 % Wilson)" in out
