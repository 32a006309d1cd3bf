"""What every load measurement shares: a timed window, latencies and CPU by component."""

from __future__ import annotations

import asyncio
import json
import random
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


class Pace:
    """When a client makes its next move.

    Closed loop (no ``rate``): at once, each client as fast as its replies come back. Open loop
    (``rate`` moves/s): moves arrive at that mean rate whatever the service does, as players make
    them (Poisson arrivals; ``uniform`` spaces them evenly); an idle client takes the next one,
    and a move waits in line while every client is busy. :meth:`next` gives the time the move
    arrived, from which its latency is counted, so the wait in line counts too (no coordinated
    omission), and None once the measurement is over.
    """

    def __init__(self, rate: float | None = None, uniform: bool = False, seed: int = 0):
        self.rate, self.uniform = rate, uniform
        self.rng = random.Random(seed)
        self.arrivals: asyncio.Queue[float | None] = asyncio.Queue()
        self.closed = False

    async def next(self) -> float | None:
        if self.closed:
            return None
        if self.rate is None:
            return time.perf_counter()
        return await self.arrivals.get()

    async def produce(self) -> None:
        """Put the moves' arrival times in line at ``rate`` until :meth:`close`."""
        due = time.perf_counter()
        while not self.closed:
            gap = 1 / self.rate if self.uniform else self.rng.expovariate(self.rate)
            due += gap
            delay = due - time.perf_counter()
            if delay > 0:
                await asyncio.sleep(delay)
            if not self.closed:
                self.arrivals.put_nowait(due)

    def close(self, clients: int) -> None:
        """No more moves: what is still in line is dropped, and each client is told to stop."""
        self.closed = True
        while not self.arrivals.empty():
            self.arrivals.get_nowait()
        for _ in range(clients):
            self.arrivals.put_nowait(None)


async def measure_moves(
    play,
    stack: Stack,
    clients: int,
    warmup: float,
    seconds: float,
    rate: float | None = None,
    uniform: bool = False,
) -> dict:
    """``clients`` copies of ``play`` against the stack, closed loop, or open loop at ``rate``
    moves/s (:class:`Pace`; ``play`` must then take it as ``pace=``)."""
    window, stop = Window(), asyncio.Event()
    host, port = stack.entry
    extra = {} if rate is None else {"pace": Pace(rate, uniform)}
    players = [
        asyncio.create_task(play(i, host, port, window, stop, **extra)) for i in range(clients)
    ]
    producer = asyncio.create_task(extra["pace"].produce()) if extra else None
    await window.run(stack, warmup, seconds)
    stop.set()
    if extra:
        extra["pace"].close(clients)
        await producer
    await asyncio.gather(*players)
    result = window.summary("moves")
    if rate is not None:
        result["offered_per_s"] = rate
    return result


#: The open loop's offered rates, as fractions of the closed loop's capacity.
CURVE_FRACTIONS = (0.1, 0.25, 0.5, 0.75, 0.9, 1.0)


async def open_loop_curve(
    play,
    stack: Stack,
    clients: int,
    warmup: float,
    seconds: float,
    rates: list[float] | None = None,
    uniform: bool = False,
) -> dict:
    """The curve offered rate → p50/p99: at each of ``rates``, or, without them, at
    :data:`CURVE_FRACTIONS` of the capacity a closed-loop run measures first."""
    capacity = None
    if not rates:
        closed = await measure_moves(play, stack, clients, warmup, seconds)
        capacity = closed["moves_per_s"]
        rates = [round(capacity * f, 1) for f in CURVE_FRACTIONS if capacity * f > 0]
    points = []
    for rate in rates:
        point = await measure_moves(play, stack, clients, warmup, seconds, rate, uniform)
        points.append(point)
        print(curve_row(point), flush=True)
    return {"capacity_moves_per_s": capacity, "curve": points}


def curve_row(point: dict) -> str:
    """One point of the curve, for people."""
    return (
        f"offered {point['offered_per_s']:>8.1f}/s  served {point['moves_per_s']:>8.1f}/s  "
        f"p50 {point['p50_ms']:>8.1f} ms  p99 {point['p99_ms']:>8.1f} ms  "
        f"errors {point['errors']}  load {load_average():.2f}"
    )


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
    parser.add_argument(
        "--open-loop",
        action="store_true",
        help="moves arrive at fixed rates (the clients are the most in flight at once); prints "
        "the curve rate -> p50/p99, up to the closed loop's capacity unless --rates says",
    )
    parser.add_argument("--rates", help="the open loop's offered moves/s, comma-separated")
    parser.add_argument("--uniform", action="store_true", help="evenly spaced, not Poisson")
    args = parser.parse_args()
    rates = [float(r) for r in args.rates.split(",")] if args.rates else None
    prepare()
    reset()
    with Stack(args.stack) as stack:
        if args.open_loop or rates:
            curve = open_loop_curve(
                play, stack, args.clients, args.warmup, args.seconds, rates, args.uniform
            )
            result = {"mode": "open_loop", **asyncio.run(curve)}
        else:
            measured = measure_moves(play, stack, args.clients, args.warmup, args.seconds)
            result = {"mode": "closed_loop", **asyncio.run(measured)}
    emit({"measurement": measurement, "stack": args.stack, "clients": args.clients, **result})
