"""An experiment, not kept in the service: does the deal's difficulty for the honest model,
taken out of each win's figure, keep honest players under the false-flag rate on new deals?

Only wins reach the evidence, so the right likelihood ratio of a won line is conditional on the
win: ``P_C(line | win) / P_H(line | win) = LR(line) * P_H(win) / P_C(win)``. Under the honest
model its mean over honest wins of one deal is 1 when each win's figure is lowered by
``log2(P_C(win) / P_H(win))``, at most ``-log2 P_H(win)`` (a cheater wins at most always). The
deal's ``P_H(win)`` is read here from playouts of the kept visible-only model
(``evidence.policy()``: a look-alike class by its softmax, then any option of it).

Per variant ``T:s``, each win's figure is lowered by ``s * max(0, -log2 P_H(win) - T)`` (only
deals harder than ``T`` bits for the model are corrected; ``99:1`` is today's figure), the
offset refitted on the calibration set's honest wins (seed 2026), and every saved set is scored
and its players simulated as ``bench.fairplay_calibration`` does (after 5 and 10 wins).

    .venv/bin/python -m bench.fairplay_deal_difficulty --playouts 200 99:1 6:1 5:0.5 0:1

The playouts take about 6 ms each on this machine kind (600 deals x 200: about 15 min); their
counts are kept in ``--rates`` and read again on the next run.
"""

from __future__ import annotations

import argparse
import collections
import json
import math
import random
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

import bench.fairplay_calibration as cal  # noqa: E402
from games.engine import DEAL_COUNT, Board, DealCode, Layout  # noqa: E402
from games.fairplay import evidence  # noqa: E402
from games.fairplay.foresight import _rank_counts, alike_key, visible_features  # noqa: E402

RESULTS = REPO / "bench" / "results"
#: The saved sets: (seed, file). The first is the calibration set the kept model was fitted on.
SETS = (
    (2026, "fairplay-calibration-2026-12-05-model.jsonl"),
    (2027, "fairplay-calibration-2026-12-05-model-seed2027.jsonl"),
    (2028, "fairplay-calibration-2026-12-06-model-seed2028.jsonl"),
    (2029, "fairplay-calibration-2026-12-06-model-seed2029.jsonl"),
)


def playout(layout: Layout, of: evidence.Policy, rng: random.Random) -> bool:
    """One game of the visible-only honest model; whether it wins."""
    board = Board(layout)
    while moves := board.legal_moves():
        counts = _rank_counts(board)
        classes: dict[tuple, tuple[tuple[int, ...], list]] = {}
        for move in moves:
            key = alike_key(board, move)
            if key not in classes:
                classes[key] = (visible_features(board, move, counts), [])
            classes[key][1].append(move)
        keys = list(classes)
        chances = of.chances([(classes[k][0], len(classes[k][1]), 0, 0) for k in keys])
        picked = rng.choices(keys, chances)[0]
        board.push(rng.choice(classes[picked][1]))
    return board.cards_left == 0


def win_counts(seed: int, deals: int, playouts: int, of: evidence.Policy) -> list[int]:
    """Per deal of a saved set (deal codes as ``bench.fairplay_calibration.run`` draws them),
    how many of ``playouts`` games the honest model wins."""
    draw = random.Random(seed)
    numbers = [draw.randrange(DEAL_COUNT) for _ in range(deals)]
    return [
        sum(
            playout(DealCode(n).layout(), of, random.Random(f"{seed}:{i}:playout"))
            for _ in range(playouts)
        )
        for i, n in enumerate(numbers)
    ]


def difficulty(wins: int, playouts: int) -> float:
    """``-log2`` of the model's win rate, smoothed (half a win)."""
    return -math.log2((wins + 0.5) / (playouts + 1))


def log_mean_exp2(values: list[float]) -> float:
    top = max(values)
    return top + math.log2(sum(2.0 ** (v - top) for v in values) / len(values))


def simulate(pool: list[tuple[str, float]], players: int, seed: int) -> dict[str, dict[int, float]]:
    """Shares flagged after 5 and 10 wins, per kind (honest: one style a player)."""
    rng = random.Random(seed)
    by_kind: dict[str, list[float]] = collections.defaultdict(list)
    for kind, llr in pool:
        by_kind[kind].append(llr)
    out = {}
    for kind in ("honest", *cal.CHEATS):
        hits, total = {5: 0, 10: 0}, {5: 0, 10: 0}
        for _ in range(players):
            wins = by_kind[rng.choice(cal.HONEST)] if kind == "honest" else by_kind[kind]
            drawn = rng.sample(wins, min(10, len(wins)))
            at = evidence.evidence(drawn).flagged_at
            for n in hits:
                if len(drawn) >= n:
                    total[n] += 1
                    hits[n] += at is not None and at <= n
        out[kind] = {n: hits[n] / total[n] if total[n] else math.nan for n in hits}
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("variants", nargs="*", default=["99:1", "6:1", "5:0.5", "0:1"])
    parser.add_argument("--playouts", type=int, default=200)
    parser.add_argument("--players", type=int, default=4000)
    parser.add_argument("--rates", type=Path, default=Path("/tmp/fairplay-deal-rates.json"))
    args = parser.parse_args(argv)
    of = evidence.policy()
    kept = json.loads(args.rates.read_text()) if args.rates.exists() else {}
    sets = {}
    for seed, name in SETS:
        rows = [json.loads(line) for line in (RESULTS / name).read_text().splitlines() if line]
        key = f"{seed}:{len(rows)}:{args.playouts}"
        if key not in kept:
            kept[key] = win_counts(seed, len(rows), args.playouts, of)
            args.rates.write_text(json.dumps(kept))
        hard = [difficulty(k, args.playouts) for k in kept[key]]
        sets[seed] = [
            (w["kind"], cal.value(w, "model", of=of), hard[r["deal"]])
            for r in rows
            for w in r["lines"]
        ]
        never = sum(k == 0 for k in kept[key])
        print(f"seed {seed}: {len(rows)} deals, the model never won {never} in {args.playouts}")
    for variant in args.variants:
        threshold, share = map(float, variant.split(":"))

        def lowered(bits: float, hard: float, share=share, threshold=threshold) -> float:
            return bits - share * max(0.0, hard - threshold)

        calibration = sets[SETS[0][0]]
        offset = log_mean_exp2([lowered(b, h) for k, b, h in calibration if k in cal.HONEST])
        print(f"\nvariant {variant}: offset {offset:.2f} (from seed {SETS[0][0]}'s honest wins)")
        for seed, wins in sets.items():
            pool = [(k, min(evidence.LLR_CAP, lowered(b, h) - offset)) for k, b, h in wins]
            honest = [x for k, x in pool if k in cal.HONEST]
            flagged = simulate(pool, args.players, seed)
            cells = [f"honest {flagged['honest'][5]:.1%} / {flagged['honest'][10]:.1%}"]
            cells += [f"{k} {flagged[k][5]:.1%}" for k in cal.CHEATS]
            print(
                f"  {seed}: honest mean 2^llr {2 ** log_mean_exp2(honest):.2f}, top llr "
                f"{max(honest):.2f}; after 5 (10) wins: " + ", ".join(cells)
            )


if __name__ == "__main__":
    main()
