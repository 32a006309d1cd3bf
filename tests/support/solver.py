"""A depth-first Half Moon solver, for TESTS ONLY.

Players never reach it (SPEC §3: no solver, no hint). Tests use it to get won games: to check
the won-game invariants and to win a game over the API or in a browser.

The search plays on a real :class:`games.engine.Board` (its ``legal_moves``/``push``/``undo``),
so it follows the engine's rules rather than a copy of them. A table is identified by its pile
heights and which reserve slots are still full (cards never come back, so that fixes every
card), and a table already searched is not searched again.
"""

from __future__ import annotations

from games.engine import DEAL_COUNT, PUBLIC_KEY, Board, DealCode, Layout, Move

DEFAULT_NODE_LIMIT = 5_000


class _OutOfNodes(Exception):
    pass


def _table_key(board: Board) -> int:
    """Pile heights (4 bits each) and reserve occupancy (1 bit each) packed in one integer."""
    key = 0
    for pile in board.piles:
        key = (key << 4) | len(pile)
    for card in board.reserve:
        key = (key << 1) | (card is not None)
    return key


def _ordered(board: Board, moves: list[Move]) -> list[Move]:
    """Try first the moves that uncover most pile cards, from the tallest piles.

    Reserve cards stay playable whatever happens, so spending them early only loses options;
    taking from tall piles digs towards the cards that are hardest to reach.
    """
    piles = board.piles

    def weight(move: Move):
        from_piles = [len(piles[p]) for p in move.positions if p < 12]
        return (-len(from_piles), -sum(from_piles))

    return sorted(moves, key=weight)


def solve(layout: Layout, node_limit: int = DEFAULT_NODE_LIMIT) -> list[Move] | None:
    """A list of moves that wins ``layout``, or None when none was found within ``node_limit``
    tables (None does not prove the deal unwinnable unless the search space was exhausted)."""
    board = Board(layout)
    seen: set[int] = set()
    path: list[Move] = []

    def search() -> bool:
        if board.cards_left == 0:
            return True
        key = _table_key(board)
        if key in seen:
            return False
        if len(seen) >= node_limit:
            raise _OutOfNodes
        seen.add(key)
        for move in _ordered(board, board.legal_moves()):
            board.push(move)
            path.append(move)
            if search():
                return True
            path.pop()
            board.undo()
        return False

    try:
        return path if search() else None
    except _OutOfNodes:
        return None


def find_winnable_code(
    key: bytes = PUBLIC_KEY, start: int = 0, tries: int = 50, node_limit: int = DEFAULT_NODE_LIMIT
) -> tuple[DealCode, list[Move]]:
    """The first deal from number ``start`` on (at most ``tries`` deals) that the solver wins,
    with its winning moves. Raises LookupError when none of them is won."""
    for number in range(start, min(start + tries, DEAL_COUNT)):
        code = DealCode(number)
        moves = solve(code.layout(key), node_limit=node_limit)
        if moves is not None:
            return code, moves
    raise LookupError(f"No deal from {start} to {start + tries - 1} was won by the solver.")
