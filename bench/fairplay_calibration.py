"""Calibrating fair play per player: honest styles and partial cheaters, the deal's field, and
the sequential evidence across wins (``games.fairplay.evidence``).

Run from the repository root::

    .venv/bin/python -m bench.fairplay_calibration --quick        # a smoke test: seconds
    .venv/bin/python -m bench.fairplay_calibration                # the default: a few minutes
    .venv/bin/python -m bench.fairplay_calibration --deals 120 --write   # refit evidence.json

The generator is this file: deal codes from ``random.Random(--seed)`` (key HM1-PUBLIC), and per
deal, every player below plays it once with its own seeded random stream.

**Honest players** see what a player sees (pile tops, pile heights, the reserve, and by counting
which cards are still hidden, not where), three styles:

- **human**: a noisy human-like heuristic (``bench.fairplay.greedy_order``: a visibly safe
  removal first, else the one digging into the tallest piles) that picks among its three best
  a quarter of the time, and when stalled, half the time takes one to three removals back (undo)
  and picks something else there (at most ``UNDO_EPISODES`` times a game);
- **reserve**: reserve-first: a removal using the most reserve cards, ties by greedy order;
- **tallest**: tallest-pile-first: the removal taking from the tallest piles, nothing else.

``--field`` honest games a deal (human, reserve, tallest in turn) make the deal's **field**:
every line, won or lost, gives its first pick in each position (``games.fairplay.field``). Of
each style's wins on a deal, the first is measured (with the other lines as its field).

**Cheaters** play the human heuristic without undo, but look at the hidden cards: a pick the
solver proves losing (within ``VETO_BUDGET`` positions) is replaced by the next one in their
order that does not lose. **every**: on every choice; **k12**, **k6**, **k3**: on at most 12, 6
or 3 choices (the first ones where their pick would have lost). The deal's field for a cheater
is the honest lines.

Every win is measured with ``foresight.measure`` within ``--budget`` positions (the figure is a
lower bound when that runs out). Printed: win rates; per game, the AUC of each cheater kind
against all honest wins for the blind bits, the field bits and the llr; per player, the share
flagged after 1, 5 and 10 wins at the stated false-flag rate (``evidence.FALSE_FLAG_RATE``)
with Wilson 95 % intervals, for the sequential test and for a plain sum of bits whose threshold
is set on the honest players. A player is ``--players`` simulated players of one kind, each
given wins drawn from that kind's wins on distinct deals; the llr of a win comes from a model
fitted on the other half of the deals (two-fold, by deal), so no win scores against a model
that has seen it. ``--write`` refits ``games/fairplay/evidence.json`` on every win.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import math
import multiprocessing
import os
import random
import statistics
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from bench.fairplay import auc, greedy_order, quantile, wilson  # noqa: E402
from games.engine import DEAL_COUNT, Action, Board, DealCode, Layout, Move  # noqa: E402
from games.fairplay import evidence, field, foresight  # noqa: E402
from games.solver import Verdict, solve  # noqa: E402

HONEST = ("human", "reserve", "tallest")
CHEATS = {"every": None, "k12": 12, "k6": 6, "k3": 3}
VETO_BUDGET = 5_000
UNDO_EPISODES = 6
EDGES = (0.0, 0.5, 1.0, 2.0, 3.0, 4.0, 6.0, 8.0, 12.0, 16.0, 24.0)
AFTER = (1, 5, 10)


# -- the players --------------------------------------------------------------------------------
def human_order(board: Board, moves: list[Move], rng: random.Random) -> list[Move]:
    ordered = greedy_order(board, moves, rng)
    if len(ordered) > 1 and rng.random() < 0.25:
        first = rng.randrange(min(3, len(ordered)))
        ordered.insert(0, ordered.pop(first))
    return ordered


def reserve_order(board: Board, moves: list[Move], rng: random.Random) -> list[Move]:
    ordered = greedy_order(board, moves, rng)
    return sorted(ordered, key=lambda m: -sum(p >= 12 for p in m.positions))


def tallest_order(board: Board, moves: list[Move], rng: random.Random) -> list[Move]:
    def height(m: Move) -> int:
        return sum(len(board.piles[p]) for p in m.positions if p < 12)

    keyed = [(height(m), rng.random(), m) for m in moves]
    keyed.sort(key=lambda k: k[:2], reverse=True)
    return [k[2] for k in keyed]


def play_honest(layout: Layout, style: str, rng: random.Random) -> tuple[bool, list[Action]]:
    order = {"human": human_order, "reserve": reserve_order, "tallest": tallest_order}[style]
    board, line = Board(layout), []
    episodes = UNDO_EPISODES if style == "human" else 0
    tried: dict[int, set] = {}  # removals made so far → the moves tried at that depth
    while True:
        moves = board.legal_moves()
        if not moves:
            if board.cards_left == 0 or episodes <= 0 or rng.random() < 0.5:
                return board.cards_left == 0, line
            episodes -= 1
            for _ in range(min(len(board.history), rng.randint(1, 3))):
                board.undo()
                line.append(Action("undo"))
            continue
        depth = len(board.history)
        seen = tried.setdefault(depth, set())
        ordered = order(board, moves, rng)
        move = next((m for m in ordered if m.positions not in seen), ordered[0])
        seen.add(move.positions)
        for deeper in [d for d in tried if d > depth]:
            del tried[deeper]
        board.push(move)
        line.append(Action("move", move.positions))


def play_cheat(layout: Layout, k: int | None, rng: random.Random) -> tuple[bool, list[Action]]:
    board, line, used = Board(layout), [], 0
    while moves := board.legal_moves():
        ordered = human_order(board, moves, rng)
        move = ordered[0]
        if k is None or used < k:
            for candidate in ordered:
                after = board.copy()
                after.push(candidate)
                if after.cards_left == 0:
                    verdict = Verdict.WINNABLE
                else:
                    verdict = solve(after, node_budget=VETO_BUDGET).verdict
                if verdict is not Verdict.LOST:
                    move = candidate
                    break
            if move is not ordered[0]:
                used += 1
        board.push(move)
        line.append(Action("move", move.positions))
    return board.cards_left == 0, line


# -- one deal ---------------------------------------------------------------------------------
def one_deal(task: tuple[int, int, argparse.Namespace]) -> dict:
    index, number, args = task
    layout = DealCode(number).layout()
    rng = random.Random(f"{args.seed}:{index}")
    honest = []
    for i in range(args.field):
        style = HONEST[i % len(HONEST)]
        won, line = play_honest(layout, style, random.Random(rng.random()))
        honest.append((style, won, line, field.picks(layout, line)))
    out: dict = {"deal": index, "tries": {}, "wins": {}, "lines": []}

    def keep(kind: str, line: list[Action], others: list) -> None:
        measured = foresight.measure(
            layout, line, node_budget=args.node_budget, game_node_budget=args.budget
        )
        figure = field.against_field(measured.steps, field.field_of(others))
        out["lines"].append(
            {
                "kind": kind,
                "bits": measured.bits,
                "field": figure.bits,
                "with_field": figure.with_field,
                "undos": measured.undos,
                "retries": measured.retries,
                "seconds": measured.seconds,
                "cut": measured.budget_hit,
            }
        )

    for style in HONEST:
        mine = [h for h in honest if h[0] == style]
        out["tries"][style], out["wins"][style] = len(mine), sum(h[1] for h in mine)
        first = next((h for h in mine if h[1]), None)
        if first is not None:
            keep(style, first[2], [h[3] for h in honest if h is not first])
    for kind, k in CHEATS.items():
        won, line = play_cheat(layout, k, random.Random(rng.random()))
        out["tries"][kind], out["wins"][kind] = 1, int(won)
        if won:
            keep(kind, line, [h[3] for h in honest])
    return out


# -- the figures --------------------------------------------------------------------------------
def pct(k: int, n: int) -> str:
    low, high = wilson(k, n)
    return f"{k / n if n else 0:6.1%} ({low:5.1%}–{high:5.1%})"


def cross_fitted(rows: list[dict], figure: str, kept: bool = False) -> dict[int, dict[int, float]]:
    """The llr of every win from the model fitted on the other fold (by deal parity), or with
    ``kept`` from the model kept in ``evidence.json`` (an out-of-sample check on new deals)."""
    llrs: dict[int, dict[int, float]] = {}
    if kept:
        model = evidence.model(evidence.BLIND if figure == "bits" else evidence.FIELD)
        return {
            r["deal"]: {i: model.llr(w[figure]) for i, w in enumerate(r["lines"])} for r in rows
        }
    for fold in (0, 1):
        train = [w for r in rows if r["deal"] % 2 != fold for w in r["lines"]]
        model = fit(figure, train)
        for r in rows:
            if r["deal"] % 2 == fold:
                llrs[r["deal"]] = {i: model.llr(w[figure]) for i, w in enumerate(r["lines"])}
    return llrs


def fit(figure: str, wins: list[dict]) -> evidence.Model:
    honest = [w[figure] for w in wins if w["kind"] in HONEST]
    cheat = [w[figure] for w in wins if w["kind"] in CHEATS]
    return evidence.fit(
        evidence.BLIND if figure == "bits" else evidence.FIELD, honest, cheat, EDGES
    )


def simulate(rows: list[dict], args: argparse.Namespace) -> dict:
    """Per player kind: flagged by the sequential test (and by a plain sum of bits) after n."""
    llr = cross_fitted(rows, "field", args.kept)
    # A pool per kind: (deal, llr, bits); a player's wins are on distinct deals.
    by_kind: dict[str, list[tuple[int, float, float]]] = {}
    for r in rows:
        for i, w in enumerate(r["lines"]):
            by_kind.setdefault(w["kind"], []).append((r["deal"], llr[r["deal"]][i], w["bits"]))
    rng = random.Random(args.seed)
    threshold = evidence.threshold_for()
    players: dict[str, list[tuple[int | None, list[float], list[float]]]] = {}
    for kind in ("honest", *CHEATS):
        sims = []
        for _ in range(args.players):
            pool = by_kind.get(rng.choice(HONEST) if kind == "honest" else kind, [])
            if not pool:
                continue
            wins = rng.sample(pool, min(max(AFTER), len(pool)))
            test = evidence.evidence([w[1] for w in wins])
            running, sums, score, peaks = 0.0, [], 0.0, []
            for w in wins:
                running += w[2]
                sums.append(running)
                score += w[1]
                peaks.append(max(score, peaks[-1] if peaks else 0.0))
            sims.append((test.flagged_at, sums, peaks))
        players[kind] = sims
    # The plain sum's threshold: the honest players' 99th percentile of the sum after n wins.
    plain = {}
    for n in AFTER:
        honest_sums = [s[n - 1] for _, s, _ in players["honest"] if len(s) >= n]
        plain[n] = quantile(honest_sums, 0.99) + 1e-9 if honest_sums else math.inf
    # For comparison: the sequential test at the honest players' 99th percentile of the peak
    # score over their (up to) 10 wins, read off these bots (in-sample).
    peaks = [p[-1] for _, _, p in players["honest"] if p]
    empirical = quantile(peaks, 0.99) + 1e-9 if peaks else math.inf
    result = {"threshold": threshold, "plain": plain, "empirical": empirical, "flagged": {}}
    for kind, sims in players.items():
        for n in AFTER:
            enough = [s for s in sims if len(s[1]) >= n]
            seq = sum(at is not None and at <= n for at, _, _ in enough)
            summed = sum(s[n - 1] > plain[n] for _, s, _ in enough)
            emp = sum(p[n - 1] > empirical for _, _, p in enough)
            result["flagged"][(kind, n)] = (seq, summed, len(enough), emp)
    return result


def report(rows: list[dict], args: argparse.Namespace, wall: float) -> dict:
    wins = [w for r in rows for w in r["lines"]]
    print()
    print(
        f"Fair-play calibration, {dt.date.today().isoformat()}: {len(rows)} deals (seed "
        f"{args.seed}), field of {args.field} honest games a deal; budget {args.budget:,} "
        f"positions a game; {args.processes} process(es), {wall:.0f} s wall, load "
        f"{os.getloadavg()[0]:.2f}"
    )
    print()
    print("Win rates (95 % Wilson)")
    for kind in (*HONEST, *CHEATS):
        tries = sum(r["tries"].get(kind, 0) for r in rows)
        won = sum(r["wins"].get(kind, 0) for r in rows)
        print(f"  {kind:8} {won:>4}/{tries:<5} {pct(won, tries)}")
    print()
    print("Figures per measured win: median (p95) of blind bits, field bits")
    for kind in (*HONEST, *CHEATS):
        xs = [w for w in wins if w["kind"] == kind]
        if xs:
            b, f = [w["bits"] for w in xs], [w["field"] for w in xs]
            print(
                f"  {kind:8} n={len(xs):>4}  bits {statistics.median(b):6.2f} "
                f"({quantile(b, 0.95):6.2f})  field {statistics.median(f):6.2f} "
                f"({quantile(f, 0.95):6.2f})"
            )
    honest = [w for w in wins if w["kind"] in HONEST]
    print()
    print("Per game: ROC AUC against all honest wins (blind bits / field bits / llr)")
    llr = cross_fitted(rows, "field", args.kept)
    scored = [(w["kind"], llr[r["deal"]][i]) for r in rows for i, w in enumerate(r["lines"])]
    honest_llr = [s for k, s in scored if k in HONEST]
    for kind in CHEATS:
        xs = [w for w in wins if w["kind"] == kind]
        print(
            f"  {kind:8} {auc([w['bits'] for w in xs], [w['bits'] for w in honest]):.3f} / "
            f"{auc([w['field'] for w in xs], [w['field'] for w in honest]):.3f} / "
            f"{auc([s for k, s in scored if k == kind], honest_llr):.3f}"
        )
    sim = simulate(rows, args)
    print()
    print(
        f"Per player ({args.players} simulated players a kind, wins on distinct deals; "
        f"flagged when the score reaches {sim['threshold']:.2f} bits = log2(1/"
        f"{evidence.FALSE_FLAG_RATE}); 95 % Wilson)"
    )
    source = "the kept evidence.json" if args.kept else "cross-fitted"
    print(f"  sequential test (field llr, {source}):")
    print("    kind     " + "".join(f"{'after ' + str(n):>26}" for n in AFTER))
    for kind in ("honest", *CHEATS):
        cells = []
        for n in AFTER:
            seq, _, total, _ = sim["flagged"][(kind, n)]
            cells.append(f"{pct(seq, total):>26}" if total else f"{'-':>26}")
        print(f"    {kind:8} " + "".join(cells))
    print("  plain sum of bits, threshold at the honest players' 99th percentile:")
    print("    threshold" + "".join(f"{sim['plain'][n]:>26.2f}" for n in AFTER))
    for kind in ("honest", *CHEATS):
        cells = []
        for n in AFTER:
            _, summed, total, _ = sim["flagged"][(kind, n)]
            cells.append(f"{pct(summed, total):>26}" if total else f"{'-':>26}")
        print(f"    {kind:8} " + "".join(cells))
    print(
        f"  for comparison, the sequential test at the honest bots' 99th percentile of the peak "
        f"score over 10 wins ({sim['empirical']:.2f} bits, in-sample):"
    )
    for kind in ("honest", *CHEATS):
        cells = []
        for n in AFTER:
            _, _, total, emp = sim["flagged"][(kind, n)]
            cells.append(f"{pct(emp, total):>26}" if total else f"{'-':>26}")
        print(f"    {kind:8} " + "".join(cells))
    seconds = [w["seconds"] for w in wins]
    if seconds:
        print()
        print(
            f"Cost of a measure ({len(wins)} wins): median {statistics.median(seconds):.2f} s, "
            f"max {max(seconds):.2f} s; {sum(w['cut'] for w in wins)} with undecided options"
        )
    print(
        "Note: the intervals are over simulated players drawn from these wins; with few wins a "
        "kind, the pool itself is the larger uncertainty."
    )
    return sim


def run(args: argparse.Namespace) -> list[dict]:
    rng = random.Random(args.seed)
    tasks = [(i, rng.randrange(DEAL_COUNT), args) for i in range(args.deals)]
    rows: list[dict] = []
    started = time.perf_counter()
    if args.processes > 1:
        with multiprocessing.Pool(args.processes) as pool:
            for row in pool.imap_unordered(one_deal, tasks):
                rows.append(row)
                _progress(len(rows), len(tasks), started)
    else:
        for task in tasks:
            rows.append(one_deal(task))
            _progress(len(rows), len(tasks), started)
    return sorted(rows, key=lambda r: r["deal"])


def _progress(done: int, total: int, started: float) -> None:
    if done % 10 == 0 or done == total:
        print(f"  {done:>5}/{total} deals, {time.perf_counter() - started:7.1f} s", flush=True)


def write(rows: list[dict], args: argparse.Namespace) -> None:
    wins = [w for r in rows for w in r["lines"]]
    data = {
        "source": (
            f"bench/fairplay_calibration.py --deals {args.deals} --field {args.field} --seed "
            f"{args.seed} --budget {args.budget} ({dt.date.today().isoformat()}): "
            f"{sum(w['kind'] in HONEST for w in wins)} honest wins, "
            f"{sum(w['kind'] in CHEATS for w in wins)} cheaters' wins (every, k12, k6, k3 pooled)"
        ),
        "models": {
            evidence.BLIND: fit("bits", wins).as_data(),
            evidence.FIELD: fit("field", wins).as_data(),
        },
    }
    evidence.DATA.write_text(json.dumps(data, indent=1) + "\n")
    print(f"wrote {evidence.DATA.relative_to(REPO)}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--field", type=int, default=12, help="honest games a deal")
    parser.add_argument("--players", type=int, default=2000, help="simulated players a kind")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--budget", type=int, default=200_000, help="positions a game")
    parser.add_argument("--node-budget", type=int, default=foresight.NODE_BUDGET)
    parser.add_argument("--processes", type=int, default=1)
    parser.add_argument("--write", action="store_true", help="refit evidence.json")
    parser.add_argument(
        "--kept", action="store_true", help="score with evidence.json, not cross-fitted models"
    )
    parser.add_argument("--save", type=Path, help="keep the measured wins (JSON lines)")
    parser.add_argument("--load", type=Path, help="report (and --write) saved wins, no run")
    parser.add_argument("--quick", action="store_true", help="a smoke test: 2 deals, tiny")
    args = parser.parse_args(argv)
    if args.quick:
        args.deals, args.field, args.players = 2, 3, 50
        args.budget, args.node_budget = 20_000, 4_000
    started = time.perf_counter()
    if args.load:
        rows = [json.loads(line) for line in args.load.read_text().splitlines() if line]
        args.deals = len(rows)
    else:
        rows = run(args)
    if args.save:
        args.save.write_text("".join(json.dumps(r) + "\n" for r in rows))
    report(rows, args, time.perf_counter() - started)
    if args.write:
        write(rows, args)


if __name__ == "__main__":
    main()
