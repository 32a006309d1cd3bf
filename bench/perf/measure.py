"""What every load measurement shares: a timed window, latencies and CPU by component."""

from __future__ import annotations

import asyncio
import json
import resource
import statistics
import time
from collections import Counter
from dataclasses import dataclass, field

from .stack import Stack, system_cpu


def load_average() -> float:
    with open("/proc/loadavg") as handle:
        return float(handle.read().split()[0])


def client_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


@dataclass
class Window:
    """Counts what completes between :meth:`open` and :meth:`close`."""

    measuring: bool = False
    latencies: list[float] = field(default_factory=list)
    outcomes: Counter = field(default_factory=Counter)
    started: float = 0.0
    seconds: float = 0.0
    cpu: dict = field(default_factory=dict)

    def record(self, latency: float, outcome: str) -> None:
        if self.measuring:
            self.latencies.append(latency)
            self.outcomes[outcome] += 1

    async def run(self, stack: Stack, warmup: float, seconds: float) -> None:
        await asyncio.sleep(warmup)
        before, client_before = system_cpu(stack), client_cpu()
        self.started, self.measuring = time.perf_counter(), True
        await asyncio.sleep(seconds)
        self.measuring = False
        self.seconds = time.perf_counter() - self.started
        after = system_cpu(stack)
        self.cpu = {k: _delta(before[k], after[k]) for k in after}
        self.cpu["load_generator"] = client_cpu() - client_before

    def summary(self, unit: str) -> dict:
        ok = self.outcomes.get("ok", 0)
        ordered = sorted(self.latencies) or [0.0]
        per_move = {k: round(v / ok * 1e6) if ok else None for k, v in self.cpu.items()}
        return {
            f"{unit}_per_s": round(ok / self.seconds, 1) if self.seconds else 0.0,
            "p50_ms": round(statistics.median(ordered) * 1000, 2),
            "p99_ms": round(ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))] * 1000, 2),
            "completed": ok,
            "errors": sum(self.outcomes.values()) - ok,
            "outcomes": dict(self.outcomes),
            "seconds": round(self.seconds, 2),
            "cpu_us_per_move": per_move,
            "cpu_cores_busy": {k: round(v / self.seconds, 2) for k, v in self.cpu.items()},
        }


def _delta(before, after) -> float:
    """Seconds between two readings; per-process readings count processes alive at the end."""
    if isinstance(after, dict):
        return sum(value - before.get(pid, 0.0) for pid, value in after.items())
    return after - before


def emit(result: dict) -> None:
    """The last line of a measurement's output: its result as JSON (read by run_all)."""
    result.setdefault("load_average", load_average())
    print(json.dumps(result), flush=True)


async def measure_moves(play, stack: Stack, clients: int, warmup: float, seconds: float) -> dict:
    window, stop = Window(), asyncio.Event()
    host, port = stack.entry
    players = [asyncio.create_task(play(i, host, port, window, stop)) for i in range(clients)]
    await window.run(stack, warmup, seconds)
    stop.set()
    await asyncio.gather(*players)
    return window.summary("moves")


def moves_main(measurement: str, description: str, play) -> None:
    """Command line of a moves workload: ``play(index, host, port, window, stop)`` is one
    client; 64 of them run against the stack and the result is emitted as ``measurement``."""
    import argparse

    from .env import prepare, reset
    from .stack import DEFAULT_STACK, STACKS

    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--stack", choices=STACKS, default=DEFAULT_STACK)
    parser.add_argument("--clients", type=int, default=64)
    parser.add_argument("--warmup", type=float, default=3)
    parser.add_argument("--seconds", type=float, default=15)
    args = parser.parse_args()
    prepare()
    reset()
    with Stack(args.stack) as stack:
        result = asyncio.run(measure_moves(play, stack, args.clients, args.warmup, args.seconds))
    emit({"measurement": measurement, "stack": args.stack, "clients": args.clients, **result})
