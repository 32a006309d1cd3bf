"""Calibrating foresight (``games.fairplay.foresight``): honest wins against omniscient ones.

Run from the repository root::

    .venv/bin/python -m bench.fairplay                          # defaults: a few minutes
    .venv/bin/python -m bench.fairplay --games 600 --cheats 150 --budget 1000000 --processes 2

Deal codes come from ``random.Random(--seed)`` (key HM1-PUBLIC), as in ``bench/solvability.py``.

Honest players see what a player sees (pile tops, pile heights, the reserve, and by counting
which cards are still hidden, not where); each plays every one of the ``--games`` deals once:

- **random**: a uniformly random legal removal (``--random-tries`` games a deal: it rarely wins);
- **greedy**: a removal that is safe by what is visible first (every other card of one of its
  ranks is free: a reserve card or a pile's last card, so nothing can be lost by it), otherwise
  the removal taking from the tallest piles (the sum of the heights of the piles it takes from;
  reserve cards count 0): digging towards the buried cards, keeping the free ones for later;
- **patient**: greedy, but when stalled it takes removals back (undo, as any player may) and
  tries the next removal in greedy order at the latest position that has one left: a
  depth-first search over what it has seen, up to ``--undos`` undos a game (default 50).

Omniscient lines, on the first ``--cheats`` deals (the solver's verdict decides which are
winnable, within 300,000 positions):

- **solver**: the solver's own winning line;
- **veto**: greedy, except that a removal the solver proves losing is passed over for the next
  in greedy order (a player who plays naturally and asks a solver only "does this lose?").

Every win is measured with ``foresight.measure`` within ``--budget`` positions a game (the
figure is a lower bound when that runs out; the undecided counts are printed). The default,
200,000, is a fifth of the service's (``foresight.GAME_NODE_BUDGET``), to keep the default run
to a few minutes on one core; ``docs/FAIR-PLAY.md`` gives a run at the service's budget.
Printed: win rates, the distributions of bits per win and of bits per step that mattered,
the separation (ROC AUC of every omniscient kind against all honest wins), the threshold that
flags 95 % of the solver's lines and the honest false-flag rate there, the flag rates over a
grid of thresholds, and the proposed staff threshold (``foresight.THRESHOLD_BITS``). Only
figures are printed, never a winning line. No timed assertion anywhere: times are printed, and
depend on the machine and its load.
"""

from __future__ import annotations

import argparse
import datetime as dt
import math
import multiprocessing
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from games.engine import DEAL_COUNT, Action, Board, DealCode, Layout, Move, Position  # noqa: E402
from games.fairplay import foresight  # noqa: E402
from games.solver import Verdict, solve  # noqa: E402
from games.solver.table import rank_of  # noqa: E402

DEAL_SOLVE_BUDGET = 300_000
VETO_BUDGET = 20_000
HONEST = ("random", "greedy", "patient")
OMNISCIENT = ("solver", "veto")
#: Thresholds (bits per win) whose flag rates are printed besides the proposed one.
GRID = (2.0, 4.0, 8.0, 12.0, 16.0, 20.0, 24.0, 32.0)

Chooser = Callable[[Board, list[Move], random.Random], list[Move]]


# -- what a player sees -----------------------------------------------------------------------
def is_free(board: Board, position: Position) -> bool:
    return position >= 12 or len(board.piles[position]) == 1


def visible_counts(board: Board) -> tuple[list[int], list[int]]:
    """Free cards of each rank, and cards of each rank still in play. The second is known
    to a player by counting (8 of each rank, minus the ones removed), though it is read here
    off the table; where the hidden ones lie is never read."""
    free, left = [0] * 14, [0] * 14
    for position, card in board.playable():
        if is_free(board, position):
            free[rank_of(card)] += 1
    for pile in board.piles:
        for card in pile:
            left[rank_of(card)] += 1
    for slot in board.reserve:
        if slot is not None:
            left[rank_of(slot)] += 1
    return free, left


def top_rank(board: Board, position: Position) -> int:
    card = board.card_at(position)
    assert card is not None, "a legal removal takes cards that are there"
    return rank_of(card)


def visibly_safe(board: Board, move: Move, free: list[int], left: list[int]) -> bool:
    """Every other card of the rank of one card of a pair (two of a triple) is free."""
    whole = 0
    for position in move.positions:
        rank = top_rank(board, position)
        whole += left[rank] - 1 == free[rank] - is_free(board, position)
    return whole >= (1 if len(move.positions) == 2 else 2)


def visible_key(board: Board, move: Move) -> tuple:
    """A removal as a player tells it apart: free cards of one rank are interchangeable."""
    return tuple(
        sorted((top_rank(board, p), -1 if is_free(board, p) else int(p)) for p in move.positions)
    )


def greedy_order(board: Board, moves: list[Move], rng: random.Random) -> list[Move]:
    """The greedy bot's preference, best first, one move per visibly distinct removal."""
    free, left = visible_counts(board)
    distinct: dict[tuple, Move] = {}
    for move in moves:
        distinct.setdefault(visible_key(board, move), move)
    scored = [
        (
            visibly_safe(board, m, free, left),
            sum(len(board.piles[p]) for p in m.positions if p < 12),
            rng.random(),
            m,
        )
        for m in distinct.values()
    ]
    scored.sort(key=lambda s: s[:3], reverse=True)
    return [s[3] for s in scored]


def random_order(board: Board, moves: list[Move], rng: random.Random) -> list[Move]:
    return [rng.choice(moves)]


# -- playing ----------------------------------------------------------------------------------
def play(layout: Layout, order: Chooser, rng: random.Random) -> tuple[bool, list[Action]]:
    board, line = Board(layout), []
    while moves := board.legal_moves():
        move = order(board, moves, rng)[0]
        board.push(move)
        line.append(Action("move", move.positions))
    return board.cards_left == 0, line


def play_patient(layout: Layout, rng: random.Random, undos: int) -> tuple[bool, list[Action]]:
    """Greedy with take-backs: depth-first over the removals, in greedy order."""
    board, line = Board(layout), []
    frames: list[list[Move]] = []  # per removal in effect: the alternatives not tried yet
    left = undos
    while True:
        moves = board.legal_moves()
        if moves:
            ordered = greedy_order(board, moves, rng)
            board.push(ordered[0])
            line.append(Action("move", ordered[0].positions))
            frames.append(ordered[1:])
            continue
        if board.cards_left == 0:
            return True, line
        while frames and not frames[-1] and left > 0:
            frames.pop()
            board.undo()
            line.append(Action("undo"))
            left -= 1
        if not frames or left <= 0:
            return False, line
        board.undo()
        line.append(Action("undo"))
        left -= 1
        nxt = frames[-1].pop(0)
        board.push(nxt)
        line.append(Action("move", nxt.positions))


def play_veto(layout: Layout, rng: random.Random) -> tuple[bool, list[Action], int]:
    """Greedy, passing over removals the solver proves losing; returns the vetoes too."""
    board, line, vetoes = Board(layout), [], 0
    while moves := board.legal_moves():
        ordered = greedy_order(board, moves, rng)
        for move in ordered:
            after = board.copy()
            after.push(move)
            if after.cards_left == 0 or move is ordered[-1]:
                break
            if solve(after, node_budget=VETO_BUDGET).verdict is not Verdict.LOST:
                break
            vetoes += 1
        board.push(move)
        line.append(Action("move", move.positions))
    return board.cards_left == 0, line, vetoes


# -- one deal ---------------------------------------------------------------------------------
def figures(result: foresight.Foresight) -> dict:
    return {
        "bits": result.bits,
        "bits_blind": result.bits_blind,
        "decisions": result.decisions,
        "mattered": result.mattered,
        "per_mattered": result.bits_per_mattered,
        "undecided": result.undecided,
        "exhausted": result.exhausted,
        "nodes": result.nodes,
        "seconds": result.seconds,
        "undos": result.undos,
    }


def one_deal(task: tuple[int, int, bool, argparse.Namespace]) -> dict:
    index, number, cheat, args = task
    code = DealCode(number)
    layout = code.layout()
    rng = random.Random(f"{args.seed}:{index}")
    out: dict = {"code": code.text, "wins": {}, "tries": {}, "lines": {}}

    def keep(kind: str, line: list[Action]) -> None:
        measured = foresight.measure(
            layout, line, node_budget=args.node_budget, game_node_budget=args.budget
        )
        assert measured.won, f"a {kind} win measured as not won"
        out["lines"][kind] = figures(measured)

    tries = [play(layout, random_order, rng) for _ in range(args.random_tries)]
    out["tries"]["random"], out["wins"]["random"] = len(tries), sum(w for w, _ in tries)
    won_random = next((line for won, line in tries if won), None)
    if won_random is not None:
        keep("random", won_random)
    won, line = play(layout, greedy_order, rng)
    out["tries"]["greedy"], out["wins"]["greedy"] = 1, int(won)
    if won:
        keep("greedy", line)
    won, line = play_patient(layout, rng, args.undos)
    out["tries"]["patient"], out["wins"]["patient"] = 1, int(won)
    if won:
        keep("patient", line)
    if cheat:
        solution = solve(layout, node_budget=DEAL_SOLVE_BUDGET)
        out["verdict"] = solution.verdict.value
        if solution.verdict is Verdict.WINNABLE:
            keep("solver", [Action("move", m.positions) for m in solution.line])
            won, line, vetoes = play_veto(layout, rng)
            out["tries"]["veto"], out["wins"]["veto"] = 1, int(won)
            if won:
                keep("veto", line)
                out["lines"]["veto"]["vetoes"] = vetoes
    return out


# -- statistics -------------------------------------------------------------------------------
def wilson(k: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    centre = p + z * z / (2 * n)
    margin = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    low, high = (centre - margin) / (1 + z * z / n), (centre + margin) / (1 + z * z / n)
    return (max(0.0, low), min(1.0, high))


def quantile(values: list[float], q: float) -> float:
    """Nearest-rank quantile (q in 0..1)."""
    ordered = sorted(values)
    return ordered[max(1, math.ceil(q * len(ordered))) - 1] if ordered else float("nan")


def auc(positives: list[float], negatives: list[float]) -> float:
    """P(a positive scores above a negative), ties counting one half (Mann–Whitney)."""
    if not positives or not negatives:
        return float("nan")
    above = sum((p > n) + 0.5 * (p == n) for p in positives for n in negatives)
    return above / (len(positives) * len(negatives))


def rate(values: list[float], threshold: float) -> tuple[int, int]:
    return sum(v >= threshold for v in values), len(values)


def pct(k: int, n: int) -> str:
    low, high = wilson(k, n)
    share = k / n if n else 0.0
    return f"{k}/{n} = {share:6.1%} (95 % CI {low:5.1%}–{high:5.1%})"


# -- the run ----------------------------------------------------------------------------------
def run(args: argparse.Namespace) -> list[dict]:
    rng = random.Random(args.seed)
    numbers = [rng.randrange(DEAL_COUNT) for _ in range(args.games)]
    tasks = [(i, n, i < args.cheats, args) for i, n in enumerate(numbers)]
    rows: list[dict] = []
    started = time.perf_counter()
    if args.processes > 1:
        with multiprocessing.Pool(args.processes) as pool:
            for row in pool.imap_unordered(one_deal, tasks):
                rows.append(row)
                progress(len(rows), len(tasks), started)
    else:
        for task in tasks:
            rows.append(one_deal(task))
            progress(len(rows), len(tasks), started)
    return rows


def progress(done: int, total: int, started: float) -> None:
    if done % 25 == 0 or done == total:
        print(f"  {done:>5}/{total} deals, {time.perf_counter() - started:7.1f} s", flush=True)


def report(rows: list[dict], args: argparse.Namespace, wall: float) -> None:
    lines = {k: [r["lines"][k] for r in rows if k in r["lines"]] for k in HONEST + OMNISCIENT}
    honest = [f for k in HONEST for f in lines[k]]
    print()
    print(
        f"Foresight calibration, {dt.date.today().isoformat()}: {args.games} deals "
        f"(seed {args.seed}), omniscient lines on the first {args.cheats}; budget "
        f"{args.budget:,} positions a game, {args.node_budget:,} an option; "
        f"{args.processes} process(es), {wall:.0f} s wall, load {os.getloadavg()[0]:.2f}"
    )
    print()
    print("Win rates")
    for kind in HONEST + ("veto",):
        tries = sum(r["tries"].get(kind, 0) for r in rows)
        wins = sum(r["wins"].get(kind, 0) for r in rows)
        print(f"  {kind:8} {pct(wins, tries)}")
    cheats = [r for r in rows if "verdict" in r]
    winnable = sum(r["verdict"] == "winnable" for r in cheats)
    print(f"  {'solver':8} {pct(winnable, len(cheats))} (deals proven winnable)")
    print()
    head = "p5     p25    p50    p75    p95    max   mean"
    for title, field in (
        ("Bits per win", "bits"),
        ("Bits per step that mattered", "per_mattered"),
        ("Steps that mattered per win", "mattered"),
    ):
        print(f"{title:34} {'n':>4}  {head}")
        for kind, values in [
            *((k, lines[k]) for k in HONEST),
            ("honest", honest),
            *((k, lines[k]) for k in OMNISCIENT),
        ]:
            xs = [f[field] for f in values]
            if not xs:
                print(f"  {kind:32} {0:>4}")
                continue
            qs = " ".join(f"{quantile(xs, q):6.2f}" for q in (0.05, 0.25, 0.5, 0.75, 0.95, 1.0))
            print(f"  {kind:32} {len(xs):>4}  {qs} {statistics.fmean(xs):6.2f}")
        print()
    bits_honest = [f["bits"] for f in honest]
    print("Separation (bits per win)")
    for kind in OMNISCIENT:
        xs = [f["bits"] for f in lines[kind]]
        print(
            f"  ROC AUC {kind} against all honest wins: {auc(xs, bits_honest):.3f}"
            f"  (against greedy: {auc(xs, [f['bits'] for f in lines['greedy']]):.3f})"
        )
    solver_bits = [f["bits"] for f in lines["solver"]]
    if solver_bits:
        t95 = quantile(solver_bits, 0.05)
        print(
            f"  threshold flagging 95 % of solver lines: {t95:.2f} bits; honest wins at or "
            f"above it: {pct(*rate(bits_honest, t95))}"
        )
    print("  flagged at a threshold (bits per win at or above it):")
    kinds = (*HONEST, "honest", "no-undo", *OMNISCIENT)
    print("    bits  " + "".join(f"{k:>9}" for k in kinds))
    pools = {**lines, "honest": honest, "no-undo": [f for f in honest if not f["undos"]]}
    for threshold in sorted({*GRID, foresight.THRESHOLD_BITS}):
        shares = []
        for kind in kinds:
            values = pools[kind]
            k, n = rate([f["bits"] for f in values], threshold)
            shares.append(f"{k / n:9.1%}" if n else f"{'-':>9}")
        mark = "  <- THRESHOLD_BITS" if threshold == foresight.THRESHOLD_BITS else ""
        print(f"    {threshold:4.1f}  " + "".join(shares) + mark)
    threshold = foresight.THRESHOLD_BITS
    print(f"  proposed staff threshold THRESHOLD_BITS = {threshold:.1f} bits:")
    for kind in kinds:
        flagged = rate([f["bits"] for f in pools[kind]], threshold)
        print(f"    {kind:8} flagged {pct(*flagged)}")
    paired = [r for r in rows if "greedy" in r["lines"] and "solver" in r["lines"]]
    if paired:
        more = sum(r["lines"]["solver"]["bits"] > r["lines"]["greedy"]["bits"] for r in paired)
        same = sum(r["lines"]["solver"]["bits"] == r["lines"]["greedy"]["bits"] for r in paired)
        print(
            f"  on the {len(paired)} deals both greedy and the solver won: the solver's line "
            f"scores more on {more}, the same on {same}"
        )
    vetoed = [f for f in lines["veto"] if f.get("vetoes")]
    print(
        f"  veto lines that needed a veto: {len(vetoed)}/{len(lines['veto'])}; flagged among "
        f"them: {pct(*rate([f['bits'] for f in vetoed], threshold))}"
    )
    patient = lines["patient"]
    undone = [f for f in patient if f["undos"]]
    if undone:
        print(
            f"  patient wins with undos: {len(undone)}/{len(patient)}; their blind bits "
            f"(steps after an undo showed hidden cards left out) flagged: "
            f"{pct(*rate([f['bits_blind'] for f in undone], threshold))}"
        )
    print()
    every = [f for k in lines for f in lines[k]]
    seconds = [f["seconds"] for f in every]
    print(
        f"Cost of a measure ({len(every)} wins): median {statistics.median(seconds):.2f} s, "
        f"p90 {quantile(seconds, 0.9):.2f} s, max {max(seconds):.2f} s; median "
        f"{statistics.median([f['nodes'] for f in every]):,.0f} positions; "
        f"{sum(f['undecided'] > 0 or f['exhausted'] for f in every)} with undecided options "
        f"({sum(f['exhausted'] for f in every)} ran out of the game's budget)"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="deals the honest bots play")
    parser.add_argument("--cheats", type=int, default=40, help="deals for omniscient lines")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--budget", type=int, default=200_000, help="positions a game")
    parser.add_argument("--node-budget", type=int, default=foresight.NODE_BUDGET)
    parser.add_argument("--random-tries", type=int, default=20, help="random games a deal")
    parser.add_argument("--undos", type=int, default=50, help="undos a patient game may use")
    parser.add_argument("--processes", type=int, default=1)
    args = parser.parse_args(argv)
    args.cheats = min(args.cheats, args.games)
    started = time.perf_counter()
    rows = run(args)
    report(rows, args, time.perf_counter() - started)


if __name__ == "__main__":
    main()
