"""Engine throughput: legal-move generation, apply+undo, full random games, deal generation.

Run from the repo root: ``.venv/bin/python bench/engine.py`` (or ``make bench``). Fixed seed,
plain ``time.perf_counter`` loops, about 15 s in all. Figures depend on the machine.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.engine import Board, DealCode, Status

SEED = 2026
BUDGET = 3.0  # seconds per measurement


def timed(step, budget: float = BUDGET) -> float:
    """Call ``step()`` (which does one unit of work) until ``budget`` seconds pass; units/s."""
    count, start = 0, time.perf_counter()
    deadline = start + budget
    while True:
        for _ in range(50):
            step()
        count += 50
        now = time.perf_counter()
        if now >= deadline:
            return count / (now - start)


def sample_boards(rng: random.Random, count: int = 200) -> list[Board]:
    """Boards part-way through random games: more varied than fresh deals."""
    boards = []
    for _ in range(count):
        board = Board(DealCode(rng.randrange(1_000_000)).layout())
        for _ in range(rng.randrange(12)):
            moves = board.legal_moves()
            if not moves:
                break
            board.push(rng.choice(moves))
        boards.append(board)
    return boards


def random_game(rng: random.Random) -> Board:
    board = Board(DealCode(rng.randrange(1_000_000)).layout())
    while board.status is Status.PLAYING:
        board.push(rng.choice(board.legal_moves()))
    return board


def main() -> None:
    rng = random.Random(SEED)
    boards = sample_boards(rng)
    playable = [b for b in boards if b.legal_moves()]
    print(f"engine bench (seed {SEED}, {BUDGET:.0f} s per figure)")

    cursor = iter(range(10**12))
    rate = timed(lambda: boards[next(cursor) % len(boards)].legal_moves())
    print(f"  legal-move generation   {rate:12,.0f} positions/s")

    pairs = [(b, b.legal_moves()[0]) for b in playable]

    def apply_undo():
        board, move = pairs[next(cursor) % len(pairs)]
        board.push(move)
        board.undo()

    rate = timed(apply_undo)
    print(f"  apply + undo            {rate:12,.0f} pairs/s")

    won = []
    rate = timed(lambda: won.append(random_game(rng).status is Status.WON))
    print(f"  full random games       {rate:12,.0f} games/s   ({sum(won)} won of {len(won)})")

    rate = timed(lambda: DealCode(rng.randrange(26**7)).layout())
    print(f"  deal generation         {1e6 / rate:12,.1f} µs/layout ({rate:,.0f} layouts/s)")


if __name__ == "__main__":
    main()
