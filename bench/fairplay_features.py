"""The honest model's features, compared on the saved wins (the experiments behind the squared
heights kept on 2026-12-06 and the step's "digs the most" left out; docs/FAIR-PLAY.md, "The
honest model's features").

Each variant adds numbers, computed from a class's saved visible features
(``foresight.visible_features``: cards taken, from the reserve, piles dug, their heights summed,
the tallest, visibly safe cards) and its count of options, to the model's features. For each,
the honest model (``evidence.fit_policy``) and the offset (``evidence.fit_offset``, the bound
kept) are fitted on the calibration set's wins (seed 2026) and every other saved set is scored
with them and its players simulated, as ``bench.fairplay_calibration --kept`` does; and each
honest style as an unseen one (fitted without it, its wins on the other sets scored). ``base``
is the model before the squares, ``kept`` (or ``squares``) the model as it is now;
``kept+mostheight`` adds the step's "digs the most" (a class whose piles' heights summed are the
step's largest), tried on 2026-12-06 and not kept (``bench.fairplay_calibration``'s unseen-style
check flagged the human style 1.7–2.4 %).

    .venv/bin/python -m bench.fairplay_features base kept kept+mostheight

About 30 s a variant on this machine kind (single process).
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from collections.abc import Callable, Sequence
from contextlib import contextmanager
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

import bench.fairplay_calibration as cal  # noqa: E402
from games.fairplay import evidence  # noqa: E402

RESULTS = REPO / "bench" / "results"
CALIBRATION = RESULTS / "fairplay-calibration-2026-12-05-model.jsonl"
#: The sets scored: every saved set of wins the model was not fitted on.
NEW = (
    RESULTS / "fairplay-calibration-2026-12-05-model-seed2027.jsonl",
    RESULTS / "fairplay-calibration-2026-12-06-model-seed2028.jsonl",
    RESULTS / "fairplay-calibration-2026-12-06-model-seed2029.jsonl",
    RESULTS / "fairplay-calibration-2026-12-06-model-seed2030.jsonl",
    RESULTS / "fairplay-calibration-2026-12-06-model-seed2031.jsonl",
    RESULTS / "fairplay-calibration-2026-12-06-model-seed2032.jsonl",
)
KEPT = evidence.step_features
#: The per-class features before the squares (the first seven of today's).
BASE_COUNT = 7
#: The per-class features with the squares (today's).
SQUARES_COUNT = 9

Features = Callable[[Sequence[evidence.Class]], list[tuple[float, ...]]]


def _extra(visible: Sequence[int], options: int) -> dict[str, list[float]]:
    size, reserve, dug, height, tallest, whole = visible
    return {
        "nodug": [float(dug == 0)],
        "tallest2": [(tallest / 8.0) ** 2],
        "height2": [(height / 8.0) ** 2],
        "cube": [(tallest / 8.0) ** 3],
        "free": [float(size - dug - reserve), float(dug == 0), float(whole > 0)],
        "logsq": [math.log(options) ** 2],
    }


def _most(classes: Sequence[evidence.Class], column: int) -> list[float]:
    values = [visible[column] for visible, _, _, _ in classes]
    top = max(values)
    return [float(top > 0 and v == top) for v in values]


#: Numbers that need the step's other classes: whether a class has the most of a feature.
_CONTEXT = {"mostsafe": 5, "mostreserve": 1, "mosttallest": 4, "mostheight": 3}


def variant(name: str) -> Features:
    """The step features of variant ``name``: ``kept`` (today's), ``squares`` (today's per-class
    numbers, without the step's own), ``base`` (before the squares), each optionally followed by
    ``+``-joined extras: per-class numbers of :func:`_extra` or step numbers of ``_CONTEXT``."""
    first, _, rest = name.partition("+")
    if first not in ("kept", "squares", "base"):
        first, rest = "base", name
    if first == "kept" and not rest:
        return KEPT
    extras = [part for part in rest.split("+") if part]

    def step_features(classes: Sequence[evidence.Class]) -> list[tuple[float, ...]]:
        if first == "kept":
            rows = [list(row) for row in KEPT(classes)]
        else:
            count = BASE_COUNT if first == "base" else SQUARES_COUNT
            rows = [list(evidence.features(v, n))[:count] for v, n, _, _ in classes]
        for part in extras:
            if part in _CONTEXT:
                for row, x in zip(rows, _most(classes, _CONTEXT[part]), strict=True):
                    row.append(x)
            else:
                for row, (v, n, _, _) in zip(rows, classes, strict=True):
                    row.extend(_extra(v, n)[part])
        return [tuple(row) for row in rows]

    return step_features


@contextmanager
def scored_with(name: str, calibration: list[dict]):
    """Inside: ``evidence`` scores with variant ``name``'s features, its honest model and
    offset fitted on ``calibration``'s wins (what ``--kept`` reads)."""
    saved = evidence.step_features, evidence.policy, evidence.model
    try:
        evidence.step_features = variant(name)  # type: ignore[assignment]
        wins = [w for r in calibration for w in r["lines"]]
        of = evidence.fit_policy(cal.honest_picks(wins))
        fitted = cal.fit("model", wins, of)
        evidence.policy = lambda: of  # type: ignore[assignment]
        evidence.model = lambda figure: fitted  # type: ignore[assignment]
        yield fitted
    finally:
        evidence.step_features, evidence.policy, evidence.model = saved


def flagged(rows: list[dict], players: int, seed: int) -> dict[tuple[str, int], float]:
    """Shares of simulated players flagged by kind and wins, with the model in force."""
    args = argparse.Namespace(figure="model", kept=True, seed=seed, players=players)
    result = cal.simulate(rows, args)["flagged"]
    return {key: seq / total if total else math.nan for key, (seq, _, total, _) in result.items()}


def unseen_style(
    name: str, calibration: list[dict], rows: list[dict], style: str, players: int, seed: int
) -> tuple[int, float, float, float]:
    """One honest style as a style the model never saw: variant ``name``'s model and offset
    fitted on the calibration's wins *without* ``style``, that style's wins on ``rows`` scored
    with them. Its wins, their mean ``2 ** llr`` (at most 1 when the offset carries over), and
    the share of its simulated players (wins on distinct deals) flagged after 5 and 10 wins."""
    others = [{**r, "lines": [w for w in r["lines"] if w["kind"] != style]} for r in calibration]
    with scored_with(name, others) as fitted:
        of = evidence.policy()
        llrs = [
            fitted.llr(cal.value(w, "model", of=of))
            for r in rows
            for w in r["lines"]
            if w["kind"] == style
        ]
    rng = random.Random(seed)
    shares = []
    for n in (5, 10):
        hits = (
            sum(evidence.evidence(rng.sample(llrs, n)).flagged for _ in range(players))
            if len(llrs) >= n
            else 0
        )
        shares.append(hits / players if len(llrs) >= n else math.nan)
    mean = sum(2.0**x for x in llrs) / len(llrs) if llrs else math.nan
    return len(llrs), mean, shares[0], shares[1]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("variants", nargs="*", default=["base", "kept"])
    parser.add_argument("--players", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=2026, help="the simulation's seed")
    parser.add_argument("--calibration", type=Path, default=CALIBRATION)
    parser.add_argument("--sets", type=Path, nargs="+", default=list(NEW))
    parser.add_argument(
        "--shares",
        type=lambda text: tuple(float(x) for x in text.split(",")),
        help="the model figure's mix of cheaters' shares, comma-separated (evidence.EPSILONS "
        "unless given); the offset is fitted with it",
    )
    args = parser.parse_args(argv)
    cal.MODEL_EPSILON[0] = args.shares
    calibration = cal.pooled([args.calibration])
    sets = {"pooled": cal.pooled(args.sets)} | {p.stem[-8:]: cal.pooled([p]) for p in args.sets}
    kinds = ("honest", "every", "k12", "k6", "k3")
    shares = args.shares or evidence.EPSILONS
    print(
        f"after 5 / 10 wins, {args.players} players a kind, simulation seed {args.seed}, "
        f"cheaters' shares {', '.join(map(str, shares))}"
    )
    print(f"{'variant':18} {'set':9} {'offset':>6} " + " ".join(f"{k:>11}" for k in kinds))
    for name in args.variants:
        with scored_with(name, calibration) as fitted:
            offset = getattr(fitted, "offset", math.nan)
            for label, rows in sets.items():
                shares = flagged(rows, args.players, args.seed)
                cells = " ".join(
                    f"{100 * shares[(k, 5)]:5.1f}/{100 * shares[(k, 10)]:5.1f}" for k in kinds
                )
                print(f"{name:18} {label:9} {offset:6.2f} {cells}", flush=True)
        for style in cal.HONEST:
            wins, mean, at5, at10 = unseen_style(
                name, calibration, sets["pooled"], style, args.players, args.seed
            )
            print(
                f"{name:18} unseen {style:8} {wins:4} wins, mean 2^llr {mean:5.2f}, "
                f"flagged {100 * at5:4.1f} / {100 * at10:4.1f} %",
                flush=True,
            )


if __name__ == "__main__":
    main()
