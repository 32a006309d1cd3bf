"""The open loop of the move benches (``bench.perf.measure.Pace``): moves arrive at the offered
rate whatever the server does, a move's latency counts from its arrival (the wait in line
included), and closing it stops every client."""

import asyncio
import itertools
import time

import pytest

from bench.perf.measure import Pace


async def until(condition, seconds: float = 5.0) -> None:
    deadline = time.perf_counter() + seconds
    while not condition():
        if time.perf_counter() > deadline:
            raise AssertionError("the condition did not hold in time")
        await asyncio.sleep(0.001)


def test_the_closed_loop_moves_at_once_and_stops_when_closed():
    async def scenario():
        pace = Pace()
        before = time.perf_counter()
        first = await pace.next()
        pace.close(1)
        return before, first, await pace.next()

    before, first, after_close = asyncio.run(scenario())
    assert first >= before and after_close is None


@pytest.mark.parametrize("uniform", [True, False])
def test_moves_arrive_at_the_rate_and_wait_in_line_while_clients_are_busy(uniform):
    async def scenario():
        pace = Pace(rate=200, uniform=uniform, seed=3)
        producer = asyncio.create_task(pace.produce())
        await until(lambda: pace.arrivals.qsize() >= 20)  # no client takes them: they queue
        taken = time.perf_counter()
        arrivals = [await pace.next() for _ in range(20)]
        pace.close(clients=2)
        await producer
        stopped = [await pace.next(), await pace.next()]
        left = [pace.arrivals.get_nowait() for _ in range(pace.arrivals.qsize())]
        return taken, arrivals, stopped, left

    taken, arrivals, stopped, left = asyncio.run(scenario())
    gaps = [b - a for a, b in itertools.pairwise(arrivals)]
    assert all(gap >= 0 for gap in gaps)
    if uniform:
        assert gaps == pytest.approx([1 / 200] * 19)
    else:  # Poisson: the mean gap is the rate's (19 gaps: loose bounds)
        assert 0.3 / 200 < sum(gaps) / len(gaps) < 3 / 200
    # A move's start is when it arrived, before a client took it: the queue's wait counts.
    assert arrivals[0] < arrivals[-1] <= taken
    # What was in line was dropped: only each client's stop is left.
    assert stopped == [None, None] and left == [None, None]
