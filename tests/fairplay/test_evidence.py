"""The per-player sequential test (games.fairplay.evidence) and the deal's field as the baseline
(games.fairplay.field), on small hand-made cases with exact numbers."""

from __future__ import annotations

import math
from collections import Counter

import pytest

from games.engine import Action, Move
from games.fairplay import evidence, field
from games.fairplay.foresight import Step, measure
from games.solver import Table, Verdict
from tests.support.layouts import table

#: Two bins: below 8 bits, 8 bits and above; honest 3:1 low, cheaters 3:1 high.
TWO = evidence.Model("blind", (0.0, 8.0), (0.75, 0.25), (0.25, 0.75))
TRAP = table(P1="6H 5S", P2="6D", R1="5H")


def test_one_wins_llr_is_the_log_ratio_of_its_bin():
    assert TWO.bin_of(0.0) == 0 and TWO.bin_of(7.99) == 0 and TWO.bin_of(8.0) == 1
    assert TWO.llr(3.0) == pytest.approx(-math.log2(3))
    assert TWO.llr(20.0) == pytest.approx(math.log2(3))  # 1.585 bits
    steep = evidence.Model("blind", (0.0, 8.0), (0.999, 0.001), (0.5, 0.5))
    assert steep.llr(9.0) == evidence.LLR_CAP == 6.5  # log2(500) = 8.97, capped under 6.64
    assert evidence.threshold_for() > evidence.LLR_CAP  # no single win flags: two at least


def test_the_threshold_is_log2_of_one_over_the_rate():
    assert evidence.threshold_for(0.01) == pytest.approx(6.643856)
    assert evidence.threshold_for() == evidence.threshold_for(evidence.FALSE_FLAG_RATE)


def test_the_score_adds_up_and_flags_when_it_first_reaches_the_threshold():
    high, low = TWO.llr(20.0), TWO.llr(1.0)
    four = evidence.evidence([high] * 4)
    assert four.score == pytest.approx(4 * math.log2(3))  # 6.340 < 6.644
    assert not four.flagged and four.flagged_at is None
    five = evidence.evidence([high] * 5)
    assert five.score == pytest.approx(7.924813) and five.flagged_at == 5
    # A low win counts against: the sixth high win is needed after one honest-looking win.
    mixed = evidence.evidence([high, low] + [high] * 5)
    assert [round(x, 3) for x in (mixed.score, mixed.peak)] == [7.925, 7.925]
    assert mixed.flagged_at == 7
    # Once reached, the flag stays though later wins lower the score.
    later = evidence.evidence([high] * 5 + [low] * 3)
    assert later.flagged_at == 5 and later.score == pytest.approx(2 * math.log2(3))
    assert later.peak == pytest.approx(5 * math.log2(3)) and later.wins == 8


def test_fit_counts_per_bin_with_smoothing():
    model = evidence.fit("field", [0.0, 1.0, 9.0], [9.0, 10.0, 30.0], (0.0, 8.0), smoothing=0.5)
    assert model.honest == (2.5 / 4, 1.5 / 4) and model.cheater == (0.5 / 4, 3.5 / 4)
    assert model.llr(12.0) == pytest.approx(math.log2(3.5 / 1.5))


def test_the_kept_models_load_and_stay_under_the_cap():
    for name in (evidence.BLIND, evidence.FIELD):
        kept = evidence.model(name)
        assert kept.edges[0] == 0 and sum(kept.honest) == pytest.approx(1)
        assert sum(kept.cheater) == pytest.approx(1)
        assert all(kept.llr(x) <= evidence.LLR_CAP for x in kept.edges)
        assert kept.llr(0.0) < 0 < kept.llr(kept.edges[-1])  # no trap counts against
    assert evidence.win(0.0).llr == evidence.model("blind").llr(0.0)
    normalized = evidence.model(evidence.MODEL)
    assert isinstance(normalized, evidence.Normalized) and normalized.offset > 0
    assert normalized.llr(100.0) == evidence.LLR_CAP and normalized.llr(0.0) < 0
    assert len(evidence.policy().weights) == len(evidence.features((2, 0, 0, 0, 0, 0), 1))


# -- the deal's field -----------------------------------------------------------------------------
def _step(index, bits_options, safe, picked_safe=True, position="A", lost_tables=()):
    """A measured step: ``bits_options`` options of which ``safe`` keep the deal winnable."""
    tables = {name: _table(name) for name in ("s1", "s2", "l1", "l2", "l3")}
    safe_tables = frozenset(tables[f"s{i + 1}"] for i in range(safe))
    return Step(
        index=index,
        move=Move.parse("P1+P2"),
        legal=bits_options,
        options=bits_options,
        winnable=safe,
        undecided=0,
        picked=Verdict.WINNABLE if picked_safe else Verdict.LOST,
        seen_hidden=False,
        table=_table(position),
        picked_table=tables["s1"] if picked_safe else tables["l1"],
        safe_tables=safe_tables,
    )


def _table(name: str) -> Table:
    """A distinct table per name (only equality matters here)."""
    free = [0] * 14
    free[1 + sum(map(ord, name)) % 13] = len(name)
    return Table(tuple(() for _ in range(12)), tuple(free))


def test_with_no_field_the_field_bits_are_the_blind_bits():
    step = _step(0, 4, 1)
    assert step.bits == 2.0
    figure = field.against_field([step], {})
    assert figure.bits == pytest.approx(2.0) and figure.with_field == 0


def test_the_fields_safe_rate_shrunk_towards_the_blind_one():
    step = _step(0, 4, 1)  # p0 = 1/4
    s1, l1, l2 = _table("s1"), _table("l1"), _table("l2")
    # Six others stood here: two picked safely, four walked into traps.
    the_field = {_table("A"): Counter({s1: 2, l1: 3, l2: 1})}
    (fs,) = field.against_field([step], the_field).steps
    assert (fs.visits, fs.safe_picks, fs.blind) == (6, 2, 0.25)
    assert fs.chance == pytest.approx((2 + 2 * 0.25) / (6 + 2))  # 0.3125
    assert fs.bits == pytest.approx(math.log2(3.2))  # 1.678
    # Everyone picked safely here: the choice is easy for people, worth little.
    easy = {_table("A"): Counter({s1: 8})}
    assert field.against_field([step], easy).bits == pytest.approx(-math.log2(8.5 / 10))
    # A step that does not count (a lost pick, or no trap) adds nothing, field or not.
    lost = _step(1, 4, 1, picked_safe=False)
    assert field.against_field([lost], the_field).bits == 0.0


def test_the_field_is_built_from_other_lines_first_picks_per_position():
    a, b, c, d = (_table(x) for x in "abcd")
    lines = [[(a, b), (b, c)], [(a, d), (a, b)], [(a, b)]]  # the second retried a
    built = field.field_of(lines)
    assert built[a] == Counter({b: 2, d: 1}) and built[b] == Counter({c: 1})


def test_picks_are_the_positions_and_what_each_removal_left():
    line = [Action("move", Move.parse("R1+P2").positions), Action("undo")]
    line += [Action("move", Move.parse(m).positions) for m in ("P1+P2", "P1+R1")]
    got = field.picks(TRAP, line)
    start = Table.from_layout(TRAP)
    assert len(got) == 3 and got[0][0] == start and got[1][0] == start
    assert got[0][1] != got[1][1]
    measured = measure(TRAP, line)
    assert [s.table for s in measured.steps] == [b for b, _ in got]
    assert [s.picked_table for s in measured.steps] == [a for _, a in got]
    # The other players' picks: one fell into the trap, one avoided it.
    others = field.field_of([got[:1], got[1:]])
    fair = measure(TRAP, line[2:])
    figure = field.against_field(fair.steps, others)
    assert fair.bits == 1.0
    assert figure.bits == pytest.approx(-math.log2((1 + 2 * 0.5) / (2 + 2)))  # 1 bit still
    assert figure.with_field == 1


def test_pure_modules_load_no_django():
    import subprocess
    import sys

    code = (
        "import sys; import games.fairplay.evidence, games.fairplay.field; "
        "sys.exit(any(m.startswith('django') for m in sys.modules))"
    )
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0
