"""The honest model's features, compared on the saved wins (the experiment behind the squared
heights kept on 2026-12-06; docs/FAIR-PLAY.md, "The honest model's features").

Each variant adds numbers, computed from a class's saved visible features
(``foresight.visible_features``: cards taken, from the reserve, piles dug, their heights summed,
the tallest, visibly safe cards) and its count of options, to the model's features. For each,
the honest model (``evidence.fit_policy``) and the offset (``evidence.fit_offset``, the bound
kept) are fitted on the calibration set's wins (seed 2026) and every other saved set is scored
with them and its players simulated, as ``bench.fairplay_calibration --kept`` does. ``base``
is the model before the squares; ``kept`` is the model as it is now (no extra numbers).

    .venv/bin/python -m bench.fairplay_features base kept tallest2 height2 nodug

About 30 s a variant on this machine kind (single process).
"""

from __future__ import annotations

import argparse
import math
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
)
KEPT = evidence.features
#: The model's features before the squares (the first seven of today's).
BASE_COUNT = 7


def _extra(visible: Sequence[int], options: int) -> dict[str, list[float]]:
    size, reserve, dug, height, tallest, whole = visible
    return {
        "nodug": [float(dug == 0)],
        "tallest2": [(tallest / 8.0) ** 2],
        "height2": [(height / 8.0) ** 2],
        "squares": [(height / 8.0) ** 2, (tallest / 8.0) ** 2],
        "cube": [(tallest / 8.0) ** 3],
        "free": [float(size - dug - reserve), float(dug == 0), float(whole > 0)],
        "logsq": [math.log(options) ** 2],
    }


def variant(name: str) -> Callable[[Sequence[int], int], tuple[float, ...]]:
    """The features of variant ``name``: ``kept``, ``base``, or ``base`` plus extra numbers
    (``+``-joined names of :func:`_extra`, each added to today's ``kept`` when it starts with
    ``kept+``)."""
    if name == "kept":
        return KEPT
    first, _, rest = name.partition("+")
    if first not in ("base", "kept"):
        first, rest = "base", name

    def features(visible: Sequence[int], options: int) -> tuple[float, ...]:
        start = list(KEPT(visible, options))
        if first == "base":
            start = start[:BASE_COUNT]
        extra = _extra(visible, options)
        return tuple(start + [x for part in rest.split("+") if part for x in extra[part]])

    return features


@contextmanager
def scored_with(name: str, calibration: list[dict]):
    """Inside: ``evidence`` scores with variant ``name``'s features, its honest model and
    offset fitted on ``calibration``'s wins (what ``--kept`` reads)."""
    saved = evidence.features, evidence.policy, evidence.model
    try:
        evidence.features = variant(name)
        wins = [w for r in calibration for w in r["lines"]]
        of = evidence.fit_policy(cal.honest_picks(wins))
        fitted = cal.fit("model", wins, of)
        evidence.policy = lambda: of  # type: ignore[assignment]
        evidence.model = lambda figure: fitted  # type: ignore[assignment]
        yield fitted
    finally:
        evidence.features, evidence.policy, evidence.model = saved


def flagged(rows: list[dict], players: int, seed: int) -> dict[tuple[str, int], float]:
    """Shares of simulated players flagged by kind and wins, with the model in force."""
    args = argparse.Namespace(figure="model", kept=True, seed=seed, players=players)
    result = cal.simulate(rows, args)["flagged"]
    return {key: seq / total if total else math.nan for key, (seq, _, total, _) in result.items()}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("variants", nargs="*", default=["base", "kept"])
    parser.add_argument("--players", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=2026, help="the simulation's seed")
    parser.add_argument("--calibration", type=Path, default=CALIBRATION)
    parser.add_argument("--sets", type=Path, nargs="+", default=list(NEW))
    args = parser.parse_args(argv)
    calibration = cal.pooled([args.calibration])
    sets = {"pooled": cal.pooled(args.sets)} | {p.stem[-8:]: cal.pooled([p]) for p in args.sets}
    kinds = ("honest", "every", "k12", "k6", "k3")
    print(f"after 5 / 10 wins, {args.players} players a kind, simulation seed {args.seed}")
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


if __name__ == "__main__":
    main()
