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
lower bound when that runs out); each step where some option loses and some does not is kept
with its look-alike classes (``Step.classes``), so that the figures below can be recomputed from
saved wins. Printed: win rates; per win, the blind bits, the field bits, the look-alike bits
(``Foresight.alike_bits``) and the bits against the visible-only honest model
(``evidence.model_bits``); per game, the AUC of each cheater kind against all honest wins for
each of them and for the llr of ``--figure`` (the review's: ``model``); per player, the share
flagged after 1, 5 and 10 wins at the stated false-flag rate (``evidence.FALSE_FLAG_RATE``) with
Wilson 95 % intervals, for the sequential test and for a plain sum of bits whose threshold is set
on the honest players. A player is ``--players`` simulated players of one kind, each given wins
drawn from that kind's wins on distinct deals; the llr of a win comes from models fitted on the
other half of the deals (two-fold, by deal: the honest model, fitted on that half's honest
picks, and the offset, or the histograms for the other figures), so no win scores against a
model that has seen it. ``--write`` refits ``games/fairplay/evidence.json`` on every win.
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
                "alike": measured.alike_bits(),
                # The steps among whose look-alikes some lose and some do not: (look-alikes,
                # winnable or undecided, the pick's verdict: 1 winnable, 0 undecided, -1 lost).
                "alike_steps": [
                    [s.alike, s.alike_safe, _verdict(s.picked)]
                    for s in measured.steps
                    if 0 < s.alike_safe < s.alike
                ],
                # Every step where some option loses and some does not: the picked verdict and
                # each look-alike class (key, options, winnable, undecided), the picked first.
                "choices": [
                    [_verdict(s.picked), [[list(f), n, w, u] for f, n, w, u in s.classes]]
                    for s in measured.steps
                    if s.lost > 0 and s.safe > 0
                ],
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


def _verdict(verdict: Verdict) -> int:
    return {Verdict.WINNABLE: 1, Verdict.LOST: -1}.get(verdict, 0)


# -- the figures --------------------------------------------------------------------------------
def pct(k: int, n: int) -> str:
    low, high = wilson(k, n)
    return f"{k / n if n else 0:6.1%} ({low:5.1%}–{high:5.1%})"


#: The figures of a win, and the evidence model each one is scored with.
#: The look-alike figure's epsilon (``--epsilon``; the service's by default).
EPSILON = [foresight.ALIKE_EPSILON]
#: The model figure's one share (``--model-epsilon``, a sensitivity check) or mix of shares
#: (``bench.fairplay_features --shares``); the service's is the mix of ``evidence.EPSILONS``.
MODEL_EPSILON: list[float | tuple[float, ...] | None] = [None]
MODELS = {
    "bits": evidence.BLIND,
    "field": evidence.FIELD,
    "alike": evidence.ALIKE,
    "model": evidence.MODEL,
}
EDGES = {"alike": evidence.ALIKE_EDGES, "model": evidence.MODEL_EDGES}
VERDICTS = {1: "winnable", -1: "lost", 0: "undecided"}


def choices(win: dict) -> list[tuple[list, str]]:
    """A win's steps where the choice mattered, as ``evidence.model_bits`` takes them."""
    return [([tuple(c) for c in classes], VERDICTS[v]) for v, classes in win.get("choices", [])]


def honest_picks(wins: list[dict]) -> list[list]:
    """The honest wins' picks among look-alike classes (the picked class first)."""
    return [c for w in wins if w["kind"] in HONEST for c, _ in choices(w)]


def value(
    win: dict, figure: str, epsilon: float | None = None, of: evidence.Policy | None = None
) -> float:
    """A win's figure; the look-alike figure is recomputed from its steps (``alike_steps``)
    with ``epsilon`` (``foresight.ALIKE_EPSILON`` unless ``--epsilon`` says otherwise), and the
    model figure from its ``choices`` with the honest model ``of``, so ``--load`` of kept wins
    scores them with today's arithmetic."""
    if figure == "model":
        assert of is not None, "the model figure needs its honest model"
        shares = evidence.EPSILONS if MODEL_EPSILON[0] is None else MODEL_EPSILON[0]
        return evidence.model_bits(choices(win), of, shares)
    if figure != "alike":
        return float(win[figure])
    eps = EPSILON[0] if epsilon is None else epsilon
    verdicts = {1: Verdict.WINNABLE, -1: Verdict.LOST, 0: Verdict.UNDECIDED}
    return sum(
        math.log2(foresight.alike_factor(a, safe, verdicts[v], eps))
        for a, safe, v in win.get("alike_steps", [])
    )


def cross_fitted(rows: list[dict], figure: str, kept: bool = False) -> dict[int, dict[int, float]]:
    """The llr of every win from the model fitted on the other fold (by deal parity), or with
    ``kept`` from the model kept in ``evidence.json`` (an out-of-sample check on new deals).
    For the model figure the honest model is fitted on the other fold's honest wins too."""
    return {d: {i: x[1] for i, x in v.items()} for d, v in scored(rows, figure, kept).items()}


def scored(rows: list[dict], figure: str, kept: bool = False) -> dict[int, dict[int, tuple]]:
    """Every win's (figure, llr), cross-fitted (or by the kept ``evidence.json``)."""
    out: dict[int, dict[int, tuple]] = {}
    if kept:
        model = evidence.model(MODELS[figure])
        of = evidence.policy() if figure == "model" else None
        for r in rows:
            values = [value(w, figure, of=of) for w in r["lines"]]
            out[r["deal"]] = {i: (x, model.llr(x)) for i, x in enumerate(values)}
        return out
    for fold in (0, 1):
        train = [w for r in rows if r["deal"] % 2 != fold for w in r["lines"]]
        of = evidence.fit_policy(honest_picks(train)) if figure == "model" else None
        model = fit(figure, train, of)
        for r in rows:
            if r["deal"] % 2 == fold:
                values = [value(w, figure, of=of) for w in r["lines"]]
                out[r["deal"]] = {i: (x, model.llr(x)) for i, x in enumerate(values)}
    return out


def fit(
    figure: str, wins: list[dict], of: evidence.Policy | None = None
) -> evidence.Model | evidence.Normalized:
    """The evidence model of a figure: the model figure, a likelihood ratio itself, only needs
    its offset (from the honest wins alone); the others a histogram of each kind."""
    honest = [value(w, figure, of=of) for w in wins if w["kind"] in HONEST]
    if figure == "model":  # no honest win at all (a smoke test): no offset
        return evidence.fit_offset(MODELS[figure], honest or [0.0], evidence.OFFSET_CONFIDENCE)
    cheat = [value(w, figure, of=of) for w in wins if w["kind"] in CHEATS]
    return evidence.fit(MODELS[figure], honest, cheat, EDGES.get(figure, evidence.EDGES))


def simulate(rows: list[dict], args: argparse.Namespace) -> dict:
    """Per player kind: flagged by the sequential test (and by a plain sum of bits) after n."""
    llr = cross_fitted(rows, args.figure, args.kept)
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


def style_out(rows: list[dict], args: argparse.Namespace) -> dict[str, tuple]:
    """Each honest style as an unseen one: the honest model and the offset fitted on the other
    fold's wins *without that style*, its wins scored with them. Per style: its wins, the mean
    of ``2 ** llr`` over them (1 when the offset carries over), and its simulated players
    flagged after 1, 5 and 10 wins (flagged, players) — the style's own pool, distinct deals."""
    out = {}
    rng = random.Random(args.seed + 1)
    for style in HONEST:
        llrs: list[float] = []
        for fold in (0, 1):
            train = [
                w for r in rows if r["deal"] % 2 != fold for w in r["lines"] if w["kind"] != style
            ]
            of = evidence.fit_policy(honest_picks(train))
            model = fit("model", train, of)
            llrs += [
                model.llr(value(w, "model", of=of))
                for r in rows
                if r["deal"] % 2 == fold
                for w in r["lines"]
                if w["kind"] == style
            ]
        if not llrs:
            continue
        flagged = []
        for n in AFTER:
            hits = total = 0
            if len(llrs) >= n:
                for _ in range(args.players):
                    test = evidence.evidence(rng.sample(llrs, n))
                    hits += test.flagged
                    total += 1
            flagged.append((hits, total))
        out[style] = (len(llrs), sum(2.0**x for x in llrs) / len(llrs), flagged)
    return out


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
    # Every win's figures: (deal, index) → value; the model figure cross-fitted by fold.
    keyed = [((r["deal"], i), w) for r in rows for i, w in enumerate(r["lines"])]
    figures = {name: {k: value(w, name) for k, w in keyed} for name in ("bits", "field", "alike")}
    model = scored(rows, "model", args.kept)
    figures["model"] = {(d, i): x[0] for d, v in model.items() for i, x in v.items()}
    names = {"bits": "blind", "field": "field", "alike": "alike", "model": "model"}
    print("Figures per measured win: median (p95) of blind bits, field bits, look-alike bits,")
    print("bits against the visible-only honest model")
    for kind in (*HONEST, *CHEATS):
        ks = [k for k, w in keyed if w["kind"] == kind]
        if ks:
            cells = []
            for name, label in names.items():
                v = [figures[name][k] for k in ks]
                cells.append(f"{label} {statistics.median(v):5.2f} ({quantile(v, 0.95):5.2f})")
            print(f"  {kind:8} n={len(ks):>4}  " + "  ".join(cells))
    honest = [k for k, w in keyed if w["kind"] in HONEST]
    print()
    print(
        "Per game: ROC AUC against all honest wins (blind bits / field bits / look-alike bits / "
        f"model bits / llr of the {args.figure} figure)"
    )
    llr = cross_fitted(rows, args.figure, args.kept)
    for kind in CHEATS:
        ks = [k for k, w in keyed if w["kind"] == kind]
        cells = [auc([figures[n][k] for k in ks], [figures[n][k] for k in honest]) for n in names]
        cells.append(auc([llr[d][i] for d, i in ks], [llr[d][i] for d, i in honest]))
        print(f"  {kind:8} " + " / ".join(f"{c:.3f}" for c in cells))
    sim = simulate(rows, args)
    print()
    print(
        f"Per player ({args.players} simulated players a kind, wins on distinct deals; "
        f"flagged when the score reaches {sim['threshold']:.2f} bits = log2(1/"
        f"{evidence.FALSE_FLAG_RATE}); 95 % Wilson)"
    )
    source = "the kept evidence.json" if args.kept else "cross-fitted"
    print(f"  sequential test ({args.figure} llr, {source}):")
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
    if args.figure == "model" and not args.kept:
        print(
            "  each honest style unseen: the honest model and offset fitted without it (other "
            "fold), its wins' mean 2^llr, its players flagged:"
        )
        for style, (n, mean, flagged) in style_out(rows, args).items():
            cells = [f"{pct(k, t):>26}" if t else f"{'-':>26}" for k, t in flagged]
            print(f"    {style:8} n={n:<4} mean {mean:5.2f}" + "".join(cells))
        undo = [
            (w["undos"] > 0, llr[r["deal"]][i])
            for r in rows
            for i, w in enumerate(r["lines"])
            if w["kind"] in HONEST
        ]
        for label, flag in (("with undos", True), ("without", False)):
            xs = [x for u, x in undo if u is flag]
            if xs:
                print(
                    f"  honest wins {label}: {len(xs)}, mean 2^llr "
                    f"{sum(2.0**x for x in xs) / len(xs):.2f}, max llr {max(xs):.2f}"
                )
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
    if args.save:  # an earlier run's rows, had it stopped, are not this run's
        args.save.with_suffix(args.save.suffix + ".partial").unlink(missing_ok=True)
    started = time.perf_counter()
    if args.processes > 1:
        with multiprocessing.Pool(args.processes) as pool:
            for row in pool.imap_unordered(one_deal, tasks):
                rows.append(row)
                _partial(row, args)
                _progress(len(rows), len(tasks), started)
    else:
        for task in tasks:
            rows.append(one_deal(task))
            _partial(rows[-1], args)
            _progress(len(rows), len(tasks), started)
    return sorted(rows, key=lambda r: r["deal"])


def _partial(row: dict, args: argparse.Namespace) -> None:
    """Each deal's row as it comes, beside ``--save`` (``….partial``): a long run can be read
    before it ends."""
    if args.save:
        with args.save.with_suffix(args.save.suffix + ".partial").open("a") as out:
            out.write(json.dumps(row) + "\n")


def _progress(done: int, total: int, started: float) -> None:
    if done % 10 == 0 or done == total:
        print(f"  {done:>5}/{total} deals, {time.perf_counter() - started:7.1f} s", flush=True)


def write(rows: list[dict], args: argparse.Namespace) -> None:
    wins = [w for r in rows for w in r["lines"]]
    policy = evidence.fit_policy(honest_picks(wins))
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
            evidence.ALIKE: fit("alike", wins).as_data(),
            evidence.MODEL: fit("model", wins, policy).as_data(),
        },
        "policy": {"weights": list(policy.weights), "uniform": policy.uniform},
    }
    evidence.DATA.write_text(json.dumps(data, indent=1) + "\n")
    print(f"wrote {evidence.DATA.relative_to(REPO)}")


def pooled(paths: list[Path]) -> list[dict]:
    """The saved deals of ``paths``, in order, numbered 0, 1, … across the files (a file's
    deals are numbered from 0, and the folds and the simulated players tell deals apart by
    number)."""
    rows = []
    for path in paths:
        for line in path.read_text().splitlines():
            if line:
                rows.append({**json.loads(line), "deal": len(rows)})
    return rows


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
    parser.add_argument(
        "--figure",
        choices=tuple(MODELS),
        default="model",
        help="the figure the sequential test scores (the review's: model)",
    )
    parser.add_argument("--epsilon", type=float, help="the look-alike figure's epsilon")
    parser.add_argument(
        "--model-epsilon", type=float, help="the model figure's epsilon (a sensitivity check)"
    )
    parser.add_argument("--save", type=Path, help="keep the measured wins (JSON lines)")
    parser.add_argument(
        "--load",
        type=Path,
        nargs="+",
        help="report (and --write) saved wins, no run; several files are pooled, their deals "
        "numbered on (each file's deals are distinct deals)",
    )
    parser.add_argument("--quick", action="store_true", help="a smoke test: 2 deals, tiny")
    args = parser.parse_args(argv)
    if args.quick:
        args.deals, args.field, args.players = 2, 3, 50
        args.budget, args.node_budget = 20_000, 4_000
    if args.epsilon is not None:
        EPSILON[0] = args.epsilon
    MODEL_EPSILON[0] = args.model_epsilon
    started = time.perf_counter()
    if args.load:
        rows = pooled(args.load)
        args.deals = len(rows)
    else:
        rows = run(args)
    if args.save and not args.load:
        args.save.write_text("".join(json.dumps(r) + "\n" for r in rows))
        # the whole run is saved: its rows as they came are no longer needed
        args.save.with_suffix(args.save.suffix + ".partial").unlink(missing_ok=True)
    report(rows, args, time.perf_counter() - started)
    if args.write:
        write(rows, args)


if __name__ == "__main__":
    main()
