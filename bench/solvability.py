"""How many Half Moon deals can be won: the solver on N random HM1 deals, against a naive floor.

Run from the repository root::

    .venv/bin/python bench/solvability.py                  # 10,000 deals, 2 processes
    .venv/bin/python bench/solvability.py --deals 500 --processes 1 --no-write

Deal codes come from ``random.Random(--seed)`` (key HM1-PUBLIC), so anyone can rerun the study
on the same deals. The node budget (``--budget``) is what decides "undecided", so verdicts do
not depend on the machine; times do. In the same run, a naive depth-first search (a
transposition set over pile heights and reserve slots, no pruning, a 200,000-node cap) solves
the first ``--baseline`` deals, so the figures are ratios to a floor measured on this machine
at the same moment. Every winning line is replayed on an engine Board before it is counted.

Writes ``docs/SOLVABILITY.md`` and the raw results ``bench/results/solvability-<date>.jsonl``
(one JSON object a line: the study's parameters and machine first, then every deal).
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import math
import multiprocessing
import os
import platform
import statistics
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from games.engine import DEAL_COUNT, Board, DealCode, Status  # noqa: E402
from games.solver import Verdict, solve  # noqa: E402

NAIVE_NODE_CAP = 200_000


# -- the naive floor ------------------------------------------------------------------------
class _OutOfNodes(Exception):
    pass


CPU_ROW = "| CPU time of the process (ms) | {median:.1f} | {p90:.1f} | {p99:.1f} | {max:.1f} |"


def naive_solve(layout, cap: int = NAIVE_NODE_CAP) -> tuple[str, int]:
    """Plain depth-first search on the engine Board: every legal move, tallest piles first,
    tables already searched (pile heights + full reserve slots) skipped. No canonical key, no
    pruning, no backward search. Returns (verdict, nodes)."""
    board = Board(layout)
    seen: set[int] = set()

    def key() -> int:
        k = 0
        for pile in board.piles:
            k = (k << 4) | len(pile)
        for card in board.reserve:
            k = (k << 1) | (card is not None)
        return k

    def weight(move):
        heights = [len(board.piles[p]) for p in move.positions if p < 12]
        return (-len(heights), -sum(heights))

    def search() -> bool:
        if board.cards_left == 0:
            return True
        k = key()
        if k in seen:
            return False
        if len(seen) >= cap:
            raise _OutOfNodes
        seen.add(k)
        for move in sorted(board.legal_moves(), key=weight):
            board.push(move)
            if search():
                return True
            board.undo()
        return False

    try:
        return ("winnable" if search() else "lost"), len(seen)
    except _OutOfNodes:
        return "undecided", len(seen)


# -- one deal -------------------------------------------------------------------------------
def solve_one(task):
    kind, number, budget = task
    code = DealCode(number)
    layout = code.layout()
    started, cpu = time.perf_counter(), time.process_time()
    if kind == "naive":
        verdict, nodes = naive_solve(layout)
        return {
            "kind": kind,
            "code": code.text,
            "verdict": verdict,
            "nodes": nodes,
            "seconds": round(time.perf_counter() - started, 6),
            "cpu_seconds": round(time.process_time() - cpu, 6),
        }
    solution = solve(layout, node_budget=budget)
    cpu = time.process_time() - cpu
    replayed = None
    if solution.verdict is Verdict.WINNABLE:
        board = Board(layout)
        for move in solution.line:
            board.push(move)
        replayed = board.status is Status.WON
    # The winning line itself is not kept: it is a hint for a code anyone can play.
    return {
        "kind": kind,
        "code": code.text,
        "verdict": solution.verdict.value,
        "nodes": solution.nodes,
        "seconds": round(solution.seconds, 6),
        "cpu_seconds": round(cpu, 6),
        "replayed": replayed,
    }


# -- statistics -----------------------------------------------------------------------------
def wilson(successes: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95 % by default)."""
    if n == 0:
        return (0.0, 0.0)
    p = successes / n
    centre = p + z * z / (2 * n)
    margin = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    denominator = 1 + z * z / n
    return ((centre - margin) / denominator, (centre + margin) / denominator)


def percentile(values, q: float):
    """Nearest-rank percentile (q in 0..100)."""
    ordered = sorted(values)
    if not ordered:
        return 0
    rank = max(1, math.ceil(q / 100 * len(ordered)))
    return ordered[rank - 1]


def spread(values) -> dict:
    return {
        "median": statistics.median(values),
        "p90": percentile(values, 90),
        "p99": percentile(values, 99),
        "max": max(values),
    }


def shares(rows) -> dict:
    n = len(rows)
    out = {}
    for verdict in ("winnable", "lost", "undecided"):
        k = sum(r["verdict"] == verdict for r in rows)
        low, high = wilson(k, n)
        out[verdict] = {"count": k, "share": k / n if n else 0.0, "low": low, "high": high}
    return out


# -- the study ------------------------------------------------------------------------------
def deal_numbers(seed: int, count: int) -> list[int]:
    import random

    rng = random.Random(seed)
    return [rng.randrange(DEAL_COUNT) for _ in range(count)]


def machine() -> dict:
    model = ""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return {
        "cores": os.cpu_count(),
        "cpu": model,
        "python": platform.python_version(),
        "system": platform.platform(),
        "load": [round(x, 2) for x in os.getloadavg()],
    }


def run(args) -> dict:
    numbers = deal_numbers(args.seed, args.deals)
    tasks = [("naive", n, None) for n in numbers[: args.baseline]]
    tasks += [("solver", n, args.budget) for n in numbers]
    before = machine()
    started = time.perf_counter()
    rows = []
    with multiprocessing.Pool(args.processes) as pool:
        for i, row in enumerate(pool.imap_unordered(solve_one, tasks, chunksize=4), 1):
            rows.append(row)
            if i % 500 == 0 or i == len(tasks):
                print(
                    f"  {i:>6}/{len(tasks)} done, {time.perf_counter() - started:7.1f} s",
                    flush=True,
                )
    wall = time.perf_counter() - started
    after = machine()
    return {
        "params": {
            "deals": args.deals,
            "seed": args.seed,
            "budget": args.budget,
            "baseline": args.baseline,
            "naive_cap": NAIVE_NODE_CAP,
            "processes": args.processes,
            "key": "HM1-PUBLIC",
        },
        "machine_before": before,
        "machine_after": after,
        "wall_seconds": wall,
        "rows": rows,
        "order": [DealCode(n).text for n in numbers],
    }


def summarize(study: dict) -> dict:
    rows = [r for r in study["rows"] if r["kind"] == "solver"]
    naive = [r for r in study["rows"] if r["kind"] == "naive"]
    naive_codes = {r["code"] for r in naive}
    same = [r for r in rows if r["code"] in naive_codes]
    decided = [r for r in rows if r["verdict"] != "undecided"]
    return {
        "shares": shares(rows),
        "decided": {
            "count": len(decided),
            "low": wilson(len(decided), len(rows))[0],
            "high": wilson(len(decided), len(rows))[1],
        },
        "nodes": spread([r["nodes"] for r in rows]),
        "ms": spread([r["seconds"] * 1000 for r in rows]),
        "cpu_ms": spread([r["cpu_seconds"] * 1000 for r in rows]),
        "ms_decided": spread([r["seconds"] * 1000 for r in decided]) if decided else None,
        "hardest": sorted(rows, key=lambda r: -r["nodes"])[:10],
        "undecided": sorted(
            (r for r in rows if r["verdict"] == "undecided"), key=lambda r: r["code"]
        ),
        "replay_failures": [r["code"] for r in rows if r["replayed"] is False],
        "naive": {
            "shares": shares(naive),
            "ms": spread([r["seconds"] * 1000 for r in naive]),
            "cpu_ms": spread([r["cpu_seconds"] * 1000 for r in naive]),
            "nodes": spread([r["nodes"] for r in naive]),
            "total_s": sum(r["seconds"] for r in naive),
        }
        if naive
        else None,
        "same": {
            "shares": shares(same),
            "ms": spread([r["seconds"] * 1000 for r in same]),
            "cpu_ms": spread([r["cpu_seconds"] * 1000 for r in same]),
            "total_s": sum(r["seconds"] for r in same),
        }
        if same
        else None,
        "disagreements": _disagreements(naive, same),
        "total_s": sum(r["seconds"] for r in rows),
    }


def _disagreements(naive, same) -> list[str]:
    """Deals both searches decided, differently (a soundness alarm: must be empty)."""
    solver = {r["code"]: r["verdict"] for r in same}
    return [
        r["code"]
        for r in naive
        if r["verdict"] != "undecided"
        and solver.get(r["code"], "undecided") not in ("undecided", r["verdict"])
    ]


# -- the report -----------------------------------------------------------------------------
def pct(x: float) -> str:
    return f"{100 * x:.2f} %"


def share_rows(sh: dict) -> list[str]:
    return [
        f"| {v} | {sh[v]['count']} | {pct(sh[v]['share'])} | "
        f"{pct(sh[v]['low'])} – {pct(sh[v]['high'])} |"
        for v in ("winnable", "lost", "undecided")
    ]


def load_results(path: Path) -> dict:
    """A study as :func:`run` returns it, read back from its raw results file."""
    lines = path.read_text(encoding="utf-8").splitlines()
    study = json.loads(lines[0])["study"]
    study["rows"] = [json.loads(line) for line in lines[1:]]
    return study


def report(study: dict, s: dict, command: str, raw_name: str, date=None) -> str:
    p, before, after = study["params"], study["machine_before"], study["machine_after"]
    day = "-".join(date) if date else dt.date.today().isoformat()
    n = p["deals"]
    lines = [
        "# How many Half Moon deals can be won",
        "",
        f"Measured by `bench/solvability.py` on {day}: {n:,} random HM1 "
        f"deals (key `HM1-PUBLIC`, codes from `random.Random({p['seed']})`), each solved by "
        f"`games.solver.solve` with a budget of {p['budget']:,} positions. The raw results "
        f"(every code, verdict, node count and time; no winning lines, which would be hints) "
        f"are in "
        f"`bench/results/{raw_name}`. Every winning line was replayed on an engine Board "
        f"before it was counted ({len(s['replay_failures'])} failed).",
        "",
        "Reproduce: `" + command + "` (about 20 minutes on 2 busy cores; "
        "`--from-results bench/results/" + raw_name + "` rewrites this page from the raw "
        "results without solving anything).",
        "",
        "## Verdicts (95 % Wilson intervals)",
        "",
        "| verdict | deals | share | 95 % interval |",
        "| --- | ---: | ---: | --- |",
        *share_rows(s["shares"]),
        "",
        f"Decided: {s['decided']['count']:,} of {n:,} ({pct(s['decided']['count'] / n)}, "
        f"interval {pct(s['decided']['low'])} – {pct(s['decided']['high'])}).",
        "",
        "Goals: at least 99.9 % decided, the median deal under 10 ms, the 99th percentile "
        f"under 1 s. Measured: {pct(s['decided']['count'] / n)} decided; median "
        f"{s['cpu_ms']['median']:.1f} ms of CPU ({s['ms']['median']:.1f} ms wall clock), "
        f"99th percentile {s['cpu_ms']['p99']:.0f} ms of CPU ({s['ms']['p99']:.0f} ms wall "
        "clock) — wall-clock figures include the waits caused by the other work on the "
        "machine during the run (load average below).",
        "",
        "## Effort per deal",
        "",
        "| | median | p90 | p99 | max |",
        "| --- | ---: | ---: | ---: | ---: |",
        "| positions searched | {median:,} | {p90:,} | {p99:,} | {max:,} |".format(
            **{k: int(v) for k, v in s["nodes"].items()}
        ),
        "| time (ms, wall clock) | {median:.1f} | {p90:.1f} | {p99:.1f} | {max:.1f} |".format(
            **s["ms"]
        ),
        CPU_ROW.format(**s["cpu_ms"]),
        "",
        "Wall-clock time includes waiting for a core when other work runs on the machine (see "
        "the load average below); CPU time counts only this process's own work.",
        "",
        f"Solver time summed over all deals: {s['total_s']:.0f} s; wall time of the whole run "
        f"(baseline included, {p['processes']} processes): {study['wall_seconds']:.0f} s.",
        "",
        "## The ten hardest deals",
        "",
        "| code | verdict | positions | wall ms | CPU ms |",
        "| --- | --- | ---: | ---: | ---: |",
        *[
            f"| {r['code']} | {r['verdict']} | {r['nodes']:,} | {1000 * r['seconds']:.0f} | "
            f"{1000 * r['cpu_seconds']:.0f} |"
            for r in s["hardest"]
        ],
        "",
        "## Undecided at the budget",
        "",
    ]
    if s["undecided"]:
        lines += [
            f"- {r['code']} ({r['nodes']:,} positions, {r['seconds']:.1f} s)"
            for r in s["undecided"]
        ]
    else:
        lines.append("None.")
    if s["naive"]:
        nv, same = s["naive"], s["same"]
        b = p["baseline"]
        lines += [
            "",
            f"## Against the naive floor (the first {b} deals, same run)",
            "",
            f"The naive search: depth-first on the engine Board, all legal moves (tallest piles "
            f"first), a set of tables already searched (pile heights and full reserve slots), no "
            f"pruning, capped at {p['naive_cap']:,} tables.",
            "",
            "| on the same deals | won | lost | undecided | median ms | p90 ms | p99 ms | "
            "total s |",
            "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
            _floor_row("naive search", nv),
            _floor_row("solver", same),
            "",
            f"Decided: naive {pct(1 - nv['shares']['undecided']['share'])}, solver "
            f"{pct(1 - same['shares']['undecided']['share'])}. Median wall time: the solver takes "
            f"{same['ms']['median'] / nv['ms']['median']:.3f}× the naive search's (median CPU "
            f"time {same['cpu_ms']['median'] / nv['cpu_ms']['median']:.3f}×); total wall time "
            f"{same['total_s'] / nv['total_s']:.4f}×. Deals both decided differently: "
            f"{len(s['disagreements'])}"
            f"{' ' + ', '.join(s['disagreements']) if s['disagreements'] else ''}.",
        ]
    lines += [
        "",
        "## Machine",
        "",
        f"- {before['cores']} cores ({before['cpu'] or 'unknown CPU'}), Python "
        f"{before['python']}, {before['system']}",
        f"- load average (1, 5, 15 min) at the start {before['load']}, at the end "
        f"{after['load']}: the cores were shared with other work, so times are upper bounds; "
        "verdicts and node counts do not depend on it.",
        "",
        "## How the solver decides",
        "",
        "`games/solver/` searches forwards from the deal and backwards from the empty table "
        "(turn by turn), over canonical positions (suits ignored, free cards of a rank "
        "interchangeable, a one-card pile counted as a free card). Forwards it never uses a "
        "free card where a pile top of the same rank could serve, plays provably safe "
        "removals alone, and proves positions lost when one removal class (A+10, …, 5+6, "
        "J+Q+K) cannot be cleared by itself; backwards it rebuilds only tables whose cards "
        "above can be cleared. Each rule is proved in its module's docstring and checked "
        "against the plain exhaustive search in `tests/solver/`.",
        "",
    ]
    return "\n".join(lines)


def _floor_row(name, block) -> str:
    sh, ms = block["shares"], block["ms"]
    return (
        f"| {name} | {pct(sh['winnable']['share'])} | {pct(sh['lost']['share'])} | "
        f"{pct(sh['undecided']['share'])} | {ms['median']:.1f} | {ms['p90']:.1f} | "
        f"{ms['p99']:.1f} | {block['total_s']:.1f} |"
    )


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument(
        "--budget",
        type=int,
        default=3_000_000,
        help="positions a deal may search before it is undecided",
    )
    parser.add_argument(
        "--baseline",
        type=int,
        default=200,
        help="deals (the first ones) also solved by the naive search",
    )
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument(
        "--no-write",
        action="store_true",
        help="print only; write neither the report nor the raw results",
    )
    parser.add_argument(
        "--from-results",
        type=Path,
        metavar="JSONL",
        help="rewrite docs/SOLVABILITY.md from a raw results file, solving nothing",
    )
    args = parser.parse_args(argv)
    if args.from_results:
        study = load_results(args.from_results)
        p = study["params"]
        command = (
            f".venv/bin/python bench/solvability.py --deals {p['deals']} --seed "
            f"{p['seed']} --budget {p['budget']} --baseline {p['baseline']} "
            f"--processes {p['processes']}"
        )
        text = report(
            study,
            summarize(study),
            command,
            args.from_results.name,
            date=args.from_results.stem.rsplit("-", 3)[-3:],
        )
        print(text)
        if not args.no_write:
            (REPO / "docs" / "SOLVABILITY.md").write_text(text, encoding="utf-8")
        return
    command = (
        f"`.venv/bin/python bench/solvability.py --deals {args.deals} --seed {args.seed} "
        f"--budget {args.budget} "
        f"--baseline {args.baseline} --processes {args.processes}"
    ).strip("`")
    print(
        f"solvability: {args.deals:,} deals (seed {args.seed}), budget {args.budget:,} "
        f"positions, naive floor on {args.baseline}, {args.processes} processes"
    )
    study = run(args)
    summary = summarize(study)
    raw_name = f"solvability-{dt.date.today().isoformat()}.jsonl"
    text = report(study, summary, command, raw_name)
    print(text)
    if not args.no_write:
        raw = REPO / "bench" / "results" / raw_name
        raw.parent.mkdir(parents=True, exist_ok=True)
        with raw.open("w", encoding="utf-8") as out:
            header = {
                k: study[k] for k in ("params", "machine_before", "machine_after", "wall_seconds")
            }
            out.write(json.dumps({"study": header}) + "\n")
            order = {code: i for i, code in enumerate(study["order"])}
            for row in sorted(study["rows"], key=lambda r: (r["kind"], order[r["code"]])):
                out.write(json.dumps(row) + "\n")
        (REPO / "docs" / "SOLVABILITY.md").write_text(text, encoding="utf-8")
        print(f"wrote docs/SOLVABILITY.md and bench/results/{raw_name}")
    if summary["replay_failures"] or summary["disagreements"]:
        raise SystemExit("a winning line failed to replay or the searches disagree")


if __name__ == "__main__":
    main()
